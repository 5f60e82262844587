// Short reports of the commands that make folders: init and dist.
import type { DistReport } from "../student/dist-report.js";
import type { InitResult } from "../student/init.js";
import { renderDevCheck } from "./dev-check.js";
import { gradeCommandLine } from "./command-line.js";
import { terminalLine as line } from "./sanitize.js";
import { makeStyle } from "./style.js";

export function renderInit(result: InitResult): string {
  const commands = [
    [gradeCommandLine("watch", result.dir), "re-grades on every save and shows what to fix"],
    [gradeCommandLine("hint task1", result.dir), "when you are stuck"],
    [gradeCommandLine("status", result.dir), "where you are"],
  ].map(([command, what]) => [line(command!), what!] as const);
  const width = Math.max(...commands.map(([c]) => c.length));
  return [
    `Created ${line(result.dir)}/ with ${result.files.join(", ")}.`,
    "",
    "Next (in this folder: grade is the course repository's command, run through npx):",
    ...commands.map(([command, what]) => `  ${command.padEnd(width)}  ${what}`),
  ].join("\n") + "\n";
}

export function renderDist(report: DistReport, color: boolean): string {
  const s = makeStyle(color);
  const why = new Map<string, string[]>();
  for (const e of report.excluded) why.set(e.why, [...(why.get(e.why) ?? []), e.file]);
  const lines = [`${s.bold("grade dist student")} ${report.out}/ · ${report.copied} files copied from git's tracked files`, ""];
  for (const [reason, files] of why) lines.push(s.dim(`left out (${reason}): ${files.length > 4 ? `${files.slice(0, 4).join(", ")} and ${files.length - 4} more` : files.join(", ")}`));
  for (const a of report.adapted) lines.push(s.dim(`rewritten for students: ${a}`));
  lines.push("", renderDevCheck({ ok: report.ok, items: report.items }, color));
  if (report.notes.length) {
    lines.push(s.dim("Note: the grader's own source ships with the edition and shares these lines with a solution (students can read them):"));
    for (const n of report.notes) lines.push(s.dim(`  ${n}`));
    lines.push("");
  }
  return lines.join("\n");
}
