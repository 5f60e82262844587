// Gradescope's autograder results.json: each check is a test, scored by the course's policy
// (course/score.ts): a check that earns points has them as its max_score, a broken rule that
// costs points has max_score 0 and a negative score, so the tests add up to the total. Kinds listed in hideKinds (for example
// behaviour) are visible only once the instructor publishes grades. Gradescope runs an autograder
// once per student; for a batch, each student's results.json, by student id. Outputs are marked
// plain text: Gradescope's default format renders some HTML, and the text is the student's.
import { pointsOf, scoreTask, type ScorePolicy } from "../pack/score.js";
import { jsonText } from "./sanitize.js";
import type { CheckResult, Report } from "./types.js";

export interface GradescopeOptions {
  /** The pack's score policy; without one, every check is worth what the report's scores say (nothing per check). */
  policy?: ScorePolicy;
  hideKinds?: readonly string[];
}

interface GradescopeTest {
  name: string;
  score: number;
  max_score: number;
  status: "passed" | "failed";
  output: string;
  visibility: "visible" | "after_published";
}

function output(check: CheckResult): string {
  if (check.status === "pass") return check.title;
  return [check.title, check.message, check.expected !== undefined ? `expected: ${check.expected}` : undefined,
    check.actual !== undefined ? `actual: ${check.actual ?? "(no value)"}` : undefined, check.hint ? `Rule: ${check.hint}` : undefined]
    .filter(Boolean).join("\n");
}

export function gradescopeResults(report: Report, options: GradescopeOptions = {}): object {
  const hidden = new Set(options.hideKinds ?? []);
  const tests: GradescopeTest[] = report.tasks.flatMap((task) => {
    const points = options.policy ? scoreTask(task, options.policy).checks : task.checks.map(() => 0);
    return task.checks.map((check, i): GradescopeTest => ({
      name: `${task.task} · ${check.name}: ${check.title}`,
      score: points[i]!, max_score: options.policy ? pointsOf(check, options.policy).earns : 0,
      status: check.status === "pass" ? "passed" : "failed",
      output: points[i]! < 0 ? `${output(check)}\n${-points[i]!} point${points[i]! === -1 ? "" : "s"} off ${task.task}: the chapter's rule is broken.` : output(check),
      visibility: hidden.has(check.kind) ? "after_published" : "visible",
    }));
  });
  const notRun = report.tasks.filter((t) => t.message).map((t) => `${t.task}: ${t.message}`);
  return {
    score: report.score, max_score: report.maxScore,
    output: [`Score ${report.score}/${report.maxScore}: a point per correct evidence line, less the points the tests below take off for rules of the chapter the code breaks.`, ...notRun].join("\n"),
    output_format: "text", test_output_format: "text", test_name_format: "text",
    visibility: "visible", stdout_visibility: "hidden", tests,
  };
}

export function renderGradescope(report: Report, options: GradescopeOptions = {}): string {
  return jsonText(gradescopeResults(report, options)) + "\n";
}

/** A batch: `{ "<student id>": <that student's results.json>, ... }`, in the batch's order. */
export function renderGradescopeBatch(reports: readonly Report[], options: GradescopeOptions = {}): string {
  return jsonText(Object.fromEntries(reports.map((r) => [r.submission, gradescopeResults(r, options)]))) + "\n";
}
