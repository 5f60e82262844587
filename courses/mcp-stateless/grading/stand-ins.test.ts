// A broken checkArgs costs task 1 alone, through the whole grading (src/grading/stand-ins.ts):
// handle and serve, which import it, are judged with the pack's copy of task 1, and the client,
// which imports nothing of it, with a work budget of its own.
import { cpSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { SandboxPool } from "../../../src/sandbox/pool.js";
import { ROOT } from "../../../test/overlay.js";
import pack from "../pack.js";

const TASKS = ["task1", "task2", "task3", "task4"];

describe("mcp-stateless: a broken checkArgs", () => {
  let pool: SandboxPool;
  let cwd: string;
  beforeAll(() => { pool = new SandboxPool(1, true, pack.course.sandboxSource()); cwd = mkdtempSync(path.join(os.tmpdir(), "grade-stand-ins-")); });
  afterAll(() => pool.close());

  async function grade(fixture: string) {
    const dir = path.join(cwd, fixture);
    cpSync(path.join(ROOT, "solutions", "mcp-stateless"), dir, { recursive: true });
    cpSync(path.join(ROOT, "test", "fixtures", "mcp-stateless", fixture), dir, { recursive: true });
    return gradeSubmission({ cwd, dir: fixture, pack, tasks: TASKS, pool, extra: { seed: 7, live: false } });
  }

  it("that never returns costs task 1's lines, and no other task's", async () => {
    const report = await grade("checkargs-loops");
    expect(report.tasks.map((t) => [t.task, t.score, t.maxScore, t.standIns])).toEqual([
      ["task1", 0, 5, undefined], ["task2", 16, 16, ["task1.ts"]], ["task3", 17, 17, undefined], ["task4", 3, 3, ["task1.ts"]],
    ]);
  });

  it("that throws on a call without arguments costs one point", async () => {
    const report = await grade("checkargs-throws-on-empty");
    expect(report.maxScore - report.score, report.tasks.map((t) => `${t.task}: ${t.checks.filter((c) => c.status === "fail").map((c) => c.name).join(" ")}`).join("\n")).toBe(1);
    expect(report.tasks[1]!.standIns).toEqual(["task1.ts"]);
  });
});
