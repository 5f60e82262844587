// `grade batch DIR` and `grade merge OUT...`: the class-level commands. They return data; the
// command table renders it and picks the exit code.
import { BatchInterrupted, gradeBatch, type BatchResult } from "../../batch/run.js";
import { mergeBatches } from "../../batch/merge.js";
import { parseShard } from "../../batch/shard.js";
import { summarise } from "../../batch/summary.js";
import type { ExtraCheckOptions } from "../../grading/grade.js";
import { renderProgress, type BatchView } from "../../report/batch-summary.js";
import { shellWord } from "../../report/command-line.js";
import { terminalLine } from "../../report/sanitize.js";
import type { Pack } from "../../pack/types.js";
import type { Report } from "../../report/types.js";
import { UserError } from "../errors.js";
import type { Io } from "../output.js";

export interface BatchCommandOptions {
  cwd: string;
  pack: Pack;
  dir: string;
  out: string;
  jobs?: string;
  timeoutMs?: number;
  shard?: string;
  force?: boolean;
  /** Also the type check, as grade does by default (batch: off unless --typecheck). */
  typecheck?: boolean;
  /** The checks beyond the evidence lines (the live ones, when asked for, outside the sandbox). */
  extra?: ExtraCheckOptions;
}

export function parseJobs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UserError(`--jobs takes a whole number of sandbox processes from 1 to 256, got "${value}". The default is one per core.`);
  return n;
}

/** What a shell reports for a program stopped by Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

export type BatchOutcome = { reports: Report[]; view: BatchView; result: BatchResult } | { interrupted: BatchInterrupted };

/** The lines an interrupted batch ends with: what was kept, and the command that goes on from there. */
export function interruptedText(interrupted: BatchInterrupted, out: string, argv: readonly string[]): string {
  const again = ["npx grade", ...argv.map(shellWord)].join(" ");
  return terminalLine(`grade batch: interrupted after ${interrupted.done} of ${interrupted.total} submissions. Their results are saved in ${out}/.grade-state/; ${out}/results.json, grades.csv and report.html were not rewritten. To go on, run the same command again (submissions already graded are not graded again):`) + `\n  ${terminalLine(again)}\n`;
}

export async function batchCommand(options: BatchCommandOptions, io: Io): Promise<BatchOutcome> {
  let lastDraw = 0;
  const progress = io.stderrIsTTY
    ? (p: { done: number; total: number; startedAt: number }): void => {
      const now = Date.now();
      if (now - lastDraw < 100 && p.done < p.total) return;
      lastDraw = now;
      io.stderr(renderProgress(p, now));
      if (p.done === p.total) io.stderr("\n");
    }
    : undefined;
  // Ctrl-C: the submissions in flight finish and are saved, then the batch says how to resume.
  // A second Ctrl-C stops at once (what was saved is still there).
  const stop = new AbortController();
  const interrupt = (): void => {
    if (stop.signal.aborted) process.exit(EXIT_INTERRUPTED);
    stop.abort();
    io.stderr(`\nStopping: the submissions being graded finish and are saved first (Ctrl-C again to stop now)…\n`);
  };
  process.on("SIGINT", interrupt);
  let result: BatchResult;
  try {
    result = await gradeBatch({
      cwd: options.cwd, pack: options.pack, dir: options.dir, out: options.out, jobs: parseJobs(options.jobs),
      timeoutMs: options.timeoutMs, shard: options.shard === undefined ? undefined : parseShard(options.shard),
      force: options.force ?? false, typecheck: options.typecheck ?? false, onProgress: progress, ...(options.extra ? { grade: { extra: options.extra } } : {}), signal: stop.signal,
    });
  } catch (error) {
    if (!(error instanceof BatchInterrupted)) throw error;
    return { interrupted: error };
  } finally {
    process.off("SIGINT", interrupt);
  }
  const view: BatchView = { summary: summarise(result.reports), graded: result.graded, skipped: result.skipped, durationMs: result.durationMs, out: options.out, broken: result.broken };
  return { reports: result.reports, view, result };
}

export function mergeCommand(options: { cwd: string; inputs: string[]; out: string; pack?: Pick<Pack, "tasks" | "title"> }): { reports: Report[]; view: BatchView } {
  const started = Date.now();
  const reports = mergeBatches(options);
  return { reports, view: { summary: summarise(reports), graded: 0, skipped: 0, durationMs: Date.now() - started, out: options.out, broken: [], mergedFrom: options.inputs.length } };
}
