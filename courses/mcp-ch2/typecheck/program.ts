// One program over a submission's three files, the course module and the probe (probe.ts), a
// small generated file that calls each export as the chapter's runner does, built by the engine's
// compiler (src/typecheck/compilers.ts: TypeScript 7, or 5.9 where 7 is not installed). The
// compiler only reads the student's files; nothing is run. Files outside the submission (the
// standard library, the course module) are parsed once per compiler and reused on every check,
// which is what makes re-checking in watch mode fast.
//
// The chapter's tasks need no Node API, and @types/node more than doubles the compiler's work,
// so a Program is first built with a two-line declaration of `console` instead; only when the
// student's code turns out to use Node (process, require, a node: import, a global such as
// structuredClone that the standard library lacks) is it rebuilt with @types/node 20, so such
// code is checked as it really is.
import path from "node:path";
import { FileGate } from "../../../src/typecheck/confined-host.js";
import type { Compiler, TypedProgram } from "../../../src/typecheck/typed-program.js";
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

/** The grader's own files the compiler may read beside its standard library and @types: the course module. */
export function graderFiles(packageRoot: string): string[] {
  return [
    path.join(packageRoot, "courses", "mcp-ch2", "course"), path.join(packageRoot, "courses", "mcp-ch2", "typecheck", "caller-types.ts"),
    path.join(packageRoot, "src", "json", "python-json.ts"), path.join(packageRoot, "src", "pack", "not-written-yet.ts"),
  ];
}

export interface Built {
  program: TypedProgram;
  probe: Probe;
  probeFile: string;
  /** What the submission named that the compiler was not given, and why. */
  gate: FileGate;
}

export class ProgramBuilder {
  private readonly graderDirs: string[];

  constructor(private readonly packageRoot: string, private readonly compiler: Compiler) {
    this.graderDirs = [...compiler.libraryDirs, ...graderFiles(packageRoot)];
  }

  /** A program over the given task files of the submission (absolute paths), and its probe. */
  build(submissionDir: string, tasks: readonly TaskId[], withNode: boolean, display: (abs: string) => string): Built {
    const probe = probeSource(tasks, path.join(this.packageRoot, "courses", "mcp-ch2", "typecheck", "caller-types.ts"));
    const probeFile = path.join(submissionDir, PROBE_FILE);
    const generated = new Map([[probeFile, probe.text]]);
    if (!withNode) generated.set(path.join(submissionDir, GLOBALS_FILE), GLOBALS);
    const gate = new FileGate(submissionDir, this.graderDirs, display);
    const program = this.compiler.build({
      dir: submissionDir, roots: tasks.map((t) => path.join(submissionDir, TASKS[t].file)), generated, withNode, gate,
      // Students import the course as "grade/course", from inside the repository or outside it.
      courseModule: path.join(this.packageRoot, "courses", "mcp-ch2", "course", "index.ts"),
    });
    return { program, probe, probeFile, gate };
  }
}
