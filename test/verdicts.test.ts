// Verdicts a student can trust (issue 13), end to end through the real sandbox with every
// default check: correct code in other styles passes everything, and each mistake fails exactly
// the checks that name it, in its own task, never in another.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pack from "../courses/mcp-ch2/pack.js";
import { TASK_IDS, type TaskId } from "../courses/mcp-ch2/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import type { Report } from "../src/report/types.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import { overlay, ROOT } from "./overlay.js";

const failing = (report: Report, task: TaskId): string[] =>
  report.tasks.find((t) => t.task === task)!.checks.filter((c) => c.status !== "pass").map((c) => c.name).sort();

describe("verdicts through the sandbox", () => {
  let pool: SandboxPool;
  let cwd: string;
  // One grading per submission and options, read by every test that looks at it.
  const graded = new Map<string, Promise<Report>>();
  const grade = (fixture: string | undefined, from: string, tasks: readonly TaskId[] = TASK_IDS, live = false, typecheck = true): Promise<Report> => {
    const key = JSON.stringify([fixture, from, tasks, live, typecheck]);
    let report = graded.get(key);
    if (!report) {
      const dir = overlay(path.join(cwd, fixture ?? "reference"), fixture ? path.join(ROOT, "test", "fixtures", from, fixture) : undefined);
      graded.set(key, (report = gradeSubmission({ cwd, dir: path.relative(cwd, dir), tasks, pool, typecheck, extra: { seed: 7, live } })));
    }
    return report;
  };
  beforeAll(() => { pool = new SandboxPool(2, true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-verdicts-")); });
  afterAll(() => pool.close());

  const correct = ["arrow-consts", "class-instances", "export-list", "inferred-generic", "json-objects", "node-modules", "overloads", "own-interfaces", "own-types-records", "readonly-shapes", "undefined-no-response", "unknown-params",
    // Correct at the interface, with advice on their own code under strict (issue 20).
    "own-response-optional", "string-key-index", "plain-javascript", "implicit-any", "serve-returns-any"];
  it.each(correct)("passes %s (typed its own way) on every check", async (name) => {
    const report = await grade(name, "types");
    expect(TASK_IDS.map((t) => failing(report, t)).flat()).toEqual([]);
    expect(report.status).toBe("pass");
  });

  it("passes class-instance responses, read by their fields, with the live checks too", async () => {
    const report = await grade("class-responses", "verdicts", TASK_IDS, true);
    expect(TASK_IDS.map((t) => failing(report, t)).flat()).toEqual([]);
  });

  it("fails a key whose value is undefined in t1_keys; the wire (handle's tools/list) carries no such key", async () => {
    const report = await grade("undefined-key", "verdicts");
    expect(report.tasks[0]!.checks.find((c) => c.name === "t1_keys")).toMatchObject({ status: "fail", actual: "description,inputSchema,input_schema,name" });
    // JSON leaves the key out: handle's answers that hold the tool are right on the wire.
    expect(failing(report, "task2")).toEqual([]);
  });

  it("fails a handle that needs initialize first in the fresh-module check, and task 3 stays its own", async () => {
    const report = await grade("needs-initialize", "verdicts");
    expect(failing(report, "task2")).toContain("t2_fresh_instance");
    // serve's lists in fresh instances meet the handle before initialize: not serve's state, so its
    // fresh-instance check is skipped, at no cost (src/pack/fresh-instance.ts notOwnState).
    expect(failing(report, "task3")).toEqual(["t3_fresh_instance"]);
    expect(report.tasks.find((t) => t.task === "task3")!.checks.find((c) => c.name === "t3_fresh_instance")!.status).toBe("skip");
    expect(report.tasks.find((t) => t.task === "task3")!.score).toBe(5);
  });

  it("fails it too when the flag is kept on globalThis, which a fresh module instance does not reset", async () => {
    const report = await grade("needs-initialize-global", "verdicts");
    expect(failing(report, "task2")).toContain("t2_fresh_instance");
  });

  it("fails a serve that keeps a counter between calls (the calls after the first number their log wrong)", async () => {
    const report = await grade("counts-calls", "verdicts");
    expect(failing(report, "task3").length).toBeGreaterThan(0);
  });

  it("fails a serve that prints on stderr (t3_no_stderr) and nothing else", async () => {
    const report = await grade("serve-logs-stderr", "verdicts");
    expect(failing(report, "task3")).toEqual(["t3_no_stderr"]);
  });

  it("judges a serve that calls a wrong handle on its own loop: task 3 passes, task 2 fails, alone or together", async () => {
    for (const fixture of ["serve-own-handle", "self-contained-serve"]) {
      const all = await grade(fixture, "verdicts");
      expect(failing(all, "task2"), fixture).toContain("t2_id4_error");
      expect(failing(all, "task3"), fixture).toEqual([]);
      const alone = await grade(fixture, "verdicts", ["task3"]);
      expect(failing(alone, "task3"), fixture).toEqual([]);
      expect(alone.tasks[0]!.status).toBe(all.tasks[2]!.status);
    }
  });

  it("fails a wrong unknown-tool code in its own checks only, and an unanswered \"id\": null in t2_id_null_answered", async () => {
    const wrongCode = failing(await grade("serve-own-handle", "verdicts"), "task2");
    expect(wrongCode).toContain("t2_id4_error");
    expect(wrongCode).not.toContain("t2_id_null_answered");
    expect(failing(await grade("null-id-unanswered", "verdicts"), "task2")).toContain("t2_id_null_answered");
  });

  it("judges serve by the chapter's rules when its handle cannot be replayed, never leaves it unjudged", async () => {
    const dir = overlay(path.join(cwd, "oracle-hangs"), path.join(ROOT, "test", "fixtures", "verdicts", "oracle-hangs"));
    const report = await gradeSubmission({ cwd, dir: path.relative(cwd, dir), tasks: TASK_IDS, pool, extra: { seed: 7, live: false } });
    // handle's loop on initialize is that message's failure (each call has its own work budget):
    // its task is judged, and fails.
    expect(report.tasks[1]!.status).toBe("fail");
    expect(failing(report, "task2")).toContain("t2_init_version");
    expect(failing(report, "task3")).toContain("t3_blank_lines");
  });

  it("refuses node:fs at its import, naming the module, in the task that imports it", async () => {
    const report = await grade("imports-fs", "verdicts");
    expect(report.tasks[1]).toMatchObject({ status: "error" });
    expect(report.tasks[1]!.message).toMatch(/imports-fs\/task2\.ts:2(:\d+)?: node:fs reads and writes files/);
  });

  it.each([["stops-at-first-error", ["t2_no_arguments", "t2_several_errors"]], ["method-table", ["t2_inherited_methods"]], ["properties-lookup", ["t2_inherited_argument_names"]]] as const)(
    "fails %s exactly on the behaviour checks %j through the sandbox", async (name, checks) => {
      // These fixtures are judged on behaviour (src/behaviour/fixtures.test.ts); they are not typed for the checker.
      const report = await grade(name, "behaviour", TASK_IDS, false, false);
      const behaviour = report.tasks[1]!.checks.filter((c) => c.kind === "behaviour" && c.status !== "pass").map((c) => c.name).sort();
      expect(behaviour).toEqual([...checks].sort());
    });
});
