// Runs a CommonJS file through a V8 code cache (FILE.v8cache, or a file of the caller's choice).
// Node 20 keeps no code cache for the modules it loads, and on our machines compiling what a run
// uses is a large part of its start-up: the grader's own bundle (bin/grade.js), the TypeScript
// compiler for a type check and for the student's files after an edit. Plain CommonJS, with
// types in cached-script.d.cts, so that bin/grade.js can use it before anything is compiled.
//
// A cache is written once, at the end of the first run that had none (or one V8 rejected: another
// Node, other flags, another file), so that it holds the functions that run compiled; V8 itself
// checks that a cache fits the file it is given.
const { mkdirSync, readFileSync, renameSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

/** Scripts run without a usable cache in this process, whose cache is yet to be written. */
const fresh = new Map();

/**
 * Runs `file` as a CommonJS module and returns its exports. `wrapped`: the file is already one
 * function expression of (exports, require, module, __filename, __dirname), as bin/grade.js
 * writes its bundles (in ASCII, read as Latin-1: a one-byte string, with no copy to wrap it);
 * otherwise it is a module as Node would load it. `require`: what the module's require calls.
 * `cacheFile`: where its cache is kept, when not beside it.
 */
function runCachedScript(file, options = {}) {
  const cacheFile = options.cacheFile ?? `${file}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch { /* none yet */ }
  const text = options.wrapped ? readFileSync(file, "latin1") : Module.wrap(readFileSync(file, "utf8"));
  const script = new vm.Script(text, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cachedData === undefined || script.cachedDataRejected === true) fresh.set(cacheFile, script);
  const module = { exports: {} };
  const run = script.runInThisContext();
  run.call(module.exports, module.exports, options.require ?? Module.createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Writes the caches this process has yet to write; best effort, never an error. */
function saveCodeCaches() {
  for (const [cacheFile, script] of fresh) {
    fresh.delete(cacheFile);
    try {
      mkdirSync(path.dirname(cacheFile), { recursive: true });
      const temp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temp, script.createCachedData());
      renameSync(temp, cacheFile);
    } catch { /* a read-only install runs as it did before the cache */ }
  }
}

module.exports = { runCachedScript, saveCodeCaches };
