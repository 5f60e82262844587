// GitHub Actions: workflow commands that annotate the task file of each failing check, and a
// Markdown summary for the job's page. Both are pure; appending the summary to
// $GITHUB_STEP_SUMMARY is the CLI's job. Every command is one line whatever the student wrote:
// its message and properties carry GitHub's escapes, the summary inert Markdown (sanitize.ts).
import { saysNotWritten } from "../sandbox/failures.js";
import { markdownText as md, workflowData as data, workflowProperty as property } from "./sanitize.js";
import type { CheckResult, Report, TaskResult } from "./types.js";

/** The line a message points at ("at dir/task2.ts:12:5"), else the top of the file. */
function lineOf(text: string | undefined, file: string): number {
  const match = text ? new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:(\\d+):\\d+`).exec(text) : null;
  return match ? Number(match[1]) : 1;
}

function annotation(level: "error" | "warning", file: string, line: number, title: string, message: string): string {
  return `::${level} file=${property(file)},line=${line},title=${property(title)}::${data(message)}`;
}

export interface GithubOptions {
  /**
   * The folder the report's submission names are relative to, as seen from the repository's
   * root (GITHUB_WORKSPACE, else the working directory), "/"-separated: "" for grade --dir, the
   * class folder (submissions) for grade batch. GitHub places an annotation only by that path.
   */
  root?: string;
  /** The file of a task in a submission folder (the pack's); task2.ts when absent. */
  fileOf?: (task: string) => string;
}

const join = (...parts: string[]): string => parts.filter((p) => p !== "" && p !== ".").join("/");

/**
 * GitHub shows at most 10 error annotations per step (and 50 per job) and drops the rest without
 * a word; grade annotates within it and counts the rest in the step summary.
 */
export const ANNOTATIONS_PER_STEP = 10;

/** A task's problems, the root cause first: why it did not run (or was never written), then its failing checks. */
function taskAnnotations(report: Report, task: TaskResult, root: string, fileOf: (task: string) => string): string[] {
  // Messages name the file as the report does (relative to its root); the annotation from the repository's root.
  const shown = join(report.submission, fileOf(task.task));
  const file = join(root, shown);
  const lines: string[] = [];
  // A task with a message could not run, stopped on its inputs (a throw, a loop), or was never
  // written: either way an error on its file.
  if (task.message) {
    const title = task.status === "error" ? `${task.task} did not run`
      : saysNotWritten(task.message) ? `${task.task} is not written yet` : `${task.task} did not run to the end`;
    lines.push(annotation("error", file, lineOf(task.message, shown), title, task.message));
  }
  for (const check of task.checks.filter((c) => c.status === "fail" || c.status === "error")) {
    lines.push(annotation("error", file, lineOf(check.message, shown), `${check.name}: ${check.title}`, describe(check)));
  }
  return lines;
}

/**
 * The most useful first: each student's first problem in each task, student after student, then
 * their next ones in the same order, so ten annotations reach ten students (or each task) before
 * anyone's second.
 */
function ordered(reports: readonly Report[], root: string, fileOf: (task: string) => string): string[] {
  const perStudent = reports.map((r) => r.tasks.map((t) => taskAnnotations(r, t, root, fileOf)));
  const depth = Math.max(0, ...perStudent.flat().map((a) => a.length));
  const tasks = Math.max(0, ...perStudent.map((s) => s.length));
  const out: string[] = [];
  for (let level = 0; level < depth; level++) {
    for (let t = 0; t < tasks; t++) {
      for (const student of perStudent) {
        const line = student[t]?.[level];
        if (line) out.push(line);
      }
    }
  }
  return out;
}

/** How many problems the reports have, and how many of them get an annotation. */
export function annotationCounts(reports: readonly Report[]): { problems: number; annotated: number } {
  const problems = ordered(reports, "", (task) => task).length;
  return { problems, annotated: Math.min(problems, ANNOTATIONS_PER_STEP) };
}

function describe(check: CheckResult): string {
  return [
    check.message,
    check.expected !== undefined ? `expected: ${check.expected}` : undefined,
    check.actual !== undefined ? `actual: ${check.actual ?? "(no value)"}` : undefined,
  ].filter(Boolean).join("\n");
}

export function renderGithub(reports: readonly Report[], options: GithubOptions = {}): string {
  const fileOf = options.fileOf ?? ((task: string) => `${task}.ts`);
  const all = ordered(reports, options.root ?? "", fileOf);
  // Within the limit, in the report's order; past it, the most useful first.
  const lines = all.length <= ANNOTATIONS_PER_STEP ? reports.flatMap((r) => r.tasks.flatMap((t) => taskAnnotations(r, t, options.root ?? "", fileOf))) : all.slice(0, ANNOTATIONS_PER_STEP);
  const passed = reports.filter((r) => r.status === "pass").length;
  const rest = all.length - lines.length;
  const more = rest > 0 ? `; ${rest} more problem${rest === 1 ? "" : "s"} not annotated (GitHub shows ${ANNOTATIONS_PER_STEP} per step): the step summary counts them, grade's report lists them` : "";
  lines.push(`::notice title=grade::${data(`${reports.length === 1 ? `${reports[0]!.submission}: ${reports[0]!.score}/${reports[0]!.maxScore} (${reports[0]!.status})` : `${passed} of ${reports.length} submissions pass every check`}${more}`)}`);
  return lines.join("\n") + "\n";
}

export function renderGithubSummary(reports: readonly Report[]): string {
  const out = ["## grade", ""];
  if (reports.length === 1) {
    const r = reports[0]!;
    out.push(`**${md(r.submission)}**: ${r.score}/${r.maxScore} (${r.status})`, "", "| task | status | score | first problem |", "|---|---|---|---|");
    for (const t of r.tasks) {
      const first = t.checks.find((c) => c.status === "fail" || c.status === "error");
      out.push(`| ${t.task} | ${t.status} | ${t.score}/${t.maxScore} | ${md(first ? `${first.name}: ${first.message ?? first.title}` : t.message ?? "")} |`);
    }
  } else {
    out.push("| student | status | score | problems |", "|---|---|---|---|");
    for (const r of reports) out.push(`| ${md(r.submission)} | ${r.status} | ${r.score}/${r.maxScore} | ${annotationCounts([r]).problems} |`);
  }
  const { problems, annotated } = annotationCounts(reports);
  if (problems > annotated) out.push("", `${problems} problems: the first ${annotated} are annotated on the files (GitHub shows ${ANNOTATIONS_PER_STEP} error annotations per step), the other ${problems - annotated} are not; grade's report and this table have them all.`);
  return out.join("\n") + "\n";
}
