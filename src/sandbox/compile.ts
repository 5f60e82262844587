// A submission's source files to the CommonJS the sandbox runs, all of them, before the engine
// starts (SandboxPool.run, prepareServer): the engine compiles nothing. Each file goes through
// TypeScript's own transpiler (transpile.ts) in a thread of its own, under a time limit: a
// parser meets some shapes of code (a ? (b): c => … nested twenty deep kept sucrase busy for a
// minute) with work that grows fast, and a file that outlives the limit is the student's compile
// failure, its thread ended and replaced, never a stuck grader. The same text compiles to the
// same code: kept in memory and, for `grade` and `watch`, on disk by a hash of the text, so that
// grading unchanged files again compiles nothing (and never loads the compiler).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { CACHE_DIR, cachedBuild, keptFile } from "../runner/build-cache.js";
import type { CompiledFile } from "./protocol.js";
import { threadCpuMs } from "./thread-cpu.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const TYPESCRIPT = require.resolve("typescript");
const VERSION = (require("typescript/package.json") as { version: string }).version;
// What error-sites.ts adds to tsc's output (the catch clauses' call, the marks) and what
// transpile.ts refuses (an import declared again): a cached file from before is compiled again.
const OUTPUT_VERSION = "v8-error-sites-directives-import-clash-await-when-reached-imports-require-hoisted-mts-class-alias-esnext-node20-regex2";
const CACHED_SCRIPT = path.join(here, "..", "runner", "cached-script.cjs");
const DISK = path.join(CACHE_DIR, "compiled-ts");
const CACHE_ENTRIES = 2000;
/**
 * A file's compile limit, in the compile thread's processor time (the clock where /proc cannot be
 * read), so that a busy machine does not change the verdict; the thread's start (loading the
 * compiler) is not counted.
 */
export const COMPILE_LIMIT_MS = 10_000;
// The clock's backstop for one file, past which the machine, not the file, is too slow: the grader's trouble.
const BACKSTOP_MS = 120_000;
const POLL_MS = 100;

/** The compile thread was stopped by the clock's backstop, not by the file's own work. */
export class CompileBackstop extends Error {
  constructor(readonly ms: number) { super(`the compiler was stopped by the clock after ${ms} ms`); }
}
// The compiler's own heap: a file that needs more is refused like one that takes too long.
const THREAD_HEAP_MB = 256;
// Its young generation, capped: left to grow, it held 64 MB for 35 MB in use, beside a batch's
// sandbox threads (docs/speed.md); the cap cost no processor time we could measure.
const THREAD_YOUNG_MB = 12;
const SOURCE = /\.(c|m)?(t|j)sx?$/;
// A declaration file (types.d.ts, pyrepr.d.ts beside pyrepr.js, data.d.json.ts) holds types only:
// nothing of it runs under Node, and TypeScript emits nothing for it (fair-round-2026-12-07j: one
// in a folder failed every task with the compiler's "Output generation failed").
const DECLARATION = /\.d(\.[^./\\]+)?\.(c|m)?ts$/;

export interface CompileOptions {
  /** Keep what was compiled on disk too (grade, watch; a batch's files are each graded once). */
  disk?: boolean;
  limitMs?: number;
}

const cache = new Map<string, CompiledFile>();
// A file being compiled: the grading's run and its live server ask for the same files at once.
const compiling = new Map<string, Promise<CompiledFile>>();

/** Every source file of `files` (not .json), compiled; `shown` goes before a path in a message ("my-work/"). */
export async function compileFiles(files: Record<string, string>, shown: string, options: CompileOptions = {}): Promise<Record<string, CompiledFile>> {
  const ids = Object.keys(files).filter((id) => SOURCE.test(id) && !DECLARATION.test(id));
  const compiled = await Promise.all(ids.map((id) => compileFile(id, files[id]!, shown, options)));
  return Object.fromEntries(ids.map((id, i) => [id, compiled[i]!]));
}

// A message names the file as the student sees it: `shown` goes before it, outside the cache, so
// that the same file in two students' folders (a starter left as shipped) compiles once.
async function compileFile(id: string, source: string, shown: string, options: CompileOptions): Promise<CompiledFile> {
  const compiled = await compileText(id, source, options);
  return "syntax" in compiled ? { syntax: shown + compiled.syntax } : compiled;
}

async function compileText(id: string, source: string, options: CompileOptions): Promise<CompiledFile> {
  const key = createHash("sha256").update(`${VERSION}\0${OUTPUT_VERSION}\0${id}\0`).update(source).digest("hex");
  const kept = cache.get(key) ?? (options.disk ? fromDisk(key) : undefined);
  if (kept) return kept;
  const pending = compiling.get(key);
  if (pending) return pending;
  const done = compileNew(id, source, key, options);
  compiling.set(key, done);
  return done.finally(() => compiling.delete(key));
}

async function compileNew(id: string, source: string, key: string, options: CompileOptions): Promise<CompiledFile> {
  const limitMs = options.limitMs ?? COMPILE_LIMIT_MS;
  const compiled = await thread.compile(id, source, limitMs);
  if (compiled === "backstop") throw new CompileBackstop(Math.max(BACKSTOP_MS, limitMs));
  // A stopped compile is not kept: the next grading tries again, in a fresh thread.
  if (compiled === "limit") return { syntax: overLimit(id, limitMs) };
  if (compiled === "memory") return { syntax: `${id} needs more memory to compile than the grader gives the compiler (${THREAD_HEAP_MB} MB). Make the file smaller: split it, or move long data into a .json file.` };
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, compiled);
  if (options.disk) toDisk(key, compiled);
  return compiled;
}

const overLimit = (file: string, ms: number): string =>
  `${file} took the compiler more than ${ms / 1000} s of processor time and was stopped. Some shapes of code make a compiler's work grow very fast, such as expressions nested many levels deep (a ? (b): c => … inside one another): split the expression into smaller ones, naming the inner functions, and save.`;

function fromDisk(key: string): CompiledFile | undefined {
  try {
    const kept = JSON.parse(readFileSync(path.join(DISK, `${key}.json`), "utf8")) as CompiledFile;
    return typeof kept === "object" && kept !== null && ("code" in kept || "syntax" in kept) ? kept : undefined;
  } catch {
    return undefined; // not compiled before, or unreadable: compiled now
  }
}

function toDisk(key: string, compiled: CompiledFile): void {
  try {
    mkdirSync(DISK, { recursive: true });
    const file = path.join(DISK, `${key}.json`);
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, JSON.stringify(compiled));
    renameSync(temp, file);
  } catch { /* a read-only install compiles every time */ }
}

type Outcome = CompiledFile | "limit" | "memory" | "backstop";
interface Job { id: number; file: string; source: string; limitMs: number; done: (outcome: Outcome) => void; fail: (error: Error) => void }

let threadCode: Promise<string> | undefined;
const buildThread = (): Promise<string> => (threadCode ??= (async () => {
  const code = await cachedBuild({
    entryPoints: [path.join(here, "compile-thread.ts")], bundle: true, platform: "node", format: "cjs", target: "node20", logLevel: "silent",
    external: ["typescript"],
  });
  return `require(${JSON.stringify(CACHED_SCRIPT)}).runCachedScript(${JSON.stringify(keptFile("compile-thread", code))});`;
})());

/** One thread, one file at a time; ended and replaced when a file outlives its limit. */
class CompileThread {
  private worker: Worker | undefined;
  private ready = false;
  private readonly queue: Job[] = [];
  private current: (Job & { timer?: NodeJS.Timeout; poll?: NodeJS.Timeout }) | undefined;
  private tid: number | undefined;
  private next = 1;

  compile(file: string, source: string, limitMs: number): Promise<Outcome> {
    return new Promise((done, fail) => {
      this.queue.push({ id: this.next++, file, source, limitMs, done, fail });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.current || !this.queue.length) return;
    if (!this.worker) {
      this.start(await buildThread().catch((error: unknown) => { this.failAll(error); return undefined; }));
      return;
    }
    if (!this.ready) return;
    const job = this.queue.shift()!;
    this.current = job;
    this.worker.ref();
    const cpuAt = threadCpuMs(this.tid);
    if (cpuAt === undefined) {
      this.current.timer = setTimeout(() => this.end(job, "limit"), job.limitMs);
    } else {
      this.current.poll = setInterval(() => { if ((threadCpuMs(this.tid) ?? cpuAt) - cpuAt > job.limitMs) this.end(job, "limit"); }, POLL_MS);
      this.current.timer = setTimeout(() => this.end(job, "backstop"), Math.max(BACKSTOP_MS, job.limitMs));
    }
    this.worker.postMessage({ id: job.id, file: job.file, source: job.source });
  }

  private start(code: string | undefined): void {
    if (code === undefined || this.worker) return;
    const worker = new Worker(code, {
      // Its stdout and stderr piped here would hold the process open; the compiler prints nothing.
      eval: true, env: {},
      workerData: { typescript: TYPESCRIPT, codeCache: path.join(CACHE_DIR, `typescript-transpile-${VERSION}-${process.version}.v8cache`) },
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
    });
    this.worker = worker;
    this.ready = false;
    worker.on("message", (message: { ready?: boolean; tid?: number | null; id?: number; compiled?: CompiledFile; error?: string }) => {
      if (message.ready) { this.ready = true; this.tid = message.tid ?? undefined; void this.pump(); return; }
      const job = this.current;
      if (!job || message.id !== job.id) return;
      clearTimeout(job.timer);
      clearInterval(job.poll);
      this.current = undefined;
      // Idle, it does not keep the process alive; a file waiting for it does (pump).
      if (!this.queue.length) worker.unref();
      if (message.compiled) job.done(message.compiled);
      else job.fail(new Error(`the compiler failed on ${job.file}: ${message.error ?? "no answer"}`));
      void this.pump();
    });
    worker.on("error", () => { /* handled on exit */ });
    worker.on("exit", () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const job = this.current;
      // Out of its heap on a student's file; before any file, the compiler could not start.
      if (job) this.end(job, "memory");
      else if (!this.ready) this.failAll(new Error("the compile thread stopped before it was ready"));
    });
  }

  private end(job: Job & { timer?: NodeJS.Timeout; poll?: NodeJS.Timeout }, outcome: "limit" | "memory" | "backstop"): void {
    clearTimeout(job.timer);
    clearInterval(job.poll);
    if (this.current !== job) return;
    this.current = undefined;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) { worker.removeAllListeners("exit"); void worker.terminate(); }
    job.done(outcome);
    void this.pump();
  }

  /** Ends the thread when it has nothing to do: its compiler's heap is not held through the grading. */
  release(): void {
    if (this.current || this.queue.length || !this.worker) return;
    const worker = this.worker;
    this.worker = undefined;
    worker.removeAllListeners("exit");
    void worker.terminate();
  }

  private failAll(error: unknown): void {
    for (const job of this.queue.splice(0)) job.fail(error instanceof Error ? error : new Error(String(error)));
  }
}

const thread = new CompileThread();

/**
 * A single grading's pool lets the compile thread go once its files are compiled: TypeScript's
 * heap beside the sandbox, the live server and the type check took one grade past 500 MB. A
 * batch or watch keeps it (the next submission compiles at once).
 */
export const releaseCompiler = (): void => thread.release();
