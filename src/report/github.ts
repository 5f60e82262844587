// GitHub Actions: workflow commands that annotate the task file of each failing check, and a
// Markdown summary for the job's page. Both are pure; appending the summary to
// $GITHUB_STEP_SUMMARY is the CLI's job. Every command is one line whatever the student wrote:
// its message and properties carry GitHub's escapes, the summary inert Markdown (sanitize.ts).
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

function taskAnnotations(report: Report, task: TaskResult, root: string, fileOf: (task: string) => string): string[] {
  // Messages name the file as the report does (relative to its root); the annotation from the repository's root.
  const shown = join(report.submission, fileOf(task.task));
  const file = join(root, shown);
  const lines: string[] = [];
  // A task with a message could not run, or was never written: either way an error on its file.
  if (task.message) {
    const title = task.status === "error" ? `${task.task} did not run` : `${task.task} is not written yet`;
    lines.push(annotation("error", file, lineOf(task.message, shown), title, task.message));
  }
  for (const check of task.checks.filter((c) => c.status === "fail" || c.status === "error")) {
    lines.push(annotation("error", file, lineOf(check.message, shown), `${check.name}: ${check.title}`, describe(check)));
  }
  return lines;
}

function describe(check: CheckResult): string {
  return [
    check.message,
    check.expected !== undefined ? `expected: ${check.expected}` : undefined,
    check.actual !== undefined ? `actual: ${check.actual ?? "(no value)"}` : undefined,
  ].filter(Boolean).join("\n");
}

export function renderGithub(reports: readonly Report[], options: GithubOptions = {}): string {
  const lines = reports.flatMap((r) => r.tasks.flatMap((t) => taskAnnotations(r, t, options.root ?? "", options.fileOf ?? ((task) => `${task}.ts`))));
  const passed = reports.filter((r) => r.status === "pass").length;
  lines.push(`::notice title=grade::${data(reports.length === 1 ? `${reports[0]!.submission}: ${reports[0]!.score}/${reports[0]!.maxScore} (${reports[0]!.status})` : `${passed} of ${reports.length} submissions pass every check`)}`);
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
    out.push("| student | status | score |", "|---|---|---|");
    for (const r of reports) out.push(`| ${md(r.submission)} | ${r.status} | ${r.score}/${r.maxScore} |`);
  }
  return out.join("\n") + "\n";
}
