// The compile thread (compile.ts): TypeScript's transpiler, one student file at a time, each
// under a time limit kept by the grader's thread, which ends this thread when a file outlives
// it. Bundled with esbuild; TypeScript itself is loaded through a V8 code cache.
import { parentPort, workerData } from "node:worker_threads";
import type * as TS from "typescript";
import { runCachedScript, saveCodeCaches } from "../runner/cached-script.cjs";
import { readFileSync } from "node:fs";
import { transpile } from "./transpile.js";

/** typescript.js and where its code cache is kept (a name of its own: it holds what transpiling compiled). */
interface Data { typescript: string; codeCache: string }
const data = workerData as Data;
const ts = runCachedScript(data.typescript, { cacheFile: data.codeCache }) as typeof TS;
let saved = false;

parentPort!.on("message", (job: { id: number; file: string; source: string }) => {
  let reply: object;
  try {
    reply = { id: job.id, compiled: transpile(ts, job.file, job.source) };
  } catch (error) {
    reply = { id: job.id, error: String(error instanceof Error ? error.message : error).slice(0, 300) };
  }
  // Before the first reply, not after: the grader may end the process (and this thread) as soon
  // as it has its answer. The cache then holds what compiling a file compiled.
  if (!saved) { saved = true; saveCodeCaches(); }
  parentPort!.postMessage(reply);
});
// Its id (Linux), so that the grader can read its processor time for the limit (watchdog.ts's
// threadCpuMs); read here, not imported, to keep this thread's bundle to the compiler's files.
let tid: number | null = null;
try { tid = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ", 1)[0]) || null; } catch { /* not Linux: the clock */ }
parentPort!.postMessage({ ready: true, tid });
