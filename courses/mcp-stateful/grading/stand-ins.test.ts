// One mistake in task 1 costs task 1's points alone when task 2 and task 3 are built on its
// builders, as the page's server and client are: through the whole grading, live checks included,
// the tasks that import task1.ts are judged again with the pack's copy (grading/stand-ins.ts).
// Each fixture of test/fixtures/mcp-stateful-builders/ is one task1.ts laid over the reference
// with on-builders/ (task 2 and task 3 calling request, notification, response, errorResponse).
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { ROOT } from "../../../test/overlay.js";
import pack from "../pack.js";

const FIXTURES = path.join(ROOT, "test", "fixtures", "mcp-stateful-builders");

describe("mcp-stateful: task 2 and task 3 built on task 1's builders", () => {
  let pool: SandboxPool;
  let cwd: string;
  beforeAll(() => { pool = new SandboxPool(1, true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-builders-")); });
  afterAll(() => pool.close());

  async function grade(fixture?: string) {
    const dir = path.join(cwd, fixture ?? "on-builders");
    cpSync(path.join(ROOT, "solutions", "mcp-stateful"), dir, { recursive: true });
    cpSync(path.join(FIXTURES, "on-builders"), dir, { recursive: true });
    if (fixture) cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
    return gradeSubmission({ cwd, dir: path.basename(dir), pack, tasks: ["task1", "task2", "task3"], pool, typecheck: false, extra: { seed: 7 } });
  }

  it("gives the builders' users full marks when task 1 is right", async () => {
    const report = await grade();
    expect(report.tasks.flatMap((t) => t.checks).filter((c) => c.status !== "pass" && c.status !== "skip").map((c) => c.name)).toEqual([]);
    expect(report.score).toBe(report.maxScore);
  });

  // [fixture, the task that imports the builder and, judged with the student's own, lost points (at 65c7e1a)]
  it.each([
    ["notification-id-null", "task2"], // the outbox's list_changed carries id null: 15/18 before
    ["error-with-result-null", "task2"], // every error response carries result null too: stdio and SDK refuse it, 15/18 before
    ["request-without-jsonrpc", "task3"], // the client's requests lack jsonrpc: 16/18 before
    ["error-data-always", "task2"], // data null on every error: a response the rules allow, so nothing is judged again
  ])("%s costs task 1's own points alone", async (fixture, importer) => {
    const report = await grade(fixture);
    const [task1, ...others] = report.tasks;
    expect(task1!.checks.some((c) => c.status === "fail")).toBe(true);
    for (const task of others) expect(task.checks.filter((c) => c.status === "fail" || c.status === "error").map((c) => c.name), task.task).toEqual([]);
    expect(report.maxScore - report.score).toBe(task1!.maxScore - task1!.score);
    const judgedAgain = report.tasks.find((t) => t.task === importer)!.standIns ?? [];
    expect(judgedAgain).toEqual(fixture === "error-data-always" ? [] : ["task1.ts"]);
  });
});
