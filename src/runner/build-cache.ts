// The grader's own code that runs elsewhere (the sandbox's entry and harness, the type checker's
// thread) is compiled with esbuild from src/. Compiling it on every run cost a service start and
// tens of milliseconds before the sandbox could take a job; the result is kept in
// node_modules/.cache/grade with the size and time of every file it was made from, and made
// again when any of them changes (or the cache cannot be read or written).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildOptions } from "esbuild";
import { esbuild } from "./esbuild.js";

export const CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules", ".cache", "grade");

interface Cached {
  inputs: Record<string, string>;
  text: string;
}

const stamp = (file: string): string => {
  const s = statSync(file);
  return `${s.size}:${s.mtimeMs}`;
};

/** Builds under way: esbuild's service stops when none is. */
let building = 0;

export type OneBuild = BuildOptions & { entryPoints: string[] };

function cacheFile(options: OneBuild, key: string): string {
  const { plugins, ...plain } = options;
  const id = createHash("sha256").update(JSON.stringify(plain)).update(key).update(process.version).digest("hex").slice(0, 16);
  return path.join(CACHE_DIR, `build-${path.basename(options.entryPoints[0]!, ".ts")}-${id}.json`);
}

/**
 * The kept text of a one-output build, if it is still what a build would make; at once, so that
 * a caller can use it in the same turn (pool.ts sends the sandbox its code as it starts it).
 */
export function keptBuild(options: OneBuild, key = ""): string | undefined {
  try {
    const cached = JSON.parse(readFileSync(cacheFile(options, key), "utf8")) as Cached;
    if (Object.entries(cached.inputs).every(([input, was]) => stamp(input) === was)) return cached.text;
  } catch { /* none yet, or a file it was made from is gone */ }
  return undefined;
}

/**
 * The text of a one-output build. `key` names what else decides the output (paths a plugin
 * writes into it, say); the options themselves are part of the key.
 */
export async function cachedBuild(options: OneBuild, key = ""): Promise<string> {
  const kept = keptBuild(options, key);
  if (kept !== undefined) return kept;
  let result;
  building++;
  try {
    result = await esbuild().build({ ...options, write: false, metafile: true });
  } finally {
    // esbuild's service is a process of its own that would stay for the whole run, about 100 MB
    // beside the grading (docs/speed.md): stopped once no build is under way; a later one starts it.
    if (--building === 0) void esbuild().stop();
  }
  const text = result.outputFiles![0]!.text;
  try {
    const inputs = Object.fromEntries(Object.keys(result.metafile!.inputs)
      .filter((input) => !input.includes(":")) // a plugin's virtual module is no file
      .map((input) => { const abs = path.resolve(input); return [abs, stamp(abs)]; }));
    mkdirSync(CACHE_DIR, { recursive: true });
    const file = cacheFile(options, key);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ inputs, text } satisfies Cached));
    renameSync(temp, file);
  } catch { /* a read-only install compiles every time, as before the cache */ }
  return text;
}

/**
 * A build's text as a file node can run, named by its content (`name-<hash>.cjs` in the cache):
 * a kept one is never half-written or stale. Falls back to a file in the system's temp folder
 * when the cache cannot be written.
 */
export function keptFile(name: string, code: string): string {
  const digest = createHash("sha256").update(code).digest("hex").slice(0, 16);
  for (const dir of [CACHE_DIR, path.join(os.tmpdir(), "grade-cache")]) {
    const file = path.join(dir, `${name}-${digest}.cjs`);
    try {
      if (!existsSync(file)) {
        mkdirSync(dir, { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        writeFileSync(temp, code);
        renameSync(temp, file);
      }
      return file;
    } catch { /* read-only: try the next */ }
  }
  throw new Error(`the grader could not write its ${name} script to ${CACHE_DIR} or the temp folder`);
}
