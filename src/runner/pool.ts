// The sandbox: a few long-lived node processes, each under Node's permission model with no
// right to read or write files, start processes or workers, each running one job at a time in a
// fresh vm context (pool-child.ts). Starting a process costs ~100 ms here; a context ~1 ms. A
// process that runs past its job's limit, or dies (out of memory), is killed and replaced; the
// job it held becomes that task's error, and no other job is touched. `grade` has a pool of its
// own; a batch shares one among its submissions.
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBuild, keptBuild, type OneBuild } from "./build-cache.js";
import type { FrameMapper } from "./bundle.js";
import { ranClean, type Executor } from "./executor.js";
import type { Job, JobRun, TaskFailure } from "./outcome.js";
import type { PoolReply, PoolRequest, SandboxJob } from "./pool-child.js";
import { notRunAfter, toJobRun } from "./pool-reply.js";
import { submissionExecutor } from "./submission-executor.js";
import { OUT_OF_MEMORY, OUTPUT_CAP, outOfMemoryFailure, timeoutFailure } from "./limits.js";
import { spawnSandbox } from "./sandbox-process.cjs";
import { encodeJob } from "./job-text.js";

const here = path.dirname(fileURLToPath(import.meta.url));
// The vm's own time limit stops a loop; this one is for whatever it cannot stop.
const HARD_KILL_GRACE_MS = 1500;
// Jobs this large are sent to a process once and named by a key after that; at most this many.
// The fixture jobs are a few hundred bytes to a few KB, and the same for every submission.
const KEYED_JOB_BYTES = 512;
const MAX_KEYS = 64;
// A batch's submissions wait this long to share an esbuild build (bundle-group.ts): measured, 40
// ms makes groups of about eight at a hundred submissions a second.
const BATCH_BUNDLE_WAIT_MS = 40;

export { SANDBOX_FLAGS } from "./sandbox-process.cjs";

interface SandboxCode {
  /** The sandbox process's main module (pool-entry.ts), run with node -e. */
  entry: string;
  /** The harness every context starts with (vm-harness.ts). */
  harness: string;
}

// Compiled once per grader process (kept between runs, build-cache.ts) while the sandbox starts.
let sandboxCode: Promise<SandboxCode> | undefined;
let keptCode: SandboxCode | undefined;
const sandboxBuild = (entry: string, format: "cjs" | "iife"): OneBuild =>
  ({ entryPoints: [path.join(here, entry)], bundle: true, platform: "node", format, target: "node20", logLevel: "silent" });
function compileSandbox(): Promise<SandboxCode> {
  sandboxCode ??= Promise.all([cachedBuild(sandboxBuild("pool-entry.ts", "cjs")), cachedBuild(sandboxBuild("vm-harness.ts", "iife"))])
    .then(([entry, harness]) => (keptCode = { entry, harness }));
  return sandboxCode;
}
/** The code kept from an earlier run (or built by this one), if still current: at once. */
function keptSandbox(): SandboxCode | undefined {
  if (keptCode) return keptCode;
  const entry = keptBuild(sandboxBuild("pool-entry.ts", "cjs"));
  const harness = entry === undefined ? undefined : keptBuild(sandboxBuild("vm-harness.ts", "iife"));
  if (entry !== undefined && harness !== undefined) keptCode = { entry, harness };
  return keptCode;
}

export interface PoolOptions {
  /** Most sandbox processes at once. */
  size: number;
  /** Started at once, before any job comes, so that their start-up overlaps compiling. */
  prestart?: number;
  /** Sandbox processes already started (spawnSandbox), that have not been sent their code yet. */
  adopt?: ChildProcess[];
  /**
   * Replace a process after this many requests: the fresh vm context of every request is only
   * freed by a full collection, so a process that lives for a whole class grows to its heap limit.
   */
  recycleAfter?: number;
  /**
   * Start a further process only once a job has waited this long for a free one: for one
   * submission, one process serves every job in a few milliseconds, and a second is worth its
   * start-up only when the first is held by a job that may never return. Default: at once.
   */
  growAfterMs?: number;
  /**
   * Send a process its next request while it still runs one (that started less than
   * PIPELINE_WITHIN_MS ago), so that it starts the next as soon as it ends, not once this
   * process has read its reply and answered: measured in a batch, that wait was about 3 ms a
   * request, a fifth of a sandbox process's time (the batch gained a few percent: its cores were
   * mostly busy already). Not for one submission (growAfterMs).
   */
  pipeline?: boolean;
}

// A request running for longer may never return: none is queued behind it.
const PIPELINE_WITHIN_MS = 50;

export interface SandboxPool extends Executor {
  /**
   * An executor for one submission: the jobs it is handed in one tick (gradeSubmission hands all
   * its tasks at once) go to one process as one request and run one after another in one
   * context, under one time budget, so a submission that never returns holds a process for its
   * limit once, not once per task, and pays for one context (submission-executor.ts).
   */
  forSubmission(budgetMs: number): Executor;
  close(): Promise<void>;
}

/** A job handed to submit(): `after` is the index of a job of the same request (SandboxJob). */
export interface Submitted {
  file: string;
  job: Job;
  code: string;
  sourceMap?: string;
  mapFrame?: FrameMapper;
  after?: number;
}

interface Entry extends Submitted {
  resolve: (run: JobRun) => void;
  settled?: boolean;
}

interface Pending {
  request: PoolRequest;
  entries: Entry[];
  /** When it was queued, then when it was sent to a process. */
  started: number;
}

interface Slot {
  child: ChildProcess;
  stderr: string;
  /** When its code was loaded (pool-entry.ts says so), or undefined while it starts. */
  readyAt?: number;
  busy?: Pending;
  /** Sent while `busy` runs (PoolOptions.pipeline): it runs next, its time counted from then. */
  next?: Pending;
  timer?: NodeJS.Timeout;
  /** Requests it has served. */
  served: number;
  /** The keys of the jobs it keeps (see SandboxJob). */
  knows: Set<number>;
}

const notRun = (first: TaskFailure): TaskFailure => ({ reason: first.reason, message: `It was not run: an earlier task of this submission brought its sandbox process down (${first.reason}).` });

/**
 * Every job of a submission gets at least this long, kept back from the jobs before it, so that
 * one task that never returns costs its neighbours their points only if they are slow too, and
 * the submission still ends within its limit.
 */
export const floorFor = (budgetMs: number): number => Math.min(budgetMs, Math.max(150, Math.round(budgetMs / 20)));

export function createSandboxPool(options: PoolOptions): SandboxPool {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  let growTimer: NodeJS.Timeout | undefined;
  // Kept from an earlier run, the code goes to each process as it starts (or is adopted),
  // whatever this process does next; a sandbox that took it before then waits for nothing.
  let code: SandboxCode | undefined = keptSandbox();
  // Otherwise after the processes are started (below): node's start-up is the longer wait.
  const codeReady = code ? Promise.resolve() : Promise.resolve().then(compileSandbox).then((c) => { code = c; pump(); });
  codeReady.catch(() => { /* each job that waits for it fails with it */ });

  const settle = (entry: Entry, run: JobRun): void => {
    if (entry.settled) return;
    entry.settled = true;
    entry.resolve(run);
  };

  /** The request's unfinished jobs after its process went away: the first gets `failure`. */
  const abandon = (pending: Pending, failure: TaskFailure): void => {
    let first = true;
    for (const entry of pending.entries) {
      if (entry.settled) continue;
      settle(entry, failedRun(entry.job, pending.started, first ? failure : notRun(failure)));
      first = false;
    }
  };

  /** A request sent behind one that brought its process down goes to another, first in line. */
  const requeueNext = (slot: Slot): void => {
    if (slot.next) queue.unshift(slot.next);
    slot.next = undefined;
  };

  /** A request starts its time in a process: the one it was sent, or the one it was queued behind. */
  const start = (slot: Slot, pending: Pending): void => {
    if (slot.next === pending) slot.next = undefined;
    slot.busy = pending;
    slot.stderr = "";
    pending.started = Date.now();
    slot.timer = setTimeout(() => {
      // The vm did not stop it: kill the whole process and report the job as timed out.
      requeueNext(slot);
      release(slot);
      slots.splice(slots.indexOf(slot), 1);
      slot.child.kill("SIGKILL");
      abandon(pending, timeoutFailure(pending.request.timeoutMs));
      pump();
    }, Math.max(pending.request.timeoutMs, pending.request.jobs.length * pending.request.floorMs) + HARD_KILL_GRACE_MS);
  };

  const release = (slot: Slot): void => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.busy = undefined;
    slot.timer = undefined;
  };

  /** Ends an idle process; pump() starts another when there is work. */
  const retire = (slot: Slot): void => {
    slots.splice(slots.indexOf(slot), 1);
    slot.child.removeAllListeners("close");
    slot.child.kill("SIGKILL");
  };

  const startSlot = (adopted?: ChildProcess): Slot => {
    const child = adopted ?? spawnSandbox();
    const slot: Slot = { child, stderr: "", served: 0, knows: new Set() };
    // Sent before any request (the channel keeps the order): at once when the code is compiled,
    // since pump() may send this process a request right after starting it.
    const sendCode = (): void => {
      if (!child.connected) return;
      child.send({ entry: code!.entry }, () => { /* a process that died is reported by its exit */ });
      child.send({ harness: code!.harness }, () => { /* likewise */ });
    };
    if (code) sendCode();
    else void codeReady.then(sendCode, () => { /* the jobs fail with it */ });
    child.stderr!.on("data", (c: Buffer) => { if (slot.stderr.length < OUTPUT_CAP) slot.stderr += c.toString("utf8"); });
    child.on("message", (message: PoolReply | PoolReply[] | { ready: true }) => {
      if ("ready" in message) { slot.readyAt = Date.now(); return; }
      // Several jobs' replies come as one message when they ended together (run-together.ts).
      for (const reply of Array.isArray(message) ? message : [message]) onReply(reply);
    });
    const onReply = (reply: PoolReply): void => {
      const pending = slot.busy;
      const entry = pending && reply.id === pending.request.id ? pending.entries[reply.index] : undefined;
      if (!pending || !entry) return; // a process runs its requests in order: `next` has not started
      let run: JobRun;
      try {
        run = toJobRun(entry.job, entry, pending.request, reply);
      } catch (error) {
        run = failedRun(entry.job, pending.started, { reason: "crash", message: `Its results could not be read (${(error as Error).message}).` });
      }
      settle(entry, run);
      if (pending.entries.every((e) => e.settled)) {
        release(slot);
        slot.served++;
        if (slot.next) start(slot, slot.next);
        else if (slot.served >= (options.recycleAfter ?? Infinity)) retire(slot);
        pump();
      }
    };
    // On close, not exit: by then every reply it sent and all it wrote to stderr have been read,
    // so a request that ended before it went down is not taken for the one that brought it down
    // (pipelined, the next runs right behind it), and running out of memory is seen as such.
    child.on("close", (code, signal) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const pending = slot.busy;
      requeueNext(slot);
      release(slot);
      if (pending) {
        abandon(pending, OUT_OF_MEMORY.test(slot.stderr) ? outOfMemoryFailure()
          : { reason: "exit", message: `Its sandbox process ended (${signal ? `signal ${signal}` : `exit code ${code}`}) before the function returned. Does the code end the process or exhaust the stack? A task returns its answer.` });
      }
      pump();
    });
    child.on("error", () => { /* reported by exit */ });
    slots.push(slot);
    return slot;
  };

  /**
   * A free process, or a new one if the pool may grow now: when every process has been running
   * its job for growAfterMs (one still starting will be free soon). Otherwise re-pumps when it may.
   */
  const freeSlot = (): Slot | undefined => {
    const free = slots.find((s) => !s.busy) ?? (options.pipeline ? slots.find(takesNext) : undefined);
    if (free || slots.length >= options.size) return free;
    if (slots.length === 0 || options.growAfterMs === undefined) return startSlot();
    const now = Date.now();
    const running = slots.map((s) => (s.readyAt === undefined ? 0 : now - Math.max(s.readyAt, s.busy!.started)));
    const shortest = Math.min(...running);
    if (shortest >= options.growAfterMs) return startSlot();
    if (!growTimer) growTimer = setTimeout(() => { growTimer = undefined; pump(); }, options.growAfterMs - shortest);
    return undefined;
  };

  /** Whether a busy process may be sent its next request now (PoolOptions.pipeline). */
  const takesNext = (s: Slot): boolean => s.busy !== undefined && s.next === undefined && s.readyAt !== undefined
    && Date.now() - s.busy.started < PIPELINE_WITHIN_MS && s.served + 1 < (options.recycleAfter ?? Infinity);

  const pump = (): void => {
    if (closed || !code) return;
    while (queue.length) {
      const slot = freeSlot();
      if (!slot) return;
      const pending = queue.shift()!;
      if (slot.busy) slot.next = pending;
      else start(slot, pending);
      slot.child.send(forSlot(pending.request, slot), (error) => { if (error) slot.child.kill("SIGKILL"); });
    }
  };

  // A job's text (job-text.ts) once per job object (a batch hands the same jobs to every
  // submission), and a key for the large ones, up to MAX_KEYS of them, so that each process is
  // sent them once.
  const json = new WeakMap<Job, string>();
  const keys = new Map<string, number>();
  const sandboxJob = (codeIndex: number, job: Job, after: number | undefined): SandboxJob => {
    let jobJson = json.get(job);
    if (jobJson === undefined) json.set(job, jobJson = encodeJob(job));
    let key = keys.get(jobJson);
    if (key === undefined && jobJson.length >= KEYED_JOB_BYTES && keys.size < MAX_KEYS) keys.set(jobJson, key = keys.size);
    return { codeIndex, jobJson, ...(key !== undefined ? { key } : {}), ...(after !== undefined ? { after } : {}) };
  };
  /** The request as this process gets it: without the jobs it keeps already. */
  const forSlot = (request: PoolRequest, slot: Slot): PoolRequest => ({
    ...request,
    jobs: request.jobs.map((job) => {
      if (job.key === undefined) return job;
      if (slot.knows.has(job.key)) return { codeIndex: job.codeIndex, key: job.key, ...(job.after !== undefined ? { after: job.after } : {}) };
      slot.knows.add(job.key);
      return job;
    }),
  });

  /** Sends jobs as one request; each promise ends with its own job. */
  const submit = async (jobs: Submitted[], timeoutMs: number, floorMs = timeoutMs, budgetMs?: number): Promise<JobRun[]> => {
    if (closed) throw new Error("the sandbox pool is closed");
    await codeReady;
    const runs: Promise<JobRun>[] = [];
    const entries: Entry[] = jobs.map((j) => {
      let resolve!: (run: JobRun) => void;
      runs.push(new Promise<JobRun>((r) => { resolve = r; }));
      return { ...j, resolve };
    });
    const codes = [...new Set(entries.map((e) => e.code))];
    const request: PoolRequest = { id: nextId++, codes, jobs: entries.map((e) => sandboxJob(codes.indexOf(e.code), e.job, e.after)), timeoutMs, floorMs, ...(budgetMs !== undefined ? { budgetMs } : {}), outputCap: OUTPUT_CAP };
    queue.push({ request, entries, started: Date.now() });
    pump();
    return Promise.all(runs);
  };

  for (const child of options.adopt ?? []) startSlot(child);
  for (let i = slots.length; i < Math.min(options.prestart ?? 0, options.size); i++) startSlot();

  return {
    async runJob(file, job, run) {
      if (run.after && !ranClean(await run.after)) return notRunAfter(job);
      return (await submit([{ file, job, code: run.code, sourceMap: run.sourceMap, mapFrame: run.mapFrame }], run.timeoutMs))[0]!;
    },
    forSubmission(budgetMs: number): Executor {
      return submissionExecutor(submit, budgetMs, floorFor(budgetMs), BATCH_BUNDLE_WAIT_MS);
    },
    async close(): Promise<void> {
      closed = true;
      if (growTimer) clearTimeout(growTimer);
      await Promise.all(slots.map((slot) => new Promise<void>((resolve) => {
        if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
        slot.child.once("exit", () => resolve());
        slot.child.kill("SIGKILL");
      })));
    },
  };
}

function failedRun(job: Job, started: number, failure: TaskFailure, stdout = "", stderr = ""): JobRun {
  return { task: job.task, calls: [], failure, stdout, stderr, durationMs: Date.now() - started };
}
