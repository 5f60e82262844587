import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { scoreTask, withRules, type ScorePolicy } from "./score.js";

// A task of three lines: a's own rule is r1, b's are r1 and r2, c's r3; g is a general rule.
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
    ...["r1", "r2", "r3", "g", "g2"].map((r) => c(r, "behaviour", failing.includes(r) ? "fail" : statuses[r] ?? "pass")),
  ],
});
const score = (failing: string[], statuses: Record<string, CheckResult["status"]> = {}): number => scoreTask(task(failing, statuses), POLICY).score;

describe("points earned by rules", () => {
  it("gives every right line its point while its own rules hold", () => {
    expect(scoreTask(task([]), POLICY)).toMatchObject({ score: 3, maxScore: 3 });
  });

  it("keeps no point of a line whose own rule breaks on inputs it has not seen", () => {
    const points = scoreTask(task(["r1"]), POLICY);
    // r1 is a's and b's: code that does a and b only on the fixtures earns neither.
    expect(points.score).toBe(1);
    expect(points.checks).toEqual([1, 1, 1, 0, -2, 0, 0, 0, 0]);
    expect(score(["r3"])).toBe(2);
  });

  it("keeps no point at all of code that breaks every rule", () => {
    expect(score(["r1", "r2", "r3", "g", "g2"])).toBe(0);
  });

  it("takes a point more from a rule that voided its right line and skipped a rule no line shows beside it", () => {
    const t = task(["r3"]);
    t.checks[6] = { ...t.checks[6]!, ownBeside: true };
    // c's point (the table of the page's line) and r3's own skipped rule: 3 - 2.
    expect(scoreTask(t, POLICY).score).toBe(1);
    expect(scoreTask(t, POLICY).checks[6]).toBe(-2);
  });

  it("charges nothing more for a rule one of whose lines is already wrong", () => {
    expect(score(["r3"], { c: "fail" })).toBe(2);
    expect(score(["r1"], { a: "fail" })).toBe(2);
    expect(score(["r1", "r2"], { b: "fail" })).toBe(2);
  });

  it("takes one point for the general rules at full marks only, once", () => {
    expect(score(["g"])).toBe(2);
    expect(score(["g", "g2"])).toBe(2);
    expect(score(["g"], { c: "fail" })).toBe(2);
    expect(score(["g", "r3"])).toBe(2);
    expect(score([], { out: "fail" })).toBe(2);
  });

  it("costs a rule broken only beyond what its lines read as a general rule, at full marks or not, its lines keeping their points", () => {
    const beyond = (names: string[]) => {
      const t = task(names);
      return { checks: t.checks.map((check) => (names.includes(check.name) ? { ...check, beyondLines: true as const } : check)) };
    };
    // r1 (a's and b's) broke only where no fixture goes: one point, not a's and b's two.
    expect(scoreTask(beyond(["r1"]), POLICY).score).toBe(2);
    // As a general rule, once a task (a general rule beside it shares the point), but beside a
    // wrong line too: a mistake of its own.
    expect(scoreTask(beyond(["r1", "r3"]), POLICY).score).toBe(2);
    expect(scoreTask({ checks: beyond(["r1"]).checks.map((k) => (k.name === "g" ? { ...k, status: "fail" as const } : k)) }, POLICY).score).toBe(2);
    expect(scoreTask({ checks: beyond(["r1"]).checks.map((k) => (k.name === "c" ? { ...k, status: "fail" as const } : k)) }, POLICY).score).toBe(1);
  });

  it("neither earns nor costs for a rule in error or skipped", () => {
    expect(score([], { r1: "error", r2: "skip", g: "error" })).toBe(3);
  });

  it("adds up its checks' points to the score, never below 0", () => {
    for (const failing of [["r1"], ["r2", "g"], ["r1", "r3"], ["r1", "r2", "r3", "g"]]) {
      const points = scoreTask(task(failing, { out: "fail" }), POLICY);
      expect(points.checks.reduce((n, p) => n + p, 0)).toBe(points.score);
      expect(points.score).toBeGreaterThanOrEqual(0);
    }
  });

  it("gives a line charged to another check its point, and lets its rules cost as if it were right", () => {
    const charged = (name: string, chargedTo: string) => (t: ReturnType<typeof task>) => ({ checks: t.checks.map((x) => (x.name === name ? { ...x, status: "fail" as const, chargedTo } : x)) });
    // c shows another task's mistake: right for this task's own code.
    expect(scoreTask(charged("c", "t2_x")(task([])), POLICY).score).toBe(3);
    // Its own rule broken all the same: the charged line is not "already wrong", so r3 still costs.
    expect(scoreTask(charged("c", "t2_x")(task(["r3"])), POLICY).score).toBe(2);
    // b charged to a, the line that shows the mistake first: one point in all.
    expect(scoreTask(charged("b", "a")(task([], { a: "fail" })), POLICY).score).toBe(2);
  });
  describe("rules read through lines, in causes", () => {
    // g reads through line c's value, g2 through c and its rule r3; g3 and g4 are one cause read
    // through a; g5 through rule g.
    const family = (through: string[], cause?: string) => ({ earns: 0, costs: 1, through, ...(cause ? { cause } : {}) });
    const policy: ScorePolicy = {
      ...POLICY,
      lines: { a: ["r1"], b: ["r2"], c: ["r3"] },
      checks: { g: family(["c"]), g2: family(withRules(["c"], { c: ["r3"] })), g3: family(["a"], "one"), g4: family(["a"], "one"), g5: family(["g"]) },
    };
    const scored = (failing: string[], statuses: Record<string, CheckResult["status"]> = {}): number => {
      const checks = [
        ...["a", "b", "c"].map((k) => c(k, "evidence", statuses[k] ?? "pass")),
        ...["r1", "r2", "r3", "g", "g2", "g3", "g4", "g5", "h"].map((r) => c(r, "behaviour", failing.includes(r) ? "fail" : "pass")),
      ];
      return scoreTask({ checks }, policy).score;
    };

    it("costs a point for each rule skipped while its lines hold, beside other mistakes too", () => {
      expect(scored(["g"])).toBe(2);
      expect(scored(["g", "g2"])).toBe(1);
      // b is wrong, but neither g nor g2 reads through it: each is a mistake of its own.
      expect(scored(["g", "g2"], { b: "fail" })).toBe(0);
    });

    it("costs nothing for a rule whose line is wrong, or whose line's rule it names broke", () => {
      expect(scored(["g", "g2"], { c: "fail" })).toBe(2);
      expect(scored(["g2", "r3"])).toBe(2);
      // g names c's value only: r3 (c's point taken) is another mistake.
      expect(scored(["g", "r3"])).toBe(1);
    });

    it("costs one point for the checks of one cause, and nothing for a rule read through a broken one", () => {
      expect(scored(["g3", "g4"])).toBe(2);
      expect(scored(["g", "g5"])).toBe(2);
    });

    it("reads a failure that is the rule's own mistake (ownMistake) through the rest of its list, not its path", () => {
      const pathPolicy: ScorePolicy = { ...policy, checks: { ...policy.checks, g: { ...family(["c", "b"]), path: ["c"] } } };
      const scoredOwn = (failing: string[], statuses: Record<string, CheckResult["status"]>, own: boolean): number => {
        const checks = [
          ...["a", "b", "c"].map((k) => c(k, "evidence", statuses[k] ?? "pass")),
          ...["g", "g5"].map((r) => ({ ...c(r, "behaviour", failing.includes(r) ? "fail" : "pass"), ...(own && r === "g" ? { ownMistake: true as const } : {}) })),
        ];
        return scoreTask({ checks }, pathPolicy).score;
      };
      // c wrong: g costs nothing unless its failure is its own.
      expect(scoredOwn(["g"], { c: "fail" }, false)).toBe(2);
      expect(scoredOwn(["g"], { c: "fail" }, true)).toBe(1);
      // b is no part of the path: read through it as before.
      expect(scoredOwn(["g"], { b: "fail" }, true)).toBe(2);
    });

    it("charges the rest only at full marks, after those", () => {
      // h is a general rule of the kind's: one more mistake, but g already took the task from full marks.
      expect(scored(["h"])).toBe(2);
      expect(scored(["g", "h"])).toBe(2);
    });
  });
});
