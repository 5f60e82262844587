// `grade batch DIR` and `grade merge OUT...`: the class-level commands. They return data; the
// command table renders it and picks the exit code.
import { gradeBatch, type BatchResult } from "../../batch/run.js";
import { mergeBatches } from "../../batch/merge.js";
import { parseShard } from "../../batch/shard.js";
import { summarise } from "../../batch/summary.js";
import type { ExtraCheckOptions } from "../../grading/grade.js";
import { renderProgress, type BatchView } from "../../report/batch-summary.js";
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

export async function batchCommand(options: BatchCommandOptions, io: Io): Promise<{ reports: Report[]; view: BatchView; result: BatchResult }> {
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
  const result = await gradeBatch({
    cwd: options.cwd, pack: options.pack, dir: options.dir, out: options.out, jobs: parseJobs(options.jobs),
    timeoutMs: options.timeoutMs, shard: options.shard === undefined ? undefined : parseShard(options.shard),
    force: options.force ?? false, typecheck: options.typecheck ?? false, onProgress: progress, ...(options.extra ? { grade: { extra: options.extra } } : {}),
  });
  const view: BatchView = { summary: summarise(result.reports), graded: result.graded, skipped: result.skipped, durationMs: result.durationMs, out: options.out, broken: result.broken };
  return { reports: result.reports, view, result };
}

export function mergeCommand(options: { cwd: string; inputs: string[]; out: string; pack?: Pick<Pack, "tasks" | "title"> }): { reports: Report[]; view: BatchView } {
  const started = Date.now();
  const reports = mergeBatches(options);
  return { reports, view: { summary: summarise(reports), graded: 0, skipped: 0, durationMs: Date.now() - started, out: options.out, broken: [], mergedFrom: options.inputs.length } };
}
