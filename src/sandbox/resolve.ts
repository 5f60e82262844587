// What an import in a student's file refers to: another file of the same submission, the course
// module, one of Node's pure modules (a browser port, run inside the sandbox), or nothing the
// sandbox gives, with the reason in one sentence.
import path from "node:path/posix";
import type { SandboxRequest } from "./protocol.js";

/** Modules every submission may import, as CommonJS text, by id ("grade/course", "node:util"). */
export type ModuleSources = Record<string, string>;

/**
 * A module to run (its CommonJS text), the pack's stand-in for a file (its exports' names: the
 * guest makes them, each answering from the host's table), or why not.
 */
export type Resolved = { id: string; compiled: string; awaits?: true } | { id: string; standIn: string[] } | { id: string; syntax: string } | { refused: string };
type Files = Pick<SandboxRequest, "files" | "refused" | "compiled" | "standIns">;

// A file with a stand-in is that stand-in, under the file's own id (what loaded it says so).
const standInOf = (request: Files, id: string): Resolved | undefined => {
  const standIn = request.standIns !== undefined && Object.hasOwn(request.standIns, id) ? request.standIns[id] : undefined;
  return standIn ? { id, standIn: Object.keys(standIn.exports) } : undefined;
};

const OUTSIDE: Record<string, string> = {
  fs: "reads and writes files", "fs/promises": "reads and writes files", child_process: "starts processes",
  net: "opens network connections", http: "opens network connections", https: "opens network connections",
  http2: "opens network connections", dgram: "opens network connections", dns: "uses the network", tls: "opens network connections",
  worker_threads: "starts threads", cluster: "starts processes", vm: "reaches the JavaScript engine itself", v8: "reaches the JavaScript engine itself",
  inspector: "reaches the JavaScript engine itself",
  repl: "reads the terminal", tty: "reads the terminal",
  crypto: "is not one of the pure modules the sandbox gives",
};
/** A student's file that is an ES module (every one but .cjs, .cts and .json). */
export const ES_MODULE = /\.(m?ts|m?js|tsx|jsx)$/;
/** The name an ES module's imports call for the module they import (transpile.ts; session.ts passes it). */
export const IMPORTS_REQUIRE = "__gradeRequire";
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"];

export function pureModules(modules: ModuleSources): string[] {
  return Object.keys(modules).filter((id) => id.startsWith("node:")).map((id) => id.slice(5));
}

function nodeModule(name: string, modules: ModuleSources): Resolved {
  const id = `node:${name}`;
  if (modules[id] !== undefined) return { id, compiled: modules[id]! };
  const why = OUTSIDE[name];
  const given = pureModules(modules).map((m) => `node:${m}`).join(", ");
  if (why) return { refused: `${id} ${why}, which code in the grader's sandbox cannot do: the tasks need only their inputs. Remove the import (the pure modules ${given} are available).` };
  return { refused: `${id} is not a module the grader's sandbox has. The pure modules ${given} are available.` };
}

function fileModule(request: Files, from: string, spec: string): Resolved {
  const joined = path.normalize(path.join(path.dirname(from || "."), spec));
  if (joined.startsWith("../") || joined === ".." || path.isAbsolute(joined)) {
    return { refused: `"${spec}" leads out of the submission folder; a task may import only files of its own submission.` };
  }
  const base = joined.replace(/\.(c|m)?js$/, "");
  const candidates = [joined, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => `${joined}/index${e}`)];
  for (const id of candidates) {
    const standIn = standInOf(request, id);
    if (standIn) return standIn;
    const why = request.refused[id];
    if (why !== undefined) return { refused: why };
    const source = request.files[id];
    if (source !== undefined) return id.endsWith(".json") ? { id, compiled: `module.exports = ${jsonModule(source)};` } : compiledFile(request, id);
  }
  return { refused: `Cannot find "${spec}"${from ? ` (imported from ${from})` : ""}: no such file in the submission folder.` };
}

// Compiled before the engine ran (compile.ts): every source file of the request is.
function compiledFile(request: Files, id: string): Resolved {
  const compiled = request.compiled?.[id];
  if (compiled === undefined) return { id, syntax: `${id} was not compiled before it ran. This is a bug in the grader; please report it with your files.` };
  return "syntax" in compiled ? { id, syntax: compiled.syntax } : { id, compiled: compiled.code, ...(compiled.awaits ? { awaits: true as const } : {}) };
}

// A JSON file imported as a module: its text checked here as JSON, handed over as a literal.
function jsonModule(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return 'undefined; throw new SyntaxError("this file is not valid JSON")';
  }
}

export function resolveModule(request: Files, modules: ModuleSources, from: string, spec: string): Resolved {
  if (from === "") {
    // The entry the grader loads: a file of the submission, by its path.
    const standIn = standInOf(request, spec);
    if (standIn) return standIn;
    const why = request.refused[spec];
    if (why !== undefined) return { refused: why };
    const source = request.files[spec];
    return source === undefined ? { refused: `${spec} is not in the submission folder.` } : compiledFile(request, spec);
  }
  if (spec === "grade/course") return { id: spec, compiled: modules[spec] ?? "" };
  if (spec.startsWith("./") || spec.startsWith("../") || spec === "." || spec === "..") return fileModule(request, from, spec);
  const name = spec.startsWith("node:") ? spec.slice(5) : spec;
  if (OUTSIDE[name] !== undefined || modules[`node:${name}`] !== undefined || spec.startsWith("node:")) return nodeModule(name, modules);
  if (spec.startsWith("/")) return { refused: `"${spec}" is an absolute path; a task may import only files of its own submission, by a relative path.` };
  return { refused: `The package "${spec}" is not available in the grader's sandbox: a task may import "grade/course", Node's pure modules and files of its own submission.` };
}
