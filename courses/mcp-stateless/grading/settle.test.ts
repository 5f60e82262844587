// One mistake seen only beyond the fixtures, refused by a behaviour check and by the schema: one
// point, through the whole grading (the pack's settle, src/pack/behind-behaviour.ts).
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { ROOT } from "../../../test/overlay.js";
import pack from "../pack.js";

describe("mcp-stateless: a response shape wrong beyond the fixtures", () => {
  let pool: SandboxPool;
  let cwd: string;
  beforeAll(() => { pool = new SandboxPool(1, true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-settle-")); });
  afterAll(() => pool.close());

  // An unknown method's error code as a string; the request's jsonrpc copied into the answer.
  it.each([["unknown-method-code-string"], ["jsonrpc-echoed"]])("%s costs one point: the behaviour check and the schema both refuse it", async (fixture) => {
    const dir = path.join(cwd, fixture);
    cpSync(path.join(ROOT, "solutions", "mcp-stateless"), dir, { recursive: true });
    cpSync(path.join(ROOT, "test", "fixtures", "mcp-stateless", fixture), dir, { recursive: true });
    const report = await gradeSubmission({ cwd, dir: fixture, pack, tasks: ["task1", "task2", "task3", "task4"], pool, extra: { seed: 7, live: false } });
    const task2 = report.tasks[1]!;
    const failed = task2.checks.filter((c) => c.status === "fail");
    expect(failed.some((c) => c.kind === "behaviour" && c.chargedTo === undefined), failed.map((c) => c.name).join(" ")).toBe(true);
    expect(failed.filter((c) => c.kind === "schema").length).toBeGreaterThan(0);
    expect(failed.filter((c) => c.kind === "schema" && c.chargedTo === undefined)).toEqual([]);
    expect(report.maxScore - report.score).toBe(1);
  });

  // serve's lines judged through the student's own handle (grading/read-through.ts): a handle's
  // mistake that serve's out lines show again is charged to task 2's line; serve's own still costs.
  it.each([["error-id-null", 1, 0], ["notification-answered", 1, 0], ["id-null-and-serve-drops-parse-error", 1, 1]])("%s costs task 2 %i and task 4 %i", async (fixture, task2, task4) => {
    const dir = path.join(cwd, fixture);
    cpSync(path.join(ROOT, "solutions", "mcp-stateless"), dir, { recursive: true });
    cpSync(path.join(ROOT, "test", "fixtures", "mcp-stateless", fixture), dir, { recursive: true });
    const report = await gradeSubmission({ cwd, dir: fixture, pack, tasks: ["task1", "task2", "task3", "task4"], pool, extra: { seed: 7, live: false } });
    const lost = (i: number): number => report.tasks[i]!.maxScore - report.tasks[i]!.score;
    expect([lost(0), lost(1), lost(2), lost(3)]).toEqual([0, task2, 0, task4]);
    expect(report.tasks[3]!.checks.find((c) => c.name === "t4_out_ids")?.chargedTo).toBe(task4 ? "t4_parse_error_line" : "t2_responses");
  });
});
