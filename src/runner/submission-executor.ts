// The executor a batch hands each submission (SandboxPool.forSubmission): the jobs it is handed
// in one tick go to one sandbox process as one request, run one after another in one context
// under the submission's one time budget; a later request gets what is left of it.
import { ranClean, type Executor, type RunOptions } from "./executor.js";
import type { Job, JobRun } from "./outcome.js";
import type { Submitted } from "./pool.js";
import { notRunAfter } from "./pool-reply.js";

/** Sends jobs as one request (pool.ts): the time limit, each job's floor, the whole budget. */
export type Submit = (jobs: Submitted[], timeoutMs: number, floorMs: number, budgetMs: number) => Promise<JobRun[]>;

export function submissionExecutor(submit: Submit, budgetMs: number, floorMs: number, bundleWaitMs: number): Executor {
  let left = budgetMs;
  let previous: Promise<unknown> = Promise.resolve();
  let batch: (Submitted & { resolve: (run: JobRun) => void; run: Promise<JobRun> })[] = [];
  const flush = (): void => {
    const jobs = batch;
    batch = [];
    previous = previous.then(async () => {
      const runs = await submit(jobs, Math.max(left, floorMs), floorMs, budgetMs);
      left -= runs.reduce((n, r) => n + r.durationMs, 0);
      runs.forEach((run, i) => jobs[i]!.resolve(run));
    });
  };
  // A job that runs after one still waiting here goes in the same request, and the sandbox
  // skips it if that one did not run clean; after one already sent, it waits for it here.
  function runJob(file: string, job: Job, run: RunOptions): Promise<JobRun> {
    const at = run.after ? batch.findIndex((b) => b.run === run.after) : -1;
    if (run.after && at < 0) {
      return run.after.then((prior) => (ranClean(prior) ? runJob(file, job, { ...run, after: undefined }) : notRunAfter(job)));
    }
    let resolve!: (run: JobRun) => void;
    const promise = new Promise<JobRun>((r) => { resolve = r; });
    if (batch.length === 0) setImmediate(flush);
    batch.push({ file, job, code: run.code, sourceMap: run.sourceMap, mapFrame: run.mapFrame, resolve, run: promise, ...(at >= 0 ? { after: at } : {}) });
    return promise;
  }
  return { bundleWaitMs, runJob };
}
