// The batch sandbox: a few long-lived node processes, each under Node's permission model with no
// right to read or write files, start processes or workers, each running one job at a time in a
// fresh vm context (pool-child.ts). Starting a process costs ~100 ms here; a context ~1 ms. A
// process that runs past its job's limit, or dies (out of memory), is killed and replaced; the
// job it held becomes that task's error, and no other job is touched.
import type { ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cachedBuild } from "./build-cache.js";
import type { Executor } from "./executor.js";
import type { HarnessReply, Job, JobRun, TaskFailure } from "./outcome.js";
import type { PoolReply, PoolRequest } from "./pool-child.js";
import { OUT_OF_MEMORY, OUTPUT_CAP, outOfMemoryFailure, stripAnsi, timeoutFailure } from "./run-job.js";
import { spawnSandbox } from "./sandbox-process.js";
import { FRAMES } from "./vm-harness.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const GRADER_SRC = path.resolve(here, "..") + path.sep;
// The vm's own time limit stops a loop; this one is for whatever it cannot stop.
const HARD_KILL_GRACE_MS = 1500;
// A batch's submissions wait this long to share an esbuild build (bundle-group.ts): measured, 40
// ms makes groups of about eight at a hundred submissions a second.
const BATCH_BUNDLE_WAIT_MS = 40;

export { SANDBOX_FLAGS } from "./sandbox-process.js";

interface SandboxCode {
  /** The sandbox process's main module (pool-entry.ts), run with node -e. */
  entry: string;
  /** The harness every context starts with (vm-harness.ts). */
  harness: string;
}

// Compiled once per grader process (kept between runs, build-cache.ts) while the sandbox starts.
let sandboxCode: Promise<SandboxCode> | undefined;
function compileSandbox(): Promise<SandboxCode> {
  const compile = (entry: string, format: "cjs" | "iife"): Promise<string> =>
    cachedBuild({ entryPoints: [path.join(here, entry)], bundle: true, platform: "node", format, target: "node20", logLevel: "silent" });
  sandboxCode ??= Promise.all([compile("pool-entry.ts", "cjs"), compile("vm-harness.ts", "iife")]).then(([entry, harness]) => ({ entry, harness }));
  return sandboxCode;
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
}


export interface SandboxPool extends Executor {
  /**
   * An executor for one submission: the jobs it is handed in one tick (gradeSubmission hands all
   * its tasks at once) go to one process as one request and run one after another in one
   * context, under one time budget, so a submission that never returns holds a process for its
   * limit once, not once per task, and pays for one context, not three.
   */
  forSubmission(budgetMs: number): Executor;
  close(): Promise<void>;
}

interface Entry {
  file: string;
  code: string;
  sourceMap?: string;
  job: Job;
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
  timer?: NodeJS.Timeout;
  /** Requests it has served. */
  served: number;
}

const notRun = (first: TaskFailure): TaskFailure => ({ reason: first.reason, message: `It was not run: an earlier task of this submission brought its sandbox process down (${first.reason}).` });
const shareOf = (limitMs: number, budgetMs: number): TaskFailure => ({ reason: "timeout", message: `It did not finish in the ${limitMs} ms it had of the submission's time limit of ${budgetMs} ms, which its tasks share, and was stopped. Look for a loop that never ends, here or in what it imports.` });

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
  let code: SandboxCode | undefined;
  // After the processes are started (below): node's start-up is the longer wait.
  const codeReady = Promise.resolve().then(compileSandbox).then((c) => { code = c; pump(); });
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

  const release = (slot: Slot): void => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.busy = undefined;
    slot.timer = undefined;
  };

  /** Ends an idle process; pump() starts another when there is work. */
  const retire = (slot: Slot): void => {
    slots.splice(slots.indexOf(slot), 1);
    slot.child.removeAllListeners("exit");
    slot.child.kill("SIGKILL");
  };

  const startSlot = (adopted?: ChildProcess): Slot => {
    const child = adopted ?? spawnSandbox();
    const slot: Slot = { child, stderr: "", served: 0 };
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
    child.on("message", (reply: PoolReply | { ready: true }) => {
      if ("ready" in reply) { slot.readyAt = Date.now(); return; }
      const pending = slot.busy;
      const entry = pending && reply.id === pending.request.id ? pending.entries[reply.index] : undefined;
      if (!pending || !entry) return;
      let run: JobRun;
      try {
        run = toJobRun(entry, pending, reply);
      } catch (error) {
        run = failedRun(entry.job, pending.started, { reason: "crash", message: `Its results could not be read (${(error as Error).message}).` });
      }
      settle(entry, run);
      if (pending.entries.every((e) => e.settled)) {
        release(slot);
        if (++slot.served >= (options.recycleAfter ?? Infinity)) retire(slot);
        pump();
      }
    });
    child.on("exit", (code, signal) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const pending = slot.busy;
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
    const free = slots.find((s) => !s.busy);
    if (free || slots.length >= options.size) return free;
    if (slots.length === 0 || options.growAfterMs === undefined) return startSlot();
    const now = Date.now();
    const running = slots.map((s) => (s.readyAt === undefined ? 0 : now - Math.max(s.readyAt, s.busy!.started)));
    const shortest = Math.min(...running);
    if (shortest >= options.growAfterMs) return startSlot();
    if (!growTimer) growTimer = setTimeout(() => { growTimer = undefined; pump(); }, options.growAfterMs - shortest);
    return undefined;
  };

  const pump = (): void => {
    if (closed || !code) return;
    while (queue.length) {
      const slot = freeSlot();
      if (!slot) return;
      const pending = queue.shift()!;
      slot.busy = pending;
      slot.stderr = "";
      pending.started = Date.now();
      slot.timer = setTimeout(() => {
        // The vm did not stop it: kill the whole process and report the job as timed out.
        release(slot);
        slots.splice(slots.indexOf(slot), 1);
        slot.child.kill("SIGKILL");
        abandon(pending, timeoutFailure(pending.request.timeoutMs));
        pump();
      }, Math.max(pending.request.timeoutMs, pending.request.jobs.length * pending.request.floorMs) + HARD_KILL_GRACE_MS);
      slot.child.send(pending.request, (error) => { if (error) slot.child.kill("SIGKILL"); });
    }
  };

  /** Sends jobs as one request; each promise ends with its own job. */
  const submit = async (jobs: { file: string; job: Job; code?: string; sourceMap?: string }[], timeoutMs: number, floorMs = timeoutMs, budgetMs?: number): Promise<JobRun[]> => {
    if (closed) throw new Error("the sandbox pool is closed");
    await codeReady;
    const texts = await Promise.all(jobs.map((j) => j.code ?? readFile(j.file, "utf8")));
    const runs: Promise<JobRun>[] = [];
    const entries: Entry[] = jobs.map((j, i) => {
      let resolve!: (run: JobRun) => void;
      runs.push(new Promise<JobRun>((r) => { resolve = r; }));
      return { file: j.file, code: texts[i]!, sourceMap: j.sourceMap, job: j.job, resolve };
    });
    const codes = [...new Set(entries.map((e) => e.code))];
    const request: PoolRequest = { id: nextId++, codes, jobs: entries.map((e) => ({ codeIndex: codes.indexOf(e.code), jobJson: JSON.stringify(e.job) })), timeoutMs, floorMs, ...(budgetMs !== undefined ? { budgetMs } : {}), outputCap: OUTPUT_CAP };
    queue.push({ request, entries, started: Date.now() });
    pump();
    return Promise.all(runs);
  };

  for (const child of options.adopt ?? []) startSlot(child);
  for (let i = slots.length; i < Math.min(options.prestart ?? 0, options.size); i++) startSlot();

  return {
    format: "vm",
    inMemory: true,
    async runJob(file, job, run) {
      return (await submit([{ file, job, code: run.code, sourceMap: run.sourceMap }], run.timeoutMs))[0]!;
    },
    forSubmission(budgetMs: number): Executor {
      let left = budgetMs;
      let previous: Promise<unknown> = Promise.resolve();
      let batch: { file: string; job: Job; code?: string; sourceMap?: string; resolve: (run: JobRun) => void }[] = [];
      const floor = floorFor(budgetMs);
      const flush = (): void => {
        const jobs = batch;
        batch = [];
        previous = previous.then(async () => {
          const runs = await submit(jobs, Math.max(left, floor), floor, budgetMs);
          left -= runs.reduce((n, r) => n + r.durationMs, 0);
          runs.forEach((run, i) => jobs[i]!.resolve(run));
        });
      };
      return {
        format: "vm",
        inMemory: true,
        bundleWaitMs: BATCH_BUNDLE_WAIT_MS,
        runJob(file, job, run) {
          return new Promise<JobRun>((resolve) => {
            if (batch.length === 0) setImmediate(flush);
            batch.push({ file, job, code: run.code, sourceMap: run.sourceMap, resolve });
          });
        },
      };
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

function toJobRun(entry: Entry, pending: Pending, reply: PoolReply): JobRun {
  const stdout = stripAnsi(reply.stdout);
  const stderr = stripAnsi(reply.stderr);
  const base = { task: entry.job.task, stdout, stderr, durationMs: reply.durationMs };
  if (reply.timedOut) {
    const budget = pending.request.budgetMs ?? pending.request.timeoutMs;
    const failure = reply.cut ? shareOf(reply.limitMs, budget) : timeoutFailure(budget);
    return { ...base, calls: [], failure };
  }
  if (reply.replyJson === undefined) {
    return { ...base, calls: [], failure: { reason: "crash", message: `It stopped the grader's harness before the function returned (${reply.error ?? "no reply"}). Code at the top level of a module runs on import; a task only defines functions.` } };
  }
  const harness = parseHarnessReply(mapFrames(reply.replyJson, entry));
  if (!harness) {
    return { ...base, calls: [], failure: { reason: "crash", message: "Its results could not be read: the code replaced JavaScript's own built-ins (JSON, Object or Array methods) that the grader relies on. A task only defines its functions; it never changes the built-ins." } };
  }
  return harness.kind === "calls" ? { ...base, calls: harness.calls } : { ...base, calls: [], failure: harness.failure };
}

/** The harness runs beside the student's code, so its reply is checked like any input. */
type FinalReply = Exclude<HarnessReply, { kind: "ready" }>;

function parseHarnessReply(json: string): FinalReply | undefined {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const isFailure = (f: unknown): boolean => typeof f === "object" && f !== null && typeof (f as TaskFailure).reason === "string" && typeof (f as TaskFailure).message === "string";
  const reply = data as FinalReply;
  if (reply?.kind === "failure" && isFailure(reply.failure)) return reply;
  if (reply?.kind === "calls" && Array.isArray(reply.calls) && reply.calls.every((c) => c?.ok === true ? "value" in c : c?.ok === false && isFailure(c.failure))) return reply;
  return undefined;
}

/** Replaces ` (at ⟦line:col;…⟧)` with the first frame that is the student's, through the source map. */
function mapFrames(json: string, entry: Entry): string {
  if (!json.includes("⟦")) return json;
  const file = entry.file;
  const map = entry.sourceMap ? parseSourceMap(entry.sourceMap) : inlineSourceMap(entry.code);
  return json.replace(/ \(at ⟦([\d:;]+)⟧\)/g, (_all, frames: string) => {
    for (const frame of frames.split(";")) {
      const [line, column] = frame.split(":").map(Number) as [number, number];
      const entry = map?.findEntry(line - 1, column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
      if (!entry?.originalSource) continue;
      const source = entry.originalSource.startsWith("file://") ? fileURLToPath(entry.originalSource) : path.resolve(path.dirname(file), entry.originalSource);
      if (source.startsWith(GRADER_SRC)) continue;
      return ` (at ${source}:${entry.originalLine! + 1}:${entry.originalColumn! + 1})`;
    }
    return "";
  }).replace(FRAMES, "");
}

function inlineSourceMap(code: string): SourceMap | undefined {
  const match = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code);
  return match ? parseSourceMap(Buffer.from(match[1]!, "base64").toString("utf8")) : undefined;
}

function parseSourceMap(text: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(text));
  } catch {
    return undefined;
  }
}
