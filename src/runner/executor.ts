// How a bundled task gets run: by a sandbox pool (pool.ts), `grade`'s own or a batch's shared
// one, behind one contract, so grading code never changes.
import type { Job, JobRun } from "./outcome.js";

export interface RunOptions {
  timeoutMs: number;
  /** The bundle's text (bundles are kept in memory; `file` only names it, for source maps). */
  code: string;
  /** Its source map, when kept apart from the code. */
  sourceMap?: string;
}

export interface Executor {
  runJob(file: string, job: Job, options: RunOptions): Promise<JobRun>;
  /** How long a submission's compiling may wait to share an esbuild build with others (bundle-group.ts). */
  bundleWaitMs?: number;
}
