import { describe, expect, it } from "vitest";
import pack from "../../courses/mcp-ch2/pack.js";
import type { CheckResult, Report, TaskResult } from "../report/types.js";
import { summariseKinds, withExtraChecks } from "./extra-report.js";

const ev = (status: CheckResult["status"]): CheckResult => ({ name: "t1_keys", kind: "evidence", title: "k", status });
const task = (id: TaskResult["task"], checks: CheckResult[], extra: Partial<TaskResult> = {}): TaskResult =>
  ({ task: id, title: id, status: "pass", score: 1, maxScore: 1, checks, ...extra });
const report = (tasks: TaskResult[]): Report =>
  ({ version: 1, submission: "s", status: "pass", score: 1, maxScore: 1, tasks, evidence: {} });
const extra = (name: string, kind: string, status: CheckResult["status"], message?: string): CheckResult =>
  ({ name, kind, title: name, hint: "h", status, ...(message ? { message } : {}) });

describe("withExtraChecks", () => {
  it("appends the checks after the evidence, fails the task on a failed one, and scores by the course's policy (a failed behaviour check costs its task a point)", () => {
    const r = withExtraChecks(pack, report([task("task2", [ev("pass")])]), { seed: 4, checks: { task2: [extra("b", "behaviour", "fail", "at task2.ts")] } });
    expect(r.tasks[0]!.checks.map((c) => c.name)).toEqual(["t1_keys", "b"]);
    // The checks come in as the pack judged them: their paths were made relative in grade.ts (grade.test.ts).
    expect(r.tasks[0]!.checks[1]!.message).toBe("at task2.ts");
    expect([r.status, r.tasks[0]!.status, r.score, r.maxScore, r.seed]).toEqual(["fail", "fail", 0, 1, 4]);
    expect(r.byKind).toEqual({ evidence: { passed: 1, total: 1 }, behaviour: { passed: 0, total: 1 } });
  });

  it("skips a task's extra checks with the reason when it did not run on the fixtures, and only that task's", () => {
    const broken = task("task2", [ev("skip")], { status: "error", message: "syntax error" });
    const r = withExtraChecks(pack, report([broken, task("task3", [ev("pass")])]), { checks: { task2: [extra("i", "interop", "fail")], task3: [extra("s", "behaviour", "pass")] } });
    expect(r.tasks[0]!.checks[1]).toMatchObject({ name: "i", status: "skip", message: expect.stringMatching(/task2.ts did not run on the fixtures/) });
    // Task 3 is judged on its own code: task 2's failure skips none of its checks.
    expect(r.tasks[1]!.checks[1]).toMatchObject({ name: "s", status: "pass" });
    expect(r.tasks[1]!.status).toBe("pass");
    expect(r.status).toBe("error");
  });

  it("never counts a skipped check as a pass", () => {
    const r = withExtraChecks(pack, report([task("task1", [ev("pass")])]), { checks: { task1: [extra("b", "behaviour", "skip", "not run")] } });
    expect(r.tasks[0]!.status).toBe("fail");
  });
});

describe("summariseKinds", () => {
  it("counts passed and total per kind, skipped checks included in the total", () => {
    expect(summariseKinds([task("task1", [ev("pass"), ev("skip"), extra("x", "schema", "pass")])])).toEqual({
      evidence: { passed: 1, total: 2 }, schema: { passed: 1, total: 1 },
    });
  });
});
