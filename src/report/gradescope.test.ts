import { describe, expect, it } from "vitest";
import { gradescopeResults, renderGradescope, renderGradescopeBatch } from "./gradescope.js";
import { HOSTILE, hostileReport, runnerCommands, terminalHazards } from "./hostile.js";
import { SAMPLE_REPORT } from "./sample-report.js";
import { scoreReport } from "../pack/score.js";
import { SCORE_POLICY } from "../../courses/mcp-ch2/course/score-policy.js";

const policy = SCORE_POLICY;

interface Test { name: string; score: number; max_score: number; status: string; output: string; visibility: string }

describe("gradescope reporter", () => {
  it("gives the score, the maximum and a test per check with Gradescope's fields", () => {
    const results = gradescopeResults(SAMPLE_REPORT, { policy }) as { score: number; max_score: number; tests: Test[] };
    expect(results.score).toBe(2);
    expect(results.max_score).toBe(12);
    expect(results.tests).toHaveLength(6);
    for (const t of results.tests) {
      expect(Object.keys(t).sort()).toEqual(["max_score", "name", "output", "score", "status", "visibility"]);
      expect(["passed", "failed"]).toContain(t.status);
    }
    const evidence = results.tests.filter((t) => t.max_score === 1);
    expect(evidence).toHaveLength(4);
    // The tests' points are the course's score policy's (course/score.ts): on this report task1's
    // failed behaviour check costs nothing (an evidence line already failed), its output check is in error.
    expect(results.tests.reduce((n, t) => n + t.score, 0)).toBe(scoreReport(SAMPLE_REPORT, policy).score);
    expect(results.tests.filter((t) => t.score < 0)).toEqual([]);
    const printing = { ...SAMPLE_REPORT.tasks[0]!, checks: SAMPLE_REPORT.tasks[0]!.checks.map((c) => (c.name === "t1_no_stdout" ? { ...c, status: "fail" as const } : c)) };
    const charged = gradescopeResults(scoreReport({ ...SAMPLE_REPORT, tasks: [printing] }, policy), { policy }) as { score: number; tests: Test[] };
    expect(charged.tests.filter((t) => t.score < 0).map((t) => [t.name, t.score, t.max_score])).toEqual([["task1 · t1_no_stdout: prints nothing", -1, 0]]);
    expect(charged.tests.reduce((n, t) => n + t.score, 0)).toBe(charged.score);
    expect(results.tests.find((t) => t.name.includes("t1_name_description_unchanged"))!.output).toContain("expected: True\nactual: False");
  });

  it("hides the kinds it is told to until grades are published", () => {
    const shown = gradescopeResults(SAMPLE_REPORT, { policy }) as { tests: Test[] };
    expect(shown.tests.every((t) => t.visibility === "visible")).toBe(true);
    const hidden = gradescopeResults(SAMPLE_REPORT, { policy, hideKinds: ["behaviour"] }) as { tests: Test[] };
    expect(hidden.tests.filter((t) => t.visibility === "after_published").map((t) => t.name)).toEqual(["task1 · t1_shape: works on other tools"]);
  });

  it("gives a batch each student's results.json, by student id, hiding the same kinds", () => {
    const other = { ...SAMPLE_REPORT, submission: "bob", score: 0 };
    const batch = JSON.parse(renderGradescopeBatch([SAMPLE_REPORT, other], { policy, hideKinds: ["behaviour"] })) as Record<string, unknown>;
    expect(Object.keys(batch)).toEqual([SAMPLE_REPORT.submission, "bob"]);
    expect(batch[SAMPLE_REPORT.submission]).toEqual(gradescopeResults(SAMPLE_REPORT, { policy, hideKinds: ["behaviour"] }));
    expect((batch.bob as { score: number }).score).toBe(0);
  });

  it("marks every output plain text, so Gradescope renders none of the student's HTML", () => {
    expect(gradescopeResults(SAMPLE_REPORT, { policy })).toMatchObject({ output_format: "text", test_output_format: "text", test_name_format: "text" });
  });

  it("carries a hostile submission's text exactly, with nothing raw a terminal or CI runner acts on", () => {
    const report = hostileReport();
    for (const text of [renderGradescope(report, { policy }), renderGradescopeBatch([report], { policy })]) {
      expect(terminalHazards(text)).toEqual([]);
      expect(runnerCommands(text)).toEqual([]);
    }
    expect(JSON.parse(renderGradescope(report, { policy }))).toEqual(gradescopeResults(report, { policy }));
    expect(Object.keys(JSON.parse(renderGradescopeBatch([report], { policy })) as object)).toEqual([`students/${HOSTILE}`]);
    expect((gradescopeResults(report, { policy }) as { tests: Test[] }).tests[0]!.output).toContain(`actual: ${HOSTILE}`);
  });
});
