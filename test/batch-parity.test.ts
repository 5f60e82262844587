// A batch grades as `grade` does: every fixture submission of the core grader's tests, graded once
// as `grade` grades it (its own pool, a time limit per task) and once in a batch's shared pool (one
// limit per submission), gives the same report.
// Where the two may differ by design (README, "The sandbox"), the test says so.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pack from "../courses/mcp-ch2/pack.js";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import type { Report } from "../src/report/types.js";
import { makeSubmission, SUBMISSIONS, tempDir } from "./e2e/cli.js";

const FIXTURES = readdirSync(SUBMISSIONS).sort();

/**
 * What may differ: the exact text of printed output (console.log formats objects its own way),
 * and the wording of a time-out (a task that ran out of the submission's shared budget says so).
 */
function comparable(report: Report): unknown {
  return {
    ...report,
    tasks: report.tasks.map((t) => ({
      ...t, stderr: t.stderr === undefined ? undefined : "(shown)",
      message: t.message?.replace(/^It did not finish (within|in the) .*$/, "(timed out)"),
      checks: t.checks.map((c) => (c.kind === "output" && c.status === "fail" ? { ...c, actual: "(printed)", message: "(printed)" } : c)),
    })),
  };
}

describe("batch grading matches grade", () => {
  let pool: SandboxPool;
  let base: string;
  beforeAll(() => {
    pool = new SandboxPool(2, true, pack.course.sandboxSource());
    base = tempDir();
    for (const fixture of [undefined, ...FIXTURES]) makeSubmission(fixture, base);
  });
  afterAll(() => pool.close());

  it.each(["reference-solution", ...FIXTURES])("%s", async (name) => {
    // The default backstop: limits count work, and a 3 s clock stopped a flood of prints by time on a busy machine.
    const options = { cwd: base, dir: name, tasks: TASK_IDS };
    const [alone, inBatch] = await Promise.all([
      gradeSubmission(options),
      gradeSubmission({ ...options, pool }),
    ]);
    expect(comparable(inBatch)).toEqual(comparable(alone));
  });
});
