// The few lines a run prints on stderr when every report went to a file (--reporter X=FILE): the
// score and what did not pass, so a CI log or a terminal still shows how the run went.
import { terminalLine as line } from "./sanitize.js";
import { makeStyle } from "./style.js";
import type { Report } from "./types.js";

const SHOWN = 5;

export function renderRunSummary(report: Report, color: boolean): string {
  const s = makeStyle(color);
  const broken = report.tasks.flatMap((t) => t.checks).filter((c) => c.status === "fail" || c.status === "error").map((c) => c.name);
  const notRun = report.tasks.filter((t) => t.message).map((t) => t.task);
  const status = report.status === "pass" ? s.pass("pass") : report.status === "fail" ? s.fail("fail") : s.error("error");
  const parts = [
    ...(notRun.length ? [`did not run: ${notRun.join(", ")}`] : []),
    ...(broken.length ? [`${broken.length} check${broken.length === 1 ? "" : "s"} failed: ${broken.slice(0, SHOWN).map(line).join(", ")}${broken.length > SHOWN ? ", …" : ""}`] : []),
  ];
  return `${s.bold("grade")} ${line(report.submission)}/ · score ${report.score}/${report.maxScore} · ${status}${parts.length ? ` (${parts.join("; ")})` : ""}\n`;
}
