// How a sandbox process is started: plain CommonJS, so that bin/grade.js can start one before it
// has loaded the grader itself (a sandbox takes node's whole start-up to be ready), and the pool
// (pool.ts) starts them the same way. Types in sandbox-process.d.cts.
const { spawn } = require("node:child_process");

const MEMORY_LIMIT_MB = 256;

/**
 * The flags every sandbox process runs with: no fs, child_process, worker or addon rights, and
 * no optimising compiler (--no-opt): a job's code runs for milliseconds, far less than V8 spends
 * optimising it on another core, and every submission's code is new to it. Measured, that halved
 * the time of a batch with the behaviour checks.
 */
const SANDBOX_FLAGS = ["--experimental-permission", "--no-warnings", "--no-opt", `--max-old-space-size=${MEMORY_LIMIT_MB}`];

// A sandbox process starts before its code is compiled: it takes the entry's code as its first
// message (pool-entry.ts, CommonJS, run with Node's require), then serves as that code says.
const BOOT = 'process.once("message", (m) => new Function("require", "module", "exports", m.entry)(require, { exports: {} }, {}));';

function spawnSandbox() {
  return spawn(process.execPath, [...SANDBOX_FLAGS, "-e", BOOT], { stdio: ["ignore", "ignore", "pipe", "ipc"], env: {}, serialization: "advanced" });
}

module.exports = { MEMORY_LIMIT_MB, SANDBOX_FLAGS, spawnSandbox };
