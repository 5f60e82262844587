// The grader's side of the sandbox: a few threads (worker.ts), each running one submission's
// request at a time. A request that outlives its limits (each run's time, plus a margin) has its
// thread ended and a new one started; whatever a thread sends back is checked (reply.ts) before
// the grader reads it, and anything wrong with it is that submission's error, never the grader's.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import { CACHE_DIR, cachedBuild, keptFile } from "../runner/build-cache.js";
import { CompileBackstop, compileFiles, releaseCompiler } from "./compile.js";
import { failures } from "./failures.js";
import { guestSource } from "./guest-source.js";
import { imagePrefix } from "./image-file.js";
import { sandboxModules } from "./modules.js";
import type { SandboxReply, SandboxRequest, TaskFailure } from "./protocol.js";
import { checkReply } from "./reply.js";
import { Watchdog } from "./watchdog.js";
import { exposeGcToThreads, takeEarlyThread, THREAD_OPTIONS } from "./early-thread.cjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
interface Job { request: SandboxRequest; resolve: (reply: SandboxReply) => void; posted?: () => void }
interface Slot { worker: Worker; job?: Job; watch?: Watchdog; tid?: number; ticks?: Int32Array }

const CACHED_SCRIPT = path.join(here, "..", "runner", "cached-script.cjs");

let baselineOnly = false;
/**
 * The engine's WebAssembly compiled by V8's baseline compiler only, for a single grading: its
 * engine runs for about a second, and optimising the engine's hot functions in the background
 * cost more processor time than it saved (docs/speed.md). Fuel counts the engine's work, not
 * time, so no verdict moves. The flag is the process's, for what is compiled from then on; a
 * batch's or watch's long-lived threads keep the optimising compiler, which pays for itself there.
 */
function useBaselineCompiler(): void {
  if (!baselineOnly) setFlagsFromString("--liftoff-only");
  baselineOnly = true;
}

let workerCode: Promise<string> | undefined;
/**
 * The thread's code: one file (named by its content) that the thread runs through a V8 code
 * cache (cached-script.cjs), since compiling it was most of a thread's start-up; the cache is
 * written after the thread's first request, so it holds what running one compiled.
 */
const buildWorker = (): Promise<string> => (workerCode ??= (async () => {
  const code = await cachedBuild({
    entryPoints: [path.join(here, "worker.ts")], bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "silent",
    // Run as a script (vm.Script), which has no dynamic import(): the engine's loader is required.
    supported: { "dynamic-import": false },
    // The modules that ask where they are (the engine's loader) are told the package's folder.
    // (The key is spelt in two parts: bin/grade.js rewrites that expression wherever it is written.)
    define: { ["import.meta" + ".url"]: "__gradeUrl" },
    banner: { js: `const __gradeUrl = require("node:url").pathToFileURL(${JSON.stringify(path.join(here, "worker.ts"))}).href;` },
  });
  const file = keptFile("sandbox-thread", code);
  return `require(${JSON.stringify(CACHED_SCRIPT)}).runCachedScript(${JSON.stringify(file)});`;
})());

/** Every run of a request ended the same way (the thread was lost or stopped). */
export function failedReply(request: SandboxRequest, failure: TaskFailure): SandboxReply {
  return { runs: request.runs.map(() => ({ status: "failed", failure, stdout: "", stderr: "", durationMs: 0 })) };
}

export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private starting: Promise<{ code: string; data: object }> | undefined;
  private closed = false;

  /**
   * `keepCompiled`: compiled student code is kept on disk too (compile.ts), so that a
   * student's next grading of unchanged files compiles nothing; a batch, whose every file is
   * new and graded once, leaves it off rather than write a file per student's file.
   * `course`: the pack's "grade/course" module, as CommonJS text (Pack.course.sandboxSource).
   * `oneShot`: the pool runs one request (a single grading): the compiler goes once its files
   * are compiled, and the thread makes no engine image.
   */
  constructor(private readonly size = 1, private readonly keepCompiled = true, readonly course = "", private readonly oneShot = false) {
    if (oneShot) useBaselineCompiler();
  }

  private assets(): Promise<{ code: string; data: object }> {
    this.starting ??= (async () => {
      const [code, modules] = await Promise.all([buildWorker(), sandboxModules(this.course)]);
      const guest = guestSource();
      const wasmPath = require.resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
      let prefix: string | undefined;
      try { prefix = imagePrefix(CACHE_DIR, code, guest, wasmPath); } catch { /* no kept images */ }
      // A one-request pool's thread makes no engine image but the one kept on disk, if none is:
      // nothing else would copy it, and making one took 140-320 ms of processor time beside the
      // grading's judging and type check.
      return { code, data: { wasmPath, guest, modules, cachedScript: CACHED_SCRIPT, image: !this.oneShot, ...(prefix ? { imagePrefix: prefix } : {}) } };
    })();
    return this.starting;
  }

  /**
   * Runs a submission's request; always resolves, with the failure in the reply if it had one.
   * Its files are compiled first, each under a time limit (compile.ts), unless it says how.
   * `whileRunning`: work of the grader's own for this thread to do once the request is posted,
   * while the sandbox's thread runs it (it would otherwise wait).
   */
  async run(asked: SandboxRequest, whileRunning?: () => void): Promise<SandboxReply> {
    if (this.closed) return failedReply(asked, failures.crash("the sandbox was closed"));
    // Compiled while the sandbox's threads start: two threads, two cores.
    const compiling = (asked.compiled ? Promise.resolve(asked.compiled) : compileFiles(asked.files, asked.shownAs ?? "", { disk: this.keepCompiled }))
      .finally(() => { if (this.oneShot) releaseCompiler(); });
    compiling.catch(() => { /* read below */ });
    const assets = await this.assets();
    while (this.slots.length < this.size) this.slots.push(this.spawn(assets));
    let request: SandboxRequest;
    try {
      request = { ...asked, compiled: await compiling };
    } catch (error) {
      if (error instanceof CompileBackstop) return failedReply(asked, failures.backstop(error.ms));
      return failedReply(asked, failures.crash(`the compiler failed: ${String(error instanceof Error ? error.message : error).slice(0, 200)}`));
    }
    return new Promise((resolve) => {
      this.queue.push({ request, resolve, ...(whileRunning ? { posted: whileRunning } : {}) });
      this.dispatch(assets);
    });
  }

  private spawn(assets: { code: string; data: object }): Slot {
    exposeGcToThreads();
    // The thread bin/grade.js started for a grading, waiting for this code (early-thread.cjs).
    const worker = takeEarlyThread(assets.code, assets.data) ?? new Worker(assets.code, { eval: true, workerData: assets.data, ...THREAD_OPTIONS });
    const slot: Slot = { worker };
    // The engine's own messages (an abort's) are read and dropped: unread, they would pile up.
    worker.stdout.resume();
    worker.stderr.resume();
    worker.on("message", (message: unknown) => {
      const note = message as { tid?: unknown; ticks?: unknown; run?: unknown; previous?: unknown };
      if (note !== null && typeof note === "object" && "tid" in note) {
        slot.tid = typeof note.tid === "number" ? note.tid : undefined;
        slot.ticks = note.ticks instanceof Int32Array && note.ticks.length === 1 ? note.ticks : undefined;
        return;
      }
      const job = slot.job;
      if (!job) return;
      if (typeof note?.run === "number") { slot.watch?.started(note.run, note.previous); return; }
      this.finish(slot, checkReply(job.request, message));
    });
    worker.on("error", () => { /* handled on exit */ });
    worker.on("exit", () => {
      const job = slot.job;
      if (job) this.finish(slot, failedReply(job.request, failures.outOfMemory()), true);
      else this.replace(slot, false);
    });
    worker.unref();
    return slot;
  }

  private finish(slot: Slot, reply: SandboxReply, lost = false): void {
    const job = slot.job!;
    slot.watch?.cancel();
    slot.job = undefined;
    slot.watch = undefined;
    if (lost) this.replace(slot, true);
    else slot.worker.unref();
    job.resolve(reply);
    void this.assets().then((assets) => this.dispatch(assets));
  }

  private replace(slot: Slot, ended: boolean): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    slot.worker.removeAllListeners("exit");
    if (!ended) void slot.worker.terminate();
    if (!this.closed && this.queue.length) void this.assets().then((assets) => { this.slots.push(this.spawn(assets)); this.dispatch(assets); });
  }

  private dispatch(assets: { code: string; data: object }): void {
    while (!this.closed && this.slots.length < this.size && this.queue.length) this.slots.push(this.spawn(assets));
    for (const slot of this.slots) {
      if (slot.job || !this.queue.length) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      // A thread stuck in a built-in call, or not answering (the engine's own limits should have
      // ended the run), is ended from here: nothing the code does can outlast this.
      slot.watch = new Watchdog(job.request, () => ({ tid: slot.tid, ticks: slot.ticks?.[0] }), (reply) => {
        slot.worker.removeAllListeners("exit");
        void slot.worker.terminate();
        this.finish(slot, reply, true);
      });
      slot.worker.postMessage({ id: 0, request: job.request });
      if (job.posted) setImmediate(job.posted);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const slots = this.slots.splice(0);
    for (const job of this.queue.splice(0)) job.resolve(failedReply(job.request, failures.crash("the sandbox was closed")));
    await Promise.all(slots.map(async (slot) => {
      slot.watch?.cancel();
      slot.worker.removeAllListeners("exit");
      if (slot.job) slot.job.resolve(failedReply(slot.job.request, failures.crash("the sandbox was closed")));
      await slot.worker.terminate();
    }));
  }
}
