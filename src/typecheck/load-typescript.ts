// Loads the compiler (9 MB of JavaScript) through a V8 code cache, kept in
// node_modules/.cache/grade beside the CLI's bundle: compiling typescript.js and the functions a
// check runs is about a third of a cold type check. The cache is written once, after the first
// check (so it holds the functions that check compiled), and V8 itself rejects a cache made by
// another Node or another compiler version, in which case it is made again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import type TypeScript from "typescript";

let script: vm.Script | undefined;
let cacheFile: string | undefined;
let fresh = false;

/** `file` is typescript.js, as the grader's process resolved it. */
export function loadTypeScript(file: string): typeof TypeScript {
  const version = (JSON.parse(readFileSync(path.join(path.dirname(file), "..", "package.json"), "utf8")) as { version: string }).version;
  cacheFile = path.join(path.dirname(file), "..", "..", ".cache", "grade", `typescript-${version}-${process.version}.v8cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch { /* no cache yet */ }
  script = new vm.Script(Module.wrap(readFileSync(file, "utf8")), { filename: file, ...(cachedData ? { cachedData } : {}) });
  fresh = cachedData === undefined || script.cachedDataRejected === true;
  const module = { exports: {} as typeof TypeScript };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, path.dirname(file));
  return module.exports;
}

/** Writes the code cache if there was none (or V8 rejected it); best effort, never an error. */
export function saveTypeScriptCache(): void {
  if (!fresh || !script || !cacheFile) return;
  fresh = false;
  try {
    mkdirSync(path.dirname(cacheFile), { recursive: true });
    const temp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temp, script.createCachedData());
    renameSync(temp, cacheFile);
  } catch { /* a read-only install grades as fast as before the cache */ }
}
