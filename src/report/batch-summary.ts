// The batch's closing screen: counts, a score histogram and the checks that failed most often,
// and the progress line shown while it runs. Pure functions of data, like every reporter.
import type { BatchSummary } from "../batch/summary.js";
import { terminalLine, terminalText } from "./sanitize.js";
import { makeStyle } from "./style.js";

export interface BatchView {
  summary: BatchSummary;
  graded: number;
  skipped: number;
  durationMs: number;
  /** Where results.json and grades.csv were written, as the user named it. */
  out?: string;
  broken: { id: string; error: string }[];
  /** Set by grade merge: how many batch outputs were joined. */
  mergedFrom?: number;
}

const BAR_WIDTH = 30;

export function renderBatchSummary(view: BatchView, color: boolean): string {
  const s = makeStyle(color);
  const { summary } = view;
  const rate = view.graded && view.durationMs ? ` at ${(view.graded / (view.durationMs / 1000)).toFixed(1)}/s` : "";
  const out = [
    `${s.bold(view.mergedFrom === undefined ? "grade batch" : "grade merge")} · ${summary.total} submission${summary.total === 1 ? "" : "s"}: ${s.pass(`${summary.passed} passed`)}, ${s.fail(`${summary.failed} failed`)}, ${s.error(`${summary.errored} errored`)}`,
    s.dim(view.mergedFrom === undefined
      ? `${view.graded} graded in ${(view.durationMs / 1000).toFixed(1)} s${rate}, ${view.skipped} unchanged since the last run`
      : `joined from ${view.mergedFrom} batch output${view.mergedFrom === 1 ? "" : "s"}`),
  ];
  if (summary.total) {
    out.push("", s.bold("Scores"));
    const peak = Math.max(1, ...summary.histogram);
    const width = String(summary.maxScore).length;
    summary.histogram.forEach((count, score) => {
      if (count === 0 && score !== 0 && score !== summary.maxScore) return;
      out.push(`  ${String(score).padStart(width)}/${summary.maxScore} ${"█".repeat(Math.ceil((count / peak) * BAR_WIDTH))} ${count}`);
    });
  }
  if (summary.mostFailed.length) {
    out.push("", s.bold("Checks failed most often"));
    for (const f of summary.mostFailed) out.push(`  ${String(f.count).padStart(5)}  ${terminalLine(f.check)}`);
  }
  if (view.broken.length) {
    out.push("", s.error(`The grader itself failed on ${view.broken.length} submission${view.broken.length === 1 ? "" : "s"} (their rows say so):`));
    for (const b of view.broken.slice(0, 10)) out.push(`  ${terminalLine(b.id)}: ${terminalText(b.error)}`);
  }
  if (view.out) {
    const dir = terminalLine(view.out);
    out.push("", s.dim(`Wrote ${dir}/results.json, ${dir}/grades.csv, ${dir}/report.html (the class report, for a browser) and ${dir}/evidence/.`));
  }
  return out.join("\n") + "\n";
}

/** One line, redrawn in place on a terminal: done/total, a bar, rate and time left. */
export function renderProgress(p: { done: number; total: number; startedAt: number }, now: number): string {
  const elapsed = Math.max(1, now - p.startedAt) / 1000;
  const rate = p.done / elapsed;
  const fraction = p.total ? p.done / p.total : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  const eta = rate > 0 ? Math.ceil((p.total - p.done) / rate) : undefined;
  return `\r[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${p.done}/${p.total}  ${rate.toFixed(1)}/s  ETA ${eta === undefined ? "?" : `${eta}s`}  `;
}
