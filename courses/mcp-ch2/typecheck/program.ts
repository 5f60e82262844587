// One TypeScript Program over a submission's three files, the course module and the probe
// (probe.ts), a small generated file that calls each export as the chapter's runner does. The
// compiler only reads the student's files; nothing is run. Files outside the submission (the standard library,
// the course module) are parsed once per ProgramBuilder and reused on every check, which is what
// makes re-checking in watch mode fast.
//
// The chapter's tasks need no Node API, and @types/node more than doubles the compiler's work,
// so a Program is first built with a two-line declaration of `console` instead; only when the
// student's code turns out to use Node (process, require, a node: import, a global such as
// structuredClone that the standard library lacks) is it rebuilt with @types/node 20, so such
// code is checked as it really is.
import path from "node:path";
import ts from "typescript";
import { confinedHost, FileGate } from "../../../src/typecheck/confined-host.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { PROBE_FILE, probeSource, type Probe } from "./probe.js";

/** The generated files; never written to disk. */
const GLOBALS_FILE = "__grade_globals__.d.ts";
const CONSOLE_METHODS = ["assert", "count", "debug", "dir", "error", "group", "groupEnd", "info", "log", "table", "time", "timeEnd", "trace", "warn"];
const GLOBALS = `declare var console: { ${CONSOLE_METHODS.map((m) => `${m}(...data: unknown[]): void;`).join(" ")} };\n`;

/**
 * Diagnostics that mean "this code may use Node": cannot find a name (process, require, Buffer,
 * structuredClone, TextEncoder, ...), a namespace (NodeJS) or a module (node:assert).
 */
export const NEEDS_NODE_CODES = new Set([2304, 2552, 2580, 2591, 2592, 2503, 2307, 2868]);

/** The options for a package root (where src/course and node_modules/@types are). */
export const compilerOptions = (packageRoot: string, withNode: boolean): ts.CompilerOptions => ({
  strict: true,
  noImplicitReturns: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  lib: ["lib.es2023.d.ts"],
  types: withNode ? ["node"] : [],
  typeRoots: [path.join(packageRoot, "node_modules", "@types")],
  // Students import the course as "grade/course", from inside the repository or outside it.
  paths: { "grade/course": [path.join(packageRoot, "courses", "mcp-ch2", "course", "index.ts")] },
});

/** The grader's own files the compiler may read: the standard library, @types, the course module. */
export function graderDirs(packageRoot: string): string[] {
  const modules = path.join(packageRoot, "node_modules");
  return [
    path.dirname(ts.getDefaultLibFilePath({})), path.join(modules, "@types"), path.join(modules, "undici-types"),
    path.join(packageRoot, "courses", "mcp-ch2", "course"), path.join(packageRoot, "courses", "mcp-ch2", "typecheck", "caller-types.ts"),
    path.join(packageRoot, "src", "json", "python-json.ts"), path.join(packageRoot, "src", "pack", "not-written-yet.ts"),
  ];
}

export interface Built {
  program: ts.Program;
  probe: Probe;
  probeFile: string;
  /** What the submission named that the compiler was not given, and why. */
  gate: FileGate;
}

export class ProgramBuilder {
  private readonly shared = new Map<string, ts.SourceFile | undefined>();
  private readonly previous = new Map<boolean, ts.Program>();
  private readonly graderDirs: string[];

  constructor(private readonly packageRoot: string) {
    this.graderDirs = graderDirs(packageRoot);
  }

  /** A Program over the given task files of the submission (absolute paths), and its probe. */
  build(submissionDir: string, tasks: readonly TaskId[], withNode: boolean, display: (abs: string) => string): Built {
    const options = compilerOptions(this.packageRoot, withNode);
    const probe = probeSource(tasks, path.join(this.packageRoot, "courses", "mcp-ch2", "typecheck", "caller-types.ts"));
    const probeFile = path.join(submissionDir, PROBE_FILE);
    const generated = new Map([[probeFile, probe.text]]);
    if (!withNode) generated.set(path.join(submissionDir, GLOBALS_FILE), GLOBALS);
    const gate = new FileGate(submissionDir, this.graderDirs, display);
    const host = confinedHost(ts, options, gate, generated, this.shared);
    const roots = [...tasks.map((t) => path.join(submissionDir, TASKS[t].file)), ...generated.keys()];
    const oldProgram = this.previous.get(withNode);
    const program = ts.createProgram({ rootNames: roots, options, host, ...(oldProgram ? { oldProgram } : {}) });
    this.previous.set(withNode, program);
    return { program, probe, probeFile, gate };
  }
}
