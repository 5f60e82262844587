// The sandbox's thread, started before the CLI has loaded. A new thread spends about 100 ms in
// Node's own start-up (its isolate, its built-in modules) before it runs a line of ours, and a
// single grading waited for that after loading the CLI, the pack and its plan (docs/speed.md,
// "The sandbox's thread started early"). bin/grade.js starts one at its first line for a grading
// (startEarlyThread); it waits, running nothing, until the pool hands it its code and data
// (takeEarlyThread), which the pool's own threads get at their start. It is the same thread the
// pool would have made: the same options, the same flags; only what it runs arrives later.
//
// Plain CommonJS, so that bin/grade.js can start it before anything is compiled.
"use strict";
const { Worker } = require("node:worker_threads");
const { setFlagsFromString } = require("node:v8");

/**
 * The thread's limits: its own heap (its JavaScript, not the engine's memory, which the engine
 * caps); its young generation, capped (left to grow, 48 MB, it held 45 MB where 13 MB were in
 * use); its native stack, where the engine's C frames for one of QuickJS's stack (session.ts
 * MAX_STACK_BYTES) take up to about 25 times as much (its parser, JSON.stringify), and a native
 * overflow would stop the engine as the grader's error rather than the student's.
 */
const THREAD_OPTIONS = Object.freeze({
  resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 12, stackSizeMb: 64 },
  env: {},
  stdout: true,
  stderr: true,
});

let gcExposed = false;
/**
 * The threads made from now on have gc(): a sandbox thread collects a finished submission's
 * engine when it grew large (worker.ts), so that its memory is not held until V8 next collects.
 * The flag only adds a global to the threads' own V8 contexts; the student's code runs in QuickJS.
 */
function exposeGcToThreads() {
  if (!gcExposed) setFlagsFromString("--expose-gc");
  gcExposed = true;
}

// What a waiting thread runs on its handoff: the data its code reads as workerData, then the code.
const DATA_KEY = 'Symbol.for("grade.threadData")';
const WAITING = `require("node:worker_threads").parentPort.once("message", (m) => { globalThis[${DATA_KEY}] = m.data; new Function("require", m.code)(require); });`;

// Kept on the process's global, not in this module: the CLI's bundle holds a copy of this file
// of its own, beside the one bin/grade.js loads.
const WAITING_KEY = Symbol.for("grade.earlyThread");

/** Starts the waiting thread, once per process; it keeps nothing alive while it waits. */
function startEarlyThread() {
  if (globalThis[WAITING_KEY]) return;
  exposeGcToThreads();
  const worker = new Worker(WAITING, { eval: true, ...THREAD_OPTIONS });
  worker.unref();
  // A thread never taken ends with the process; an error before its handoff leaves it unused.
  worker.on("error", () => { if (globalThis[WAITING_KEY] === worker) globalThis[WAITING_KEY] = undefined; });
  globalThis[WAITING_KEY] = worker;
}

/** The waiting thread, now running `code` with `data`, or undefined when there is none. */
function takeEarlyThread(code, data) {
  const worker = globalThis[WAITING_KEY];
  globalThis[WAITING_KEY] = undefined;
  if (!worker || worker.threadId < 0) return undefined;
  worker.removeAllListeners("error");
  worker.postMessage({ code, data });
  return worker;
}

module.exports = { THREAD_OPTIONS, exposeGcToThreads, startEarlyThread, takeEarlyThread };
