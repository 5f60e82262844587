// The report a person reads: each task, each check with a mark and its value, the diagnosis
// under a failure, and the closing count.
import type { FileCheckReport } from "../grading/check-file.js";
import type { CheckResult, Report, TaskResult } from "./types.js";
import { makeStyle, type Style } from "./style.js";

const MARKS = { pass: "✓", fail: "✗", error: "!", skip: "-" } as const;

function indent(text: string, pad: string): string {
  return text.split("\n").map((l) => pad + l).join("\n");
}

// Generated inputs can be long; a terminal line shows the start, the JSON report keeps it all.
const clip = (text: string): string => (text.length > 1000 ? `${text.slice(0, 1000)}… (${text.length} characters)` : text);

/** "behaviour 20/20 · schema 8/8 · ..." for the kinds beyond the evidence lines. */
function kindCounts(report: Report): string {
  const kinds = Object.entries(report.byKind ?? {}).filter(([k]) => k !== "evidence" && k !== "output");
  const counts = kinds.map(([k, v]) => ` · ${k} ${v.passed}/${v.total}`).join("");
  return `${counts}${report.seed !== undefined ? ` · seed ${report.seed}` : ""}`;
}

function renderCheck(check: CheckResult, s: Style): string[] {
  const mark = s[check.status](MARKS[check.status]);
  const value = check.kind === "evidence" ? ` ${check.actual ?? s.dim("(no value)")}` : "";
  const label = check.kind === "evidence" ? s.bold(`${check.name}:`) : check.title;
  const lines = [`  ${mark} ${label}${value}`];
  if (check.status === "fail" || check.status === "error") {
    if (check.kind === "evidence" && check.expected !== undefined) lines.push(`      ${s.dim("expected:")} ${check.expected}`);
    const extra = ["behaviour", "schema", "stdio", "interop"].includes(check.kind);
    if (check.message) lines.push(indent(extra ? clip(check.message) : check.message, "      "));
    if (extra) {
      const pad = " ".repeat(16);
      if (check.expected !== undefined) lines.push(`      ${s.dim("expected:")} ${clip(check.expected).split("\n").join(`\n${pad}`)}`);
      if (check.actual !== undefined && check.actual !== null) lines.push(`      ${s.dim("actual:  ")} ${clip(check.actual).split("\n").join(`\n${pad}`)}`);
    }
    if (check.hint) lines.push(indent(s.dim(`hint: ${check.hint}`), "      "));
  }
  return lines;
}

function renderTask(task: TaskResult, s: Style): string[] {
  const badge = task.status === "pass" ? s.pass("PASS") : task.status === "fail" ? s.fail("FAIL") : s.error("ERROR");
  const lines = [`${s.bold(`Task ${task.task.slice(4)} · ${task.title}`)}  ${badge} ${task.score}/${task.maxScore}`];
  if (task.message) lines.push(indent(`${s[task.status === "error" ? "error" : "fail"]("!")} ${task.message}`, "  "));
  const skipped = task.checks.filter((c) => c.status === "skip");
  for (const check of task.checks) if (check.status !== "skip") lines.push(...renderCheck(check, s));
  if (skipped.length) lines.push(`  ${s.skip(MARKS.skip)} ${s.dim(`skipped: ${skipped.map((c) => c.name).join(", ")}`)}`);
  if (task.stderr) lines.push(s.dim("  stderr (shown, not graded):"), s.dim(indent(task.stderr.trimEnd(), "    ")));
  return lines;
}

function closingLines(tasks: TaskResult[]): string[] {
  const all = tasks.flatMap((t) => t.checks);
  const count = (st: CheckResult["status"]): number => all.filter((c) => c.status === st).length;
  const skipped = count("skip");
  const notRun = tasks.filter((t) => t.message);
  return [
    ...(notRun.length ? [`${notRun.length} task${notRun.length > 1 ? "s" : ""} did not run to the end: ${notRun.map((t) => t.task).join(", ")}`] : []),
    `${count("pass")} passed, ${count("fail") + count("error")} failed${skipped ? `, ${skipped} skipped` : ""}`,
  ];
}

export function renderPretty(report: Report, color: boolean): string {
  const s = makeStyle(color);
  const out = [`${s.bold("grade")} ${report.submission}/ · evidence ${report.score}/${report.maxScore}${kindCounts(report)}`, ""];
  for (const task of report.tasks) out.push(...renderTask(task, s), "");
  if (report.evidenceFile) out.push(s.dim(`Evidence written to ${report.evidenceFile} (${Object.keys(report.evidence).length} lines from your code).`));
  out.push(...closingLines(report.tasks));
  return out.join("\n") + "\n";
}

export function renderPrettyFileCheck(report: FileCheckReport, color: boolean): string {
  const s = makeStyle(color);
  const out = [`${s.bold("grade check")} ${report.file} · ${report.score}/${report.maxScore} lines match their rule`, ""];
  const format = report.problems.filter((p) => p.line !== undefined);
  if (format.length) {
    out.push(s.bold("The file's format"));
    for (const p of format) out.push(`  ${s.fail(MARKS.fail)} ${p.message}`);
    out.push("");
  }
  for (const task of report.tasks) out.push(...renderTask(task, s), "");
  out.push(s.dim(report.code.compared
    ? `Compared with what the code in ${report.code.submission}/ prints.`
    : `Not compared with the code: ${report.code.reason}.`));
  const formatFailed = format.length;
  if (formatFailed) out.push(`${formatFailed} format problem${formatFailed > 1 ? "s" : ""} in the file`);
  out.push(...closingLines(report.tasks));
  return out.join("\n") + "\n";
}
