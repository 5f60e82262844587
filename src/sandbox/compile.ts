// A student's TypeScript to the CommonJS the guest's module system runs. Sucrase only strips
// types and rewrites imports, keeping every line where it was, so a stack's line numbers are
// the student's own with no source map. It runs in the sandbox's thread, under its watchdog,
// never in the grader's. The same text compiles to the same code: kept in memory for a class's
// identical files and, in the sandbox's threads, on disk (by a hash of the text), so that
// grading unchanged files again compiles nothing. The live server, a process that can read
// only its own files, never reads that folder: it holds every student's compiled code.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transform } from "sucrase";
import { CACHE_DIR } from "../runner/build-cache.js";

export type Compiled = string | { syntax: string };

const cache = new Map<string, Compiled>();
const CACHE_ENTRIES = 2000;
const DISK = path.join(CACHE_DIR, "compiled");
let disk = false;

/** Keeps compiled code on disk too (the threads of a grading or watch pool, worker.ts). */
export function keepCompiledOnDisk(): void {
  disk = true;
}

/** `shown` goes before the file's path in an error message ("my-work/"). */
export function compileModule(id: string, source: string, shown = ""): Compiled {
  const key = `${shown}\0${id}\0${source}`;
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const compiled = (disk ? fromDisk(key) : undefined) ?? compile(id, source, shown);
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

function diskFile(key: string): string {
  return path.join(DISK, `${createHash("sha256").update(key).digest("hex")}.json`);
}

function fromDisk(key: string): Compiled | undefined {
  try {
    return JSON.parse(readFileSync(diskFile(key), "utf8")) as Compiled;
  } catch {
    return undefined; // not compiled before, or unreadable: compiled now
  }
}

function toDisk(key: string, compiled: Compiled): void {
  try {
    mkdirSync(DISK, { recursive: true });
    const file = diskFile(key);
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    writeFileSync(temp, JSON.stringify(compiled));
    renameSync(temp, file);
  } catch { /* a read-only install compiles every time */ }
}

function compile(id: string, source: string, shown: string): Compiled {
  const typed = /\.(c|m)?tsx?$/.test(id);
  let compiled: Compiled;
  try {
    compiled = transform(source, {
      transforms: typed ? ["typescript", "imports"] : ["imports"],
      filePath: id, disableESTransforms: true, production: true, preserveDynamicImport: false,
    }).code;
  } catch (error) {
    compiled = { syntax: describe(shown + id, error) };
  }
  if (disk) toDisk(`${shown}\0${id}\0${source}`, compiled);
  return compiled;
}

function describe(id: string, error: unknown): string {
  if (error instanceof RangeError) return `${id} is nested too deeply to compile. Split the expression into smaller ones.`;
  // Sucrase's parse errors: "Error transforming task1.ts: Unexpected token, expected "," (5:91)".
  const message = (error instanceof Error ? error.message : String(error)).replace(/^Error transforming [^:]*: /, "");
  // Sucrase: "Unexpected token (3:7)" (line from 1, column from 0); shown as file:line:column.
  const m = /^(.*?) \((\d+):(\d+)\)$/s.exec(message.slice(0, 500));
  if (m) return `${id}:${m[2]}:${Number(m[3]) + 1}: ${m[1]}. Fix the code at that place and save.`;
  return `${id} could not be compiled: ${message.slice(0, 300)}.`;
}
