import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { scoreTask, type ScorePolicy } from "./score.js";

// A task of three lines: a shows rule r1, b shows r1 and r2, c shows r3. s is a rule no line shows.
const POLICY: ScorePolicy = {
  id: "test",
  kinds: { evidence: { earns: 1, costs: 0 }, output: { earns: 0, costs: 1 }, behaviour: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true } },
  checks: {},
  other: { earns: 0, costs: 1 },
  lines: { a: ["r1"], b: ["r1", "r2"], c: ["r3"] },
};
const c = (name: string, kind: string, status: CheckResult["status"] = "pass"): CheckResult => ({ name, kind, title: name, status });
const task = (failing: string[], statuses: Record<string, CheckResult["status"]> = {}) => ({
  checks: [
    ...["a", "b", "c"].map((k) => c(k, "evidence", statuses[k] ?? "pass")),
    c("out", "output", statuses["out"] ?? "pass"),
    ...["r1", "r2", "r3", "s"].map((r) => c(r, "behaviour", failing.includes(r) ? "fail" : statuses[r] ?? "pass")),
  ],
});

describe("points earned by rules", () => {
  it("gives every right line its point while its rules hold", () => {
    expect(scoreTask(task([]), POLICY)).toMatchObject({ score: 3, maxScore: 3 });
  });

  it("takes one point for one broken rule, however many lines show it", () => {
    const points = scoreTask(task(["r1"]), POLICY);
    expect(points.score).toBe(2);
    expect(points.checks).toEqual([1, 1, 1, 0, -1, 0, 0, 0]);
  });

  it("takes one point per broken rule, never more than the right lines they show", () => {
    expect(scoreTask(task(["r1", "r2"]), POLICY).score).toBe(1);
    // r1 and r2 show only a and b: two points at most, whatever else breaks among them.
    expect(scoreTask(task(["r1", "r2", "r3"]), POLICY).score).toBe(0);
  });

  it("charges nothing more for a rule whose lines are already wrong", () => {
    expect(scoreTask(task(["r3"], { c: "fail" }), POLICY).score).toBe(2);
    expect(scoreTask(task(["r1"], { a: "fail", b: "fail" }), POLICY).score).toBe(1);
  });

  it("keeps no point of code that breaks every rule on inputs it has not seen", () => {
    expect(scoreTask(task(["r1", "r2", "r3", "s"]), POLICY).score).toBe(0);
  });

  it("charges a rule no line shows by its kind's policy, after the lines", () => {
    // s is behaviour that no line shows: at full marks only, at most one.
    expect(scoreTask(task(["s"]), POLICY).score).toBe(2);
    expect(scoreTask(task(["s", "r3"]), POLICY).score).toBe(2);
    expect(scoreTask(task([], { out: "fail" }), POLICY).score).toBe(2);
  });

  it("neither earns nor costs for a rule in error or skipped", () => {
    expect(scoreTask(task([], { r1: "error", r2: "skip" }), POLICY).score).toBe(3);
  });

  it("adds up its checks' points to the score", () => {
    for (const failing of [["r1"], ["r2", "s"], ["r1", "r3"], ["r1", "r2", "r3", "s"]]) {
      const points = scoreTask(task(failing, { out: "fail" }), POLICY);
      expect(points.checks.reduce((n, p) => n + p, 0)).toBe(points.score);
      expect(points.score).toBeGreaterThanOrEqual(0);
    }
  });
});
