// A throw on one fixture call costs the lines that read that call (src/pack/failed-call.ts),
// through the whole grading: the lines that read the other calls are judged, the lines that read
// every answer are charged to the failed call's own line, and code that throws on everything it
// has not seen keeps nothing by throwing on a fixture too.
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { ROOT } from "../../../test/overlay.js";
import pack from "../pack.js";

const TASKS = ["task1", "task2", "task3", "task4"];

describe("mcp-stateless: a throw on one fixture call", () => {
  let pool: SandboxPool;
  let cwd: string;
  beforeAll(() => { pool = new SandboxPool(1, true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-failed-calls-")); });
  afterAll(() => pool.close());

  async function grade(fixture: string) {
    const dir = path.join(cwd, fixture);
    cpSync(path.join(ROOT, "solutions", "mcp-stateless"), dir, { recursive: true });
    cpSync(path.join(ROOT, "test", "fixtures", "mcp-stateless", fixture), dir, { recursive: true });
    const report = await gradeSubmission({ cwd, dir: fixture, pack, tasks: TASKS, pool, extra: { seed: 7, live: false } });
    const failing = report.tasks.map((t) => `${t.task} ${t.score}/${t.maxScore}: ${t.checks.filter((c) => c.status === "fail" && !c.chargedTo).map((c) => c.name).join(" ")}`).join("\n");
    return { report, failing };
  }

  it("on the unknown tool costs the unknown tool's line; the count and the envelopes are charged there", async () => {
    const { report, failing } = await grade("unknown-tool-throws");
    expect(report.maxScore - report.score, failing).toBe(1);
    const task2 = report.tasks[1]!;
    expect(task2.status).toBe("fail");
    const line = (name: string) => task2.checks.find((c) => c.name === name)!;
    expect(line("t2_unknown_tool_error").message).toMatch(/^For handle\(.*"id":6.*\): handle threw Error: unknown tool: delete_everything \(at .*task2\.ts:65:\d+\)/s);
    // The envelopes read through t2_responses (their readsThrough), which is charged to the line.
    expect(line("t2_responses").chargedTo).toBe("t2_unknown_tool_error");
    for (const name of ["t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints"]) expect(line(name).chargedTo, name).toMatch(/^(t2_responses|t2_unknown_tool_error)$/);
    // The lines that read the other answers were computed, and are right.
    expect(line("t2_a100_structured").status).toBe("pass");
    expect(line("t2_cancel_accept_text").status).toBe("pass");
  });

  it("in checkArgs on a value that is not a string costs that case's line alone: the rules' inputs of exactly its case, and the order line, are charged there", async () => {
    const { report, failing } = await grade("checkargs-throws-on-number");
    expect(JSON.stringify(report.tasks.map((t) => [t.task, t.score, t.standIns ?? null])), failing).toEqual(JSON.stringify([["task1", 4, null], ["task2", 16, ["task1.ts"]], ["task3", 17, null], ["task4", 3, null]]));
    const checks = report.tasks[0]!.checks;
    const of = (name: string) => checks.find((c) => c.name === name)!;
    expect(checks.filter((c) => c.status === "fail" && c.chargedTo === undefined && c.kind === "evidence").map((c) => c.name)).toEqual(["t1_wrong_type"]);
    expect(of("t1_problem_order").chargedTo).toBe("t1_wrong_type");
    // Its rule's inputs all hold the failed case: no verdict of its own, never a pass.
    expect(of("t1_same_problem_order").status).toBe("skip");
    expect(of("t1_same_valid").status).toBe("skip");
    // Inputs of other kinds (a missing name and a value that is not a string) are no fixture's case: they still fail.
    expect(of("t1_generated_args").status).toBe("fail");
  });

  it("keeps nothing for a checkArgs that answers the page's calls from a table and throws on the rest, the two cases with a number included", async () => {
    const { report, failing } = await grade("checkargs-table-throws");
    expect(report.tasks[0]!.score, failing).toBe(0);
    expect(report.tasks[0]!.checks.find((c) => c.name === "t1_problem_order")!.chargedTo).toBeUndefined();
  });

  it("keeps nothing for a handle that throws on every id it has not seen and on a fixture's", async () => {
    const { report, failing } = await grade("game-known-ids-throws");
    expect(report.tasks[1]!.score, failing).toBe(0);
  });
});
