// The sandbox's thread: it hosts the QuickJS engine and runs one submission's request at a
// time (engine.ts). Bundled with esbuild (pool.ts), so it runs on plain node whatever loaded
// the grader. What it sends back is plain data the grader checks again (pool.ts).
import { parentPort, workerData } from "node:worker_threads";
import { createRequire } from "node:module";
import { contextsOf, prepareImage, runRequest, type EngineAssets } from "./engine.js";
import { loadImage, saveImage } from "./image-file.js";
import { imageContexts } from "./session.js";
import { instanceMaker } from "./instance.js";
import type { SandboxRequest } from "./protocol.js";
import { ownThreadId } from "./thread-cpu.js";
import type { ModuleSources } from "./resolve.js";

// image: whether the thread makes engine images (false for a pool that runs one request);
// imagePrefix: where this build's images are kept on disk (image-file.ts), if anywhere.
interface Data { wasmPath: string; guest: string; modules: ModuleSources; cachedScript: string; image: boolean; imagePrefix?: string }
// A thread started before its code was known (early-thread.cjs) is handed its data with the code.
const data = (workerData ?? (globalThis as Record<symbol, unknown>)[Symbol.for("grade.threadData")]) as Data;
// The very module that ran this thread's code (pool.ts), so that it saves that code's cache.
const { saveCodeCaches } = createRequire(import.meta.url)(data.cachedScript) as { saveCodeCaches: () => void };
// Compiled once per thread; each submission gets an instance of its own (its own memory), a
// copy of the thread's engine image (image.ts): contexts with the guest set up, made once per
// build and kept on disk (image-file.ts), or, where it cannot be kept, made after the thread's
// first request (never in a single grading's pool, which runs one request).
// Every unit of fuel counted, shared with the pool, which reads it while the engine runs.
const ticks = new Int32Array(new SharedArrayBuffer(4));
// A finished submission's engine whose memory grew past this is collected after its reply
// (pool.ts exposes gc): two engines at their cap in a batch's two threads, and the dead ones
// V8 had not yet collected beside them, took the grader past its 500 MB (docs/speed.md).
const COLLECT_AFTER_BYTES = 48 * 2 ** 20;
let collect = false;
const assets: EngineAssets = { newModule: instanceMaker(data.wasmPath), guest: data.guest, modules: data.modules, ticks, images: new Map(), released: (bytes) => { collect ||= bytes > COLLECT_AFTER_BYTES; } };
const gc = (globalThis as { gc?: () => void }).gc;
let cached = false;

// The pool reads this thread's processor time by its id (watchdog.ts).
parentPort!.postMessage({ tid: ownThreadId() ?? null, ticks });

parentPort!.on("message", (message: { id: number; request: SandboxRequest }) => {
  // Where the thread has no image for requests like this one: the one this build kept on disk,
  // or one made now (the request copies it) and kept, so that only a build's first request,
  // whichever pool it comes from, sets up its contexts itself.
  const contexts = imageContexts(contextsOf(message.request));
  const prefix = data.imagePrefix;
  if (prefix !== undefined && !assets.images!.has(contexts)) {
    const kept = loadImage(prefix, contexts);
    if (kept) assets.images!.set(contexts, Promise.resolve(kept));
    else void prepareImage(assets, message.request).then((made) => { if (made) saveImage(prefix, made); });
  }
  runRequest(assets, message.request, (run, previous) => parentPort!.postMessage({ id: message.id, run, previous })).then(
    (reply) => {
      parentPort!.postMessage({ id: message.id, reply });
      if (collect && gc) { collect = false; gc(); }
      // The thread's code cache, once, after the first request (pool.ts runs this file through it).
      if (!cached) { cached = true; saveCodeCaches(); }
      if (data.image) void prepareImage(assets, message.request);
    },
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: String(error instanceof Error ? error.message : error).slice(0, 300) }),
  );
});
