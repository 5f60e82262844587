// Gradescope's autograder results.json: each check is a test; evidence checks score a point
// each, other checks are shown with no points. Kinds listed in hideKinds (for example
// behaviour) are visible only once the instructor publishes grades. Gradescope runs an autograder
// once per student; for a batch, each student's results.json, by student id. Outputs are marked
// plain text: Gradescope's default format renders some HTML, and the text is the student's.
import { jsonText } from "./sanitize.js";
import type { CheckResult, Report } from "./types.js";

export interface GradescopeOptions {
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
  const tests: GradescopeTest[] = report.tasks.flatMap((task) => task.checks.map((check): GradescopeTest => {
    const points = check.kind === "evidence" ? 1 : 0;
    return {
      name: `${task.task} · ${check.name}: ${check.title}`,
      score: check.status === "pass" ? points : 0, max_score: points,
      status: check.status === "pass" ? "passed" : "failed",
      output: output(check),
      visibility: hidden.has(check.kind) ? "after_published" : "visible",
    };
  }));
  const notRun = report.tasks.filter((t) => t.message).map((t) => `${t.task}: ${t.message}`);
  return {
    score: report.score, max_score: report.maxScore,
    output: [`${report.score}/${report.maxScore} evidence lines correct.`, ...notRun].join("\n"),
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
