// How a bundled task gets run. The default spawns a process per job (run-job.ts); batch grading
// uses the sandbox pool (pool.ts). Both keep the same contract, so grading code never changes.
import type { Job, JobRun } from "./outcome.js";
import { runJob, type RunOptions } from "./run-job.js";

export interface Executor {
  /** "process": an ESM bundle run by plain node; "vm": a script for the sandbox pool. */
  format: "process" | "vm";
  /** Takes bundles in memory (RunOptions.code) instead of files. */
  inMemory?: boolean;
  runJob(file: string, job: Job, options: RunOptions): Promise<JobRun>;
  /** How long a submission's compiling may wait to share an esbuild build with others (bundle-group.ts). */
  bundleWaitMs?: number;
}

export const PROCESS_EXECUTOR: Executor = { format: "process", runJob };
