// grade status as the student reads it: one line per task, what changed since last time, and
// the next thing to do.
import type { StatusReport, TaskStatusLine } from "../student/status.js";
import { terminalLine as line, terminalText as text } from "./sanitize.js";
import { makeStyle, type Style } from "./style.js";

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

export function renderStatus(report: StatusReport, color: boolean): string {
  const s = makeStyle(color);
  const width = Math.max(...report.tasks.map((t) => t.title.length));
  const out = [
    `${s.bold("grade status")} ${line(report.submission)}/ · ${report.score}/${report.maxScore} evidence lines right · ${report.tasksDone} of ${report.tasks.length} tasks done`,
    "",
    ...report.tasks.map((t) => `  ${mark(t, s)} Task ${t.task.slice(4)} · ${t.title.padEnd(width)}  ${t.state.padEnd(12)} ${t.score}/${t.maxScore}${s.dim(change(t))}`),
    "",
    `${s.bold("Next:")} ${text(report.next.text)}`,
  ];
  out.push(s.dim(report.progressFile ? `Progress is remembered in ${line(report.progressFile)}.` : "Progress could not be saved: the submission folder is not writable."));
  return out.join("\n") + "\n";
}
