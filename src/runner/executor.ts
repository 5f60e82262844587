// How a bundled task gets run: by a sandbox pool (pool.ts), `grade`'s own or a batch's shared
// one, behind one contract, so grading code never changes.
import type { FrameMapper } from "./bundle.js";
import type { Job, JobRun } from "./outcome.js";

export interface RunOptions {
  timeoutMs: number;
  /** The bundle's text (bundles are kept in memory; `file` only names it, for source maps). */
  code: string;
  /** Its source map, when kept apart from the code. */
  sourceMap?: string;
  /** Or how its frames map back (link.ts). */
  mapFrame?: FrameMapper;
  /**
   * An earlier job this one depends on: it runs only if that one ran clean (see ranClean), and
   * otherwise ends at once, unrun. A batch's executor sends both to the sandbox together.
   */
  after?: Promise<JobRun>;
}

/** Whether a job ran to its end with every call answered: what a job run `after` it needs. */
export const ranClean = (run: JobRun): boolean => !run.failure && run.calls.every((c) => c.ok);

export interface Executor {
  runJob(file: string, job: Job, options: RunOptions): Promise<JobRun>;
  /** How long a submission's compiling may wait to share an esbuild build with others (bundle-group.ts). */
  bundleWaitMs?: number;
}
