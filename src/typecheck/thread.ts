// Runs a pack's type checker in a worker thread of the grader's process, with a CPU and a
// memory limit (TypeScript 7's native process, which the thread starts, included). The compiler's work grows with what a submission writes (a type that takes
// minutes to check, a file that fills the heap); a check that hits a limit ends the thread and
// is that check's failure, with the reason, and the next check gets a fresh thread. The time
// limit counts the thread's own CPU (read from /proc, where there is one), so the verdict does
// not depend on the machine's load; a wall-clock bound stays as a backstop, and hitting it alone
// is the grader's problem (an error), not the student's. Checks run one at a time (a batch's
// jobs share one thread), so that a limit is charged to the submission that hit it.
//
// The thread's code is bundled with esbuild (kept between runs, build-cache.ts), so it runs on
// plain node whatever loaded the grader (tsx, vitest). TypeScript 5.9 is not in the bundle: where
// it is the fallback (compilers.ts), it is loaded in the thread through a V8 code cache
// (load-typescript.ts). TypeScript 7's process is the thread's child: its CPU counts with the
// thread's, its resident memory has its own limit, and it is killed with the thread.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { cachedBuild } from "../runner/build-cache.js";
import type { TypeChecker } from "./attach.js";
import { childrenOf, killChildren, peakResidentMb, threadAndChildrenCpuMs } from "./proc.js";
import type { TaskTypes } from "./types-check.js";

const here = path.dirname(fileURLToPath(import.meta.url));
export const PACKAGE_ROOT = path.join(here, "..", "..");
const LOADER = path.join(here, "load-typescript.ts");
const TYPESCRIPT = createRequire(import.meta.url).resolve("typescript");

export interface TypeCheckRequest {
  cwd: string;
  submissionDir: string;
  tasks: string[];
}

/** The thread's first message says where its CPU time is kept (/proc/PID/task/TID), or null. */
export type TypeCheckReply = { ready: true; thread: string | null } | { ok: true; result: Record<string, TaskTypes> } | { ok: false; error: string };

export interface ThreadLimits {
  /** The CPU per check of the thread and its children (wall time where the thread's CPU cannot be read). */
  cpuMs: number;
  /** The thread's V8 heap. */
  heapMb: number;
  /** The resident memory of each process the thread started (TypeScript 7's). */
  nativeMb: number;
  /** Wall time per check, the thread's start included: the backstop. */
  wallMs: number;
}

// A cold check (the standard library and @types/node parsed) takes 1-2 s of CPU and peaks near
// 150 MB of heap with 5.9; TypeScript 7's process peaks near 70 MB resident over every fixture.
// 20 s is ten times the slowest. The backstop leaves room for a machine with a load of 30.
export const DEFAULT_LIMITS: ThreadLimits = { cpuMs: 20_000, heapMb: 384, nativeMb: 512, wallMs: 300_000 };
const POLL_MS = 100;

export function bundleTypeCheckWorker(entry: string): Promise<string> {
  return cachedBuild({
    entryPoints: [entry], bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "silent",
    plugins: [{
      name: "typescript-cached",
      setup(b) {
        b.onResolve({ filter: /^typescript$/ }, () => ({ path: "typescript", namespace: "grade-typescript" }));
        b.onLoad({ filter: /.*/, namespace: "grade-typescript" }, () => ({
          contents: `import { loadTypeScript } from ${JSON.stringify(LOADER)}; export default loadTypeScript(${JSON.stringify(TYPESCRIPT)});`, loader: "ts", resolveDir: here,
        }));
      },
    }],
  }, `${LOADER}\0${TYPESCRIPT}`);
}

/** Why a check hit a limit, as every task's failure says it. */
export const limitReason = {
  time: (ms: number): string =>
    `The type check used more than ${ms / 1000} s of CPU and was stopped. The compiler's time grows with the types a submission writes: look for a deeply nested or recursive type (a conditional or mapped type that refers to itself), or a very long file.`,
  memory: (mb: number): string =>
    `The type check used more than its ${mb} MB of memory and was stopped. Look for a very large file, a huge literal, or a type that expands without end.`,
  wall: (ms: number): string =>
    `the type check did not finish within ${ms / 1000} s of wall time while under its CPU limit: the machine is overloaded, or the checker is stuck`,
};

interface Job {
  request: TypeCheckRequest;
  resolve: (r: Record<string, TaskTypes>) => void;
  reject: (e: Error) => void;
}

interface Started { worker: Worker; thread: string | null }

export class TypeCheckThread implements TypeChecker {
  private worker: Promise<Started> | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timers: NodeJS.Timeout[]; overLimit?: () => string | undefined } | undefined;
  private closed = false;
  /** Stopped threads still being ended (their processes killed): close() waits for them. */
  private readonly ending = new Set<Promise<void>>();

  /** `data`: plain data the thread's code reads from workerData beside packageRoot. */
  constructor(private readonly entry: string, private readonly limits: ThreadLimits = DEFAULT_LIMITS, private readonly data: object = {}) {}

  private start(): Promise<Started> {
    if (this.worker) return this.worker;
    const started: Promise<Started> = (async () => {
      const worker = new Worker(await bundleTypeCheckWorker(this.entry), {
        eval: true, workerData: { ...this.data, packageRoot: PACKAGE_ROOT },
        resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
      // A thread that was stopped or replaced still reports its end: not this thread's job.
      const current = (): boolean => this.worker === started;
      const ready = new Promise<string | null>((resolve, reject) => {
        worker.on("message", (reply: TypeCheckReply) => {
          if ("ready" in reply) { resolve(reply.thread); return; }
          if (!current()) return;
          // A check that ended between two polls is judged on what it used all the same, so the
          // verdict does not depend on when the last poll fell.
          const over = reply.ok ? this.running?.overLimit?.() : undefined;
          const running = this.running?.job;
          if (over && running) { this.stop(running, () => running.resolve(stopped(running.request, over))); return; }
          const job = this.finishRunning();
          if (reply.ok) job?.resolve(reply.result);
          else job?.reject(new Error(reply.error));
          this.next();
        });
        worker.on("error", (error: Error & { code?: string }) => {
          reject(error);
          if (!current()) return;
          this.worker = undefined;
          const job = this.finishRunning();
          if (error.code === "ERR_WORKER_OUT_OF_MEMORY") job?.resolve(stopped(job.request, limitReason.memory(this.limits.heapMb)));
          else job?.reject(error);
          this.next();
        });
        worker.on("exit", (code) => {
          reject(new Error(`the type checker's thread ended (code ${code})`));
          if (!current()) return;
          this.worker = undefined;
          this.finishRunning()?.reject(new Error(`the type checker's thread ended (code ${code})`));
          this.next();
        });
      });
      return { worker, thread: await ready };
    })();
    this.worker = started;
    return started;
  }

  private finishRunning(): Job | undefined {
    const running = this.running;
    this.running = undefined;
    for (const t of running?.timers ?? []) clearTimeout(t);
    return running?.job;
  }

  /** Ends the running job's thread and answers the job; the next job gets a fresh thread. */
  private stop(job: Job, answer: () => void): void {
    if (this.running?.job !== job) return;
    this.finishRunning();
    const started = this.worker;
    this.worker = undefined;
    const ending = started?.then(end, () => undefined);
    if (ending) {
      this.ending.add(ending);
      void ending.then(() => this.ending.delete(ending));
    }
    answer();
    this.next();
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      void this.worker?.then((s) => s.worker.unref(), () => undefined);
      return;
    }
    const backstop = setTimeout(() => this.stop(job, () => job.reject(new Error(limitReason.wall(this.limits.wallMs)))), this.limits.wallMs);
    this.running = { job, timers: [backstop] };
    this.start().then(({ worker, thread }) => {
      if (this.running?.job !== job) return;
      const atStart = thread ? threadAndChildrenCpuMs(thread) : undefined;
      const startedAt = performance.now();
      const overLimit = (): string | undefined => {
        const cpu = thread && atStart !== undefined ? threadAndChildrenCpuMs(thread) : undefined;
        const used = cpu !== undefined ? cpu - atStart! : performance.now() - startedAt;
        const resident = thread ? Math.max(0, ...childrenOf(thread).map(peakResidentMb)) : 0;
        if (used > this.limits.cpuMs) return limitReason.time(this.limits.cpuMs);
        if (resident > this.limits.nativeMb) return limitReason.memory(this.limits.nativeMb);
        return undefined;
      };
      const poll = (): void => {
        const over = overLimit();
        if (over) this.stop(job, () => job.resolve(stopped(job.request, over)));
        else if (this.running?.job === job) this.running.timers.push(setTimeout(poll, POLL_MS));
      };
      this.running.overLimit = overLimit;
      this.running.timers.push(setTimeout(poll, POLL_MS));
      worker.ref();
      worker.postMessage(job.request);
    }, (error: unknown) => {
      if (this.running?.job !== job) return;
      this.worker = undefined;
      this.finishRunning();
      job.reject(error instanceof Error ? error : new Error(String(error)));
      this.next();
    });
  }

  check(cwd: string, submissionDir: string, tasks: readonly string[]): Promise<Record<string, TaskTypes>> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { cwd, submissionDir, tasks: [...tasks] }, resolve, reject });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.finishRunning();
    for (const job of [...(running ? [running] : []), ...this.queue.splice(0)]) job.reject(new Error("the type checker was closed"));
    const started = this.worker;
    this.worker = undefined;
    if (started) await started.then(end, () => undefined);
    await Promise.all(this.ending);
  }
}

/** Ends the processes a thread started (which would outlive it), once reaped by it, then the thread. */
async function end(started: Started): Promise<void> {
  if (started.thread) await killChildren(started.thread);
  await started.worker.terminate();
}

function stopped(request: TypeCheckRequest, reason: string): Record<string, TaskTypes> {
  return Object.fromEntries(request.tasks.map((t) => [t, { stopped: reason }]));
}
