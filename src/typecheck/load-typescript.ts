// Loads the compiler (9 MB of JavaScript) through a V8 code cache (cached-script.cjs), kept in
// node_modules/.cache/grade beside the CLI's bundle: compiling typescript.js and the functions a
// check runs is about a third of a cold type check. The type checker's thread (worker.ts) writes
// the cache after its first check, so that it holds the functions that check compiled.
import { readFileSync } from "node:fs";
import path from "node:path";
import type TypeScript from "typescript";
import { runCachedScript } from "../runner/cached-script.cjs";

/** `file` is typescript.js, as the grader's process resolved it. */
export function loadTypeScript(file: string): typeof TypeScript {
  const version = (JSON.parse(readFileSync(path.join(path.dirname(file), "..", "package.json"), "utf8")) as { version: string }).version;
  const cacheFile = path.join(path.dirname(file), "..", "..", ".cache", "grade", `typescript-${version}-${process.version}.v8cache`);
  return runCachedScript(file, { cacheFile }) as typeof TypeScript;
}
