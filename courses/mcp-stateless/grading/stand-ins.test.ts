// A broken import costs its own task alone, through the whole grading (src/grading/stand-ins.ts):
// a broken checkArgs costs task 1, with handle and serve judged with the pack's copy of task 1 and
// the client, which imports nothing of it, with a work budget of its own; a broken handle costs
// task 2, with serve judged with the copy of handle, a machine over the orders' statuses that
// answers as the model does after the calls before it, and no better than a right handle would.
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import type { RunSpec } from "../../../src/sandbox/protocol.js";
import { standInAnswer } from "../../../src/sandbox/stand-in-answer.js";
import { standInKey } from "../../../src/json/stand-in-key.js";
import { decodeValue } from "../../../src/sandbox/value.js";
import { ROOT } from "../../../test/overlay.js";
import { messagesOfLines, newServer } from "../behaviour/model.js";
import { call } from "../course/fixtures.js";
import { ORDERS } from "../course/index.js";
import pack from "../pack.js";
import { statelessStandIn } from "./stand-ins.js";

const TASKS = ["task1", "task2", "task3", "task4"];
const FIXTURES = path.join(ROOT, "test", "fixtures", "mcp-stateless");
// A serve that returns the page's answers typed in, for any lines (test/hostile/stateless.test.ts).
const ANSWER_TABLE = path.join(ROOT, "test", "fixtures", "hostile-stateless", "hardcode-fixtures", "task4.ts");

describe("mcp-stateless: a broken import", () => {
  let pool: SandboxPool;
  let cwd: string;
  let made = 0;
  beforeAll(() => { pool = new SandboxPool(1, true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-stand-ins-")); });
  afterAll(() => pool.close());

  /** The solution with each fixture folder (or a task4.ts file) laid over it, in order. */
  async function grade(overlays: string[], tasks = TASKS) {
    const dir = `submission-${made++}`;
    cpSync(path.join(ROOT, "solutions", "mcp-stateless"), path.join(cwd, dir), { recursive: true });
    for (const o of overlays) cpSync(o.endsWith(".ts") ? o : path.join(FIXTURES, o), o.endsWith(".ts") ? path.join(cwd, dir, "task4.ts") : path.join(cwd, dir), { recursive: true });
    return gradeSubmission({ cwd, dir, pack, tasks, pool, extra: { seed: 7, live: false } });
  }
  const scores = (report: Awaited<ReturnType<typeof grade>>) => report.tasks.map((t) => [t.task, t.score, t.maxScore, t.standIns]);
  const serveFails = (report: Awaited<ReturnType<typeof grade>>) => report.tasks.find((t) => t.task === "task4")!.checks.filter((c) => c.status !== "pass").map((c) => c.name);

  it("a checkArgs that never returns costs task 1's lines, and no other task's", async () => {
    expect(scores(await grade(["checkargs-loops"]))).toEqual([
      ["task1", 0, 5, undefined], ["task2", 16, 16, ["task1.ts"]], ["task3", 17, 17, undefined], ["task4", 3, 3, ["task1.ts"]],
    ]);
  });

  it("a checkArgs that throws on a call without arguments costs one point", async () => {
    const report = await grade(["checkargs-throws-on-empty"]);
    expect(report.maxScore - report.score, report.tasks.map((t) => `${t.task}: ${t.checks.filter((c) => c.status === "fail").map((c) => c.name).join(" ")}`).join("\n")).toBe(1);
    expect(report.tasks[1]!.standIns).toEqual(["task1.ts"]);
  });

  it("a handle that throws on a notification costs task 2 alone: serve keeps its 3 points, graded with all tasks or alone", async () => {
    const all = scores(await grade(["notification-throws"]));
    expect([all[0], all[2], all[3]]).toEqual([["task1", 5, 5, undefined], ["task3", 17, 17, undefined], ["task4", 3, 3, ["task2.ts"]]]);
    // What the throw costs task 2 is task 2's own judging, never helped by a copy.
    expect(all[1]![1]).toBeLessThan(16);
    expect(all[1]![3]).toBeUndefined();
    // task 2 not graded is not known to be right: the copies of both its imports stand in.
    const alone = await grade(["notification-throws"], ["task4"]);
    expect(alone.tasks.map((t) => [t.task, t.score, t.standIns?.slice().sort()])).toEqual([["task4", 3, ["task1.ts", "task2.ts"]]]);
  });

  it("a serve that asks handle twice for each message is right with the copy too", async () => {
    expect(scores(await grade(["serve-calls-handle-twice", "notification-throws"]))[3]).toEqual(["task4", 3, 3, ["task2.ts"]]);
  });

  it("a handle whose accepted cancel changes nothing costs task 2's point, not serve's", async () => {
    expect(scores(await grade(["cancel-not-kept"]))).toEqual([
      ["task1", 5, 5, undefined], ["task2", 15, 16, undefined], ["task3", 17, 17, undefined], ["task4", 3, 3, undefined],
    ]);
  });

  it.each([
    ["serve-skips-unbraced", "serve-skips-unbraced", 2],
    ["serve-skips-only-empty", "serve-skips-only-empty", 2],
    ["hardcode-fixtures", ANSWER_TABLE, 0],
  ])("a wrong or gaming serve (%s) scores with the copy what it scores with a right handle", async (_, serve, points) => {
    const right = await grade([serve], ["task4"]);
    const broken = await grade([serve, "notification-throws"], ["task2", "task4"]);
    expect(right.tasks[0]!.score).toBe(points);
    expect(broken.tasks[1]!.score).toBe(points);
    expect(serveFails(broken)).toEqual(serveFails(right));
  });
});

describe("mcp-stateless: handle's copy", () => {
  const ACCEPT = { inputResponses: { confirm: { action: "accept", content: { confirm: true } } } };
  const line = (m: object): string => JSON.stringify(m);
  const status = (id: number, order: string): string => line(call(id, "get_order_status", { order_id: order }));
  const cancel = (id: number, order: string): string => line(call(id, "cancel_order", { order_id: order }, ACCEPT));
  const serveRun = (inputs: string[][], instance: RunSpec["instance"] = "shared"): RunSpec => ({ entry: "task4.ts", exportName: "serve", inputs: inputs.map((i) => JSON.stringify(i)), instance, stopOnFailure: false });

  /** The copy's answers to `messages`, in order, as one module instance gets them. */
  function played(copy: NonNullable<ReturnType<typeof statelessStandIn>>, messages: readonly unknown[]): unknown[] {
    let state = 0;
    return messages.map((m) => {
      const reply = standInAnswer(copy.exports["handle"]!, standInKey([m]), undefined, state);
      if (!reply) return "unknown";
      state = reply.state;
      return JSON.parse(reply.text);
    });
  }

  it("answers a status after an accepted cancel as cancelled, in whichever order the orders are cancelled", () => {
    const lists = [[status(1, "A101"), cancel(2, "A101"), status(3, "A101"), status(4, "A100")], [cancel(5, "A100"), status(4, "A100"), status(1, "A101")]];
    const copy = statelessStandIn("task2", { runs: [serveRun(lists)] })!;
    expect(copy.exports["handle"]!.states).toHaveLength(4);
    const messages = lists.flatMap(messagesOfLines);
    const model = newServer();
    expect(played(copy, messages)).toEqual(messages.map((m) => model(m)));
    // Another order of the same calls, as a fresh instance gets it: A100 cancelled first.
    const other = [lists[1]!, lists[0]!].flatMap(messagesOfLines);
    const fresh = newServer();
    expect(played(copy, other)).toEqual(other.map((m) => fresh(m)));
    expect(played(copy, [{ jsonrpc: "2.0", id: 1, method: "tools/list" }])).toEqual(["unknown"]);
  });

  it("carries its state in the module instance through the sandbox: serve's status after an accepted cancel reads cancelled, a fresh instance starts over", async () => {
    const lists = [[status(1, "A101"), cancel(2, "A101"), status(3, "A101")], [status(4, "A101")]];
    const runs = [serveRun(lists), serveRun(lists, "fresh")];
    const copy = statelessStandIn("task2", { runs })!;
    const read = (file: string): string => readFileSync(path.join(ROOT, "solutions", "mcp-stateless", file), "utf8");
    const pool = new SandboxPool(1, true, pack.course.sandboxSource());
    try {
      // task2.ts is broken: only the copy answers serve's handle calls.
      const files = { "task4.ts": read("task4.ts"), "task2.ts": "export function handle(): never { throw new Error(\"broken\"); }" };
      const reply = await pool.run({ files, standIns: { "task2.ts": copy }, refused: {}, runs, limits: { timeMs: 60_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 } });
      const statusOf = (run: number, call: number, line: number): unknown => {
        const r = reply.runs[run];
        const c = r?.status === "ran" ? r.calls[call] : undefined;
        const value = c?.ok ? decodeValue(c.value) : undefined;
        const out = value?.ok ? (value.value as { out: string[] }).out[line] : undefined;
        const text = out === undefined ? undefined : (JSON.parse(out) as { result?: { structuredContent?: { status?: unknown } } }).result?.structuredContent?.status;
        return text;
      };
      const first = ORDERS["A101"]!.status;
      expect(first).not.toBe("cancelled");
      // The shared instance: A101 as the page has it, cancelled, and still cancelled in the next serve call.
      expect([statusOf(0, 0, 0), statusOf(0, 0, 2), statusOf(0, 1, 0)]).toEqual([first, "cancelled", "cancelled"]);
      // Each call its own instance: the second starts from the orders as the page has them.
      expect([statusOf(1, 0, 2), statusOf(1, 1, 0)]).toEqual(["cancelled", first]);
    } finally {
      await pool.close();
    }
  });

  it("gives a correct serve exactly the model's answers on every run of the plan", () => {
    for (const tasks of [["task4"], TASKS]) {
      const plan = pack.plan({ tasks, has: () => true, behaviour: true, schema: true, seed: 7 });
      const copy = statelessStandIn("task2", plan)!;
      for (const run of plan.runs.filter((r) => r.entry === "task2.ts" || r.entry === "task4.ts")) {
        const inputs = run.inputs.map((text) => JSON.parse(text) as unknown);
        // Each run is one module instance (the fresh ones: each input, or group, its own).
        let at = 0;
        const instances = run.instance === "shared" ? [inputs] : (run.groups ?? inputs.map(() => 1)).map((size) => inputs.slice(at, (at += size)));
        for (const calls of instances) {
          const messages = run.entry === "task2.ts" ? calls : calls.flatMap((lines) => messagesOfLines(lines as string[]));
          const model = newServer();
          expect(played(copy, messages), `${tasks.join(",")} ${run.entry}`).toEqual(messages.map((m) => model(m)));
        }
      }
    }
  });
});
