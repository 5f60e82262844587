// Runs a pack's type checker in a worker thread of the grader's process, with a time and a
// memory limit. The compiler's work grows with what a submission writes (a type that takes
// minutes to check, a file that fills the heap); a check that hits a limit ends the thread and
// is that check's failure, with the reason, and the next check gets a fresh thread. Checks run
// one at a time (a batch's jobs share one thread), so that a limit is charged to the submission
// that hit it, never to the one queued behind it.
//
// The thread's code is bundled with esbuild (kept between runs, build-cache.ts), so it runs on
// plain node whatever loaded the grader (tsx, vitest). The compiler is not in the bundle: it is
// loaded in the thread through a V8 code cache (load-typescript.ts).
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { cachedBuild } from "../runner/build-cache.js";
import type { TypeChecker } from "./attach.js";
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

export type TypeCheckReply = { ok: true; result: Record<string, TaskTypes> } | { ok: false; error: string };

export interface ThreadLimits {
  /** Per check, from the moment the thread takes it (a fresh thread's start included). */
  timeMs: number;
  /** The thread's V8 heap. */
  heapMb: number;
}

// A cold check (the compiler's load, the standard library and @types/node parsed) takes 1-2 s on
// a quiet machine and peaks near 150 MB of heap; the limits leave room for a busy machine.
export const DEFAULT_LIMITS: ThreadLimits = { timeMs: 30_000, heapMb: 384 };

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
    `The type check did not finish within ${ms / 1000} s and was stopped. The compiler's time grows with the types a submission writes: look for a deeply nested or recursive type (a conditional or mapped type that refers to itself), or a very long file.`,
  memory: (mb: number): string =>
    `The type check used more than its ${mb} MB of memory and was stopped. Look for a very large file, a huge literal, or a type that expands without end.`,
};

interface Job {
  request: TypeCheckRequest;
  resolve: (r: Record<string, TaskTypes>) => void;
  reject: (e: Error) => void;
}

export class TypeCheckThread implements TypeChecker {
  private worker: Promise<Worker> | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | undefined;
  private closed = false;

  /** `data`: plain data the thread's code reads from workerData beside packageRoot. */
  constructor(private readonly entry: string, private readonly limits: ThreadLimits = DEFAULT_LIMITS, private readonly data: object = {}) {}

  private start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const started: Promise<Worker> = (async () => {
      const worker = new Worker(await bundleTypeCheckWorker(this.entry), {
        eval: true, workerData: { ...this.data, packageRoot: PACKAGE_ROOT },
        resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
      });
      // A thread that was stopped (time) or replaced still reports its end: not this thread's job.
      const current = (): boolean => this.worker === started;
      worker.on("message", (reply: TypeCheckReply) => {
        if (!current()) return;
        const job = this.finishRunning();
        if (reply.ok) job?.resolve(reply.result);
        else job?.reject(new Error(reply.error));
        this.next();
      });
      worker.on("error", (error: Error & { code?: string }) => {
        if (!current()) return;
        this.worker = undefined;
        const job = this.finishRunning();
        if (error.code === "ERR_WORKER_OUT_OF_MEMORY") job?.resolve(stopped(job.request, limitReason.memory(this.limits.heapMb)));
        else job?.reject(error);
        this.next();
      });
      worker.on("exit", (code) => {
        if (!current()) return;
        this.worker = undefined;
        this.finishRunning()?.reject(new Error(`the type checker's thread ended (code ${code})`));
        this.next();
      });
      return worker;
    })();
    this.worker = started;
    return started;
  }

  private finishRunning(): Job | undefined {
    const running = this.running;
    this.running = undefined;
    if (running) clearTimeout(running.timer);
    return running?.job;
  }

  private next(): void {
    if (this.running || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      void this.worker?.then((w) => w.unref(), () => undefined);
      return;
    }
    const timer = setTimeout(() => {
      if (this.running?.job !== job) return;
      this.finishRunning();
      const worker = this.worker;
      this.worker = undefined;
      void worker?.then((w) => w.terminate(), () => undefined);
      job.resolve(stopped(job.request, limitReason.time(this.limits.timeMs)));
      this.next();
    }, this.limits.timeMs);
    this.running = { job, timer };
    this.start().then((w) => {
      if (this.running?.job !== job) return;
      w.ref();
      w.postMessage(job.request);
    }, (error: unknown) => {
      this.worker = undefined;
      if (this.finishRunning() === job) job.reject(error instanceof Error ? error : new Error(String(error)));
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
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.then((w) => w.terminate(), () => undefined);
  }
}

function stopped(request: TypeCheckRequest, reason: string): Record<string, TaskTypes> {
  return Object.fromEntries(request.tasks.map((t) => [t, { stopped: reason }]));
}
