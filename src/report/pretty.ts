// The report a person reads: each task, each check with a mark and its value, the diagnosis
// under a failure, and the closing count.
import type { FileCheckReport } from "../grading/check-file.js";
import type { CheckResult, Report, TaskResult } from "./types.js";
import { terminalLine as line, terminalText as text } from "./sanitize.js";
import { makeStyle, type Style } from "./style.js";
import { taskCounts } from "./task-counts.js";
import { listed } from "./words.js";

const MARKS = { pass: "✓", fail: "✗", error: "!", skip: "-" } as const;

function indent(lines: string, pad: string): string {
  return lines.split("\n").map((l) => pad + l).join("\n");
}

// Text that holds a student's lines: each line after the first goes behind a gutter, so that
// nothing the code printed or threw can stand on a line of its own and read as the grader's
// (a ✓ mark, a closing "N passed, M failed" a CI log reader counts).
const GUTTER = "│ ";
function quoted(lines: string, pad: string, first = pad): string {
  return lines.split("\n").map((l, i) => (i === 0 ? first : pad + GUTTER) + l).join("\n");
}

// Generated inputs can be long; a terminal line shows the start, the JSON report keeps it all.
// Clipped before it is escaped, so the limit counts what the student wrote.
const clip = (raw: string): string => text(raw.length > 1000 ? `${raw.slice(0, 1000)}… (${raw.length} characters)` : raw);

/** "behaviour 20/20 · schema 8/8 · ..." for the kinds beyond the evidence lines. */
function kindCounts(report: Report): string {
  const kinds = Object.entries(report.byKind ?? {}).filter(([k]) => k !== "evidence" && k !== "output");
  const counts = kinds.map(([k, v]) => ` · ${k} ${v.passed}/${v.total}`).join("");
  return `${counts}${report.seed !== undefined ? ` · seed ${report.seed}` : ""}`;
}

function renderCheck(check: CheckResult, s: Style): string[] {
  const mark = s[check.status](MARKS[check.status]);
  const value = check.kind === "evidence" ? ` ${check.actual != null ? line(check.actual) : s.dim("(no value)")}` : "";
  const label = check.kind === "evidence" ? s.bold(`${line(check.name)}:`) : line(check.title);
  const out = [`  ${mark} ${label}${value}`];
  if (check.status === "fail" || check.status === "error") {
    if (check.kind === "evidence" && check.expected !== undefined) out.push(`      ${s.dim("expected:")} ${line(check.expected)}`);
    const extra = ["behaviour", "schema", "stdio", "interop"].includes(check.kind);
    if (check.message) out.push(quoted(extra ? clip(check.message) : text(check.message), "      "));
    if (extra) {
      const pad = " ".repeat(16);
      if (check.expected !== undefined) out.push(quoted(clip(check.expected), pad, `      ${s.dim("expected:")} `));
      if (check.actual !== undefined && check.actual !== null) out.push(quoted(clip(check.actual), pad, `      ${s.dim("actual:  ")} `));
    }
    if (check.hint) out.push(indent(s.dim(`hint: ${text(check.hint)}`), "      "));
  }
  return out;
}

function renderTask(task: TaskResult, s: Style): string[] {
  const badge = task.status === "pass" ? s.pass("PASS") : task.status === "fail" ? s.fail("FAIL") : s.error("ERROR");
  const out = [`${s.bold(`Task ${task.task.slice(4)} · ${line(task.title)}`)}  ${badge} · ${line(taskCounts(task))}`];
  if (task.message) out.push(quoted(`${s[task.status === "error" ? "error" : "fail"]("!")} ${text(task.message)}`, "  "));
  if (task.standIns?.length) out.push(quoted(s.dim(`Judged with a correct copy of ${listed(task.standIns.map(line))} in place of yours, which is not right yet (not written, failing checks of its own, or not graded here): its mistakes are charged to it alone.`), "  "));
  const skipped = task.checks.filter((c) => c.status === "skip");
  for (const check of task.checks) if (check.status !== "skip") out.push(...renderCheck(check, s));
  if (skipped.length) out.push(`  ${s.skip(MARKS.skip)} ${s.dim(`skipped: ${skipped.map((c) => line(c.name)).join(", ")}`)}`);
  if (task.stderr) {
    // Most tasks may log on stderr; a task whose rule forbids it (t3_no_stderr) is graded on it.
    const judged = task.checks.find((c) => /stderr/.test(c.name) && (c.status === "fail" || c.status === "error"));
    const label = judged ? `stderr (what ${line(judged.name)} failed on):` : "stderr (shown, not graded):";
    out.push(s.dim(`  ${label}`), s.dim(quoted(text(task.stderr.trimEnd()), "    ", `    ${GUTTER}`)));
  }
  return out;
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

export function renderPretty(report: Report, color: boolean, namePack = false): string {
  const s = makeStyle(color);
  // The score (course/score.ts) beside the evidence lines it starts from: a broken rule makes them differ.
  const evidence = report.tasks.flatMap((t) => t.checks).filter((c) => c.kind === "evidence");
  const out = [`${s.bold("grade")} ${line(report.submission)}/${namePack && report.pack ? ` · ${line(report.pack)}` : ""} · score ${report.score}/${report.maxScore} · evidence ${evidence.filter((c) => c.status === "pass").length}/${evidence.length}${kindCounts(report)}`, ""];
  for (const task of report.tasks) out.push(...renderTask(task, s), "");
  if (report.evidenceFile) out.push(s.dim(`Evidence written to ${line(report.evidenceFile)} (${Object.keys(report.evidence).length} lines from your code).`));
  out.push(...closingLines(report.tasks));
  return out.join("\n") + "\n";
}

export function renderPrettyFileCheck(report: FileCheckReport, color: boolean): string {
  const s = makeStyle(color);
  const out = [`${s.bold("grade check")} ${line(report.file)} · ${report.score}/${report.maxScore} lines match their rule`, ""];
  const format = report.problems.filter((p) => p.line !== undefined);
  if (format.length) {
    out.push(s.bold("The file's format"));
    for (const p of format) out.push(`  ${s.fail(MARKS.fail)} ${line(p.message)}`);
    out.push("");
  }
  for (const task of report.tasks) out.push(...renderTask(task, s), "");
  out.push(s.dim(report.code.compared
    ? `Compared with what the code in ${line(report.code.submission)}/ prints${report.code.leftOut?.length ? ` (not for ${report.code.leftOut.join(", ")}: still the starters, so checked against the rules alone)` : ""}.`
    : `Not compared with the code: ${line(report.code.reason)}.`));
  const formatFailed = format.length;
  if (formatFailed) out.push(`${formatFailed} format problem${formatFailed > 1 ? "s" : ""} in the file`);
  out.push(...closingLines(report.tasks));
  return out.join("\n") + "\n";
}
