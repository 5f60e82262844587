// grade status as the student reads it: one line per task, what changed since last time, and
// the next thing to do.
import type { StatusReport, TaskStatusLine } from "../student/status.js";
import { gradeCommandLine } from "./command-line.js";
import { terminalLine as line, terminalText as text } from "./sanitize.js";
import { makeStyle, type Style } from "./style.js";
import { failingNames } from "./task-counts.js";

function mark(line: TaskStatusLine, s: Style): string {
  switch (line.state) {
    case "done": return s.pass("✓");
    case "does not run": return s.error("!");
    case "in progress": return s.fail("✗");
    default: return s.skip("-");
  }
}

function change(line: TaskStatusLine): string {
  const b = line.before;
  if (!b) return "";
  if (b.score === line.score && (b.status === "pass") === (line.state === "done")) return "";
  return ` (was ${b.score}/${b.maxScore} on ${b.at.slice(0, 16).replace("T", " ")} UTC)`;
}

/** The line's numbers with what they count: a failing task says which checks fail. */
function counts(t: TaskStatusLine): string {
  const evidence = t.evidence;
  if (t.state !== "in progress" || t.failing.length === 0) return evidence;
  return `${evidence} · ${t.failing.length} check${t.failing.length > 1 ? "s" : ""} failed: ${failingNames(t.failing)}`;
}

function evidenceLine(report: StatusReport): string | undefined {
  const e = report.evidence;
  if (!e) return undefined;
  const file = line(e.file);
  const run = line(gradeCommandLine("", report.submission));
  if (e.state === "current") return `Evidence: ${file} holds what your code prints now.`;
  if (e.state === "missing") return `Evidence: ${file} is not written yet; ${run} writes it.`;
  return `Evidence: ${file} is out of date (your code prints other lines now); ${run} rewrites it.`;
}

export function renderStatus(report: StatusReport, color: boolean): string {
  const s = makeStyle(color);
  const width = Math.max(...report.tasks.map((t) => t.title.length));
  const out = [
    `${s.bold("grade status")} ${line(report.submission)}/ · score ${report.score}/${report.maxScore} · ${report.evidenceRight}/${report.evidenceTotal} evidence lines right · ${report.tasksDone} of ${report.tasks.length} tasks done`,
    "",
    ...report.tasks.map((t) => `  ${mark(t, s)} Task ${t.task.slice(4)} · ${t.title.padEnd(width)}  ${t.state.padEnd(12)} ${line(counts(t))}${s.dim(change(t))}`),
    "",
    `${s.bold("Next:")} ${text(report.next.text)}`,
  ];
  const evidence = evidenceLine(report);
  if (evidence) out.push(evidence);
  out.push(s.dim(report.progressFile ? `Progress is remembered in ${line(report.progressFile)}.` : "Progress could not be saved: the working directory's .grade/ folder is not writable."));
  return out.join("\n") + "\n";
}
