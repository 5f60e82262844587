import { describe, expect, it } from "vitest";
import type { CheckResult, TaskResult } from "../../../src/report/types.js";
import { pointsOf as pointsUnder, scoreReport as scoreUnder, scoreTask as scoreTaskUnder } from "../../../src/pack/score.js";
import { SCORE_POLICY } from "./score-policy.js";
const pointsOf = (c: Parameters<typeof pointsUnder>[0]) => pointsUnder(c, SCORE_POLICY);
const scoreTask = (t: Parameters<typeof scoreTaskUnder>[0]) => scoreTaskUnder(t, SCORE_POLICY);
const scoreReport = <R extends Parameters<typeof scoreUnder>[0]>(r: R) => scoreUnder(r, SCORE_POLICY);

const c = (name: string, kind: string, status: CheckResult["status"] = "pass"): CheckResult => ({ name, kind, title: name, status });
const task2 = (...extra: CheckResult[]): Pick<TaskResult, "checks"> => ({
  checks: [...Array.from({ length: 9 }, (_, i) => c(`t2_e${i}`, "evidence")), c("t2_no_stdout", "output"), ...extra],
});

describe("the score policy", () => {
  it("gives a point per evidence line and nothing for the other kinds when every check passes", () => {
    expect(scoreTask(task2(c("t2_b1", "behaviour"), c("t2_stdio_clean", "stdio"), c("t2_types", "types")))).toMatchObject({ score: 9, maxScore: 9 });
  });

  it("never gives full marks to a server that prints on stdout, and charges the stdio check's same rule once", () => {
    const printing = task2(c("t2_stdio_clean", "stdio", "fail"), c("t2_interop_initialize", "interop", "fail"));
    printing.checks[9] = c("t2_no_stdout", "output", "fail");
    const points = scoreTask(printing);
    expect([points.score, points.maxScore]).toEqual([8, 9]);
    expect(points.checks.slice(9)).toEqual([-1, 0, 0]);
    // The live check alone (t2_no_stdout passed) still costs its point.
    expect(scoreTask(task2(c("t2_stdio_clean", "stdio", "fail"))).score).toBe(8);
  });

  it("takes at most a point off a task for its behaviour checks, and nothing for a skipped check or one in error", () => {
    expect(scoreTask(task2(c("b1", "behaviour", "fail"), c("b2", "behaviour", "fail"), c("b3", "behaviour", "fail"))).score).toBe(8);
    expect(scoreTask(task2(c("b1", "behaviour", "skip"))).score).toBe(9);
    // In error: the grader could not judge it (a live server that would not start here).
    expect(scoreTask(task2(c("t2_stdio_clean", "stdio", "error"))).score).toBe(9);
  });

  it("charges behaviour only when the evidence lines are all right: one bug is not charged twice", () => {
    const wrong = task2(c("b1", "behaviour", "fail"));
    wrong.checks[4] = c("t2_e4", "evidence", "fail");
    expect(scoreTask(wrong)).toMatchObject({ score: 8, maxScore: 9 });
  });

  it("never scores a task below 0, and the checks' points add up to its score", () => {
    const none = { checks: [c("t3_a", "evidence", "fail"), c("t3_no_stdout", "output", "fail"), c("t3_no_stderr", "output", "fail")] };
    expect(scoreTask(none)).toEqual({ score: 0, maxScore: 1, checks: [0, 0, 0] });
    const some = task2(c("t3_no_stderr", "output", "fail"), c("b", "schema", "fail"));
    const points = scoreTask(some);
    expect(points.checks.reduce((n, p) => n + p, 0)).toBe(points.score);
  });

  it("leaves the type check unscored and gives unknown kinds the cautious default", () => {
    expect(pointsOf({ name: "t1_types", kind: "types" })).toEqual({ earns: 0, costs: 0 });
    expect(pointsOf({ name: "x", kind: "new-kind" })).toBe(SCORE_POLICY.other);
  });

  it("scores a report as the sum of its tasks", () => {
    const report = scoreReport({ score: 99, maxScore: 99, tasks: [{ task: "task2", title: "t", status: "fail", score: 9, maxScore: 9, ...task2(c("b", "behaviour", "fail")) }] });
    expect([report.score, report.maxScore, report.tasks[0]!.score]).toEqual([8, 9, 8]);
  });
});
