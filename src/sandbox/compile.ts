// A student's TypeScript to the CommonJS the guest's module system runs. Sucrase only strips
// types and rewrites imports, keeping every line where it was, so a stack's line numbers are
// the student's own with no source map. It runs in the sandbox's thread, under its watchdog,
// never in the grader's; the same text compiles to the same code, so a class's identical files
// (an untouched starter) are compiled once.
import { transform } from "sucrase";

export type Compiled = string | { syntax: string };

const cache = new Map<string, Compiled>();
const CACHE_ENTRIES = 2000;

/** `shown` goes before the file's path in an error message ("my-work/"). */
export function compileModule(id: string, source: string, shown = ""): Compiled {
  const key = `${shown}\0${id}\0${source}`;
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const compiled = compile(id, source, shown);
  if (cache.size >= CACHE_ENTRIES) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

function compile(id: string, source: string, shown: string): Compiled {
  const typed = /\.(c|m)?tsx?$/.test(id);
  try {
    return transform(source, {
      transforms: typed ? ["typescript", "imports"] : ["imports"],
      filePath: id, disableESTransforms: true, production: true, preserveDynamicImport: false,
    }).code;
  } catch (error) {
    return { syntax: describe(shown + id, error) };
  }
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
