// Gradescope's autograder results.json: each check is a test; evidence checks score a point
// each, other checks are shown with no points. Kinds listed in hideKinds (for example
// behaviour) are visible only once the instructor publishes grades. Gradescope runs an autograder
// once per student; for a batch, each student's results.json, by student id.
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
    visibility: "visible", stdout_visibility: "hidden", tests,
  };
}

export function renderGradescope(report: Report, options: GradescopeOptions = {}): string {
  return JSON.stringify(gradescopeResults(report, options), null, 2) + "\n";
}

/** A batch: `{ "<student id>": <that student's results.json>, ... }`, in the batch's order. */
export function renderGradescopeBatch(reports: readonly Report[], options: GradescopeOptions = {}): string {
  return JSON.stringify(Object.fromEntries(reports.map((r) => [r.submission, gradescopeResults(r, options)])), null, 2) + "\n";
}
