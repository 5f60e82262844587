// One TypeScript Program over a submission's three files, the course module and a small
// generated file that assigns each export to the chapter's typed interface. The compiler only
// reads the student's files; nothing is run. Files outside the submission (the standard library,
// the course module) are parsed once per ProgramBuilder and reused on every check, which is what
// makes re-checking in watch mode fast.
//
// The chapter's tasks need no Node API, and @types/node more than doubles the compiler's work,
// so a Program is first built with a two-line declaration of `console` instead; only when the
// student's code turns out to use Node (process, require, a node: import) is it rebuilt with
// @types/node, so such code is checked as it really is.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { TASKS, type TaskId } from "../course/tasks.js";

/** The generated files; never written to disk. */
export const INTERFACE_FILE = "__grade_interface__.ts";
const GLOBALS_FILE = "__grade_globals__.d.ts";
const GLOBALS = "declare var console: { log(...data: unknown[]): void; error(...data: unknown[]): void; warn(...data: unknown[]): void;\n  info(...data: unknown[]): void; debug(...data: unknown[]): void };\n";

const INTERFACE_TYPES: Record<TaskId, string> = { task1: "ToMcp", task2: "Handle", task3: "Serve" };

/** Diagnostics that mean "this code uses Node": cannot find name process/require/Buffer, module node:x. */
export const NEEDS_NODE_CODES = new Set([2580, 2591, 2592, 2503, 2307, 2868]);

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
  paths: { "grade/course": [path.join(packageRoot, "src", "course", "index.ts")] },
});

/** The generated file's text; line N+1 (0-based N) holds the assignment for tasks[N]. */
export function interfaceSource(tasks: readonly TaskId[]): string {
  const header = `import type { ${tasks.map((t) => INTERFACE_TYPES[t]).join(", ")} } from "grade/course";`;
  const lines = tasks.map((t) => `import { ${TASKS[t].exportName} as __${t} } from "./${TASKS[t].file}"; export const __check_${t}: ${INTERFACE_TYPES[t]} = __${t};`);
  return [header, ...lines].join("\n") + "\n";
}

export class ProgramBuilder {
  private readonly shared = new Map<string, ts.SourceFile | undefined>();
  private readonly previous = new Map<boolean, ts.Program>();

  constructor(private readonly packageRoot: string) {}

  /** A Program over the given task files of the submission (absolute paths). */
  build(submissionDir: string, tasks: readonly TaskId[], withNode: boolean): ts.Program {
    const options = compilerOptions(this.packageRoot, withNode);
    const host = ts.createCompilerHost(options, true);
    const generated = new Map([[path.join(submissionDir, INTERFACE_FILE), interfaceSource(tasks)]]);
    if (!withNode) generated.set(path.join(submissionDir, GLOBALS_FILE), GLOBALS);
    const inSubmission = (file: string): boolean => path.resolve(file).startsWith(submissionDir + path.sep);
    const defaultGet = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError) => {
      const text = generated.get(path.resolve(fileName));
      if (text !== undefined) return ts.createSourceFile(fileName, text, languageVersion, true);
      if (inSubmission(fileName)) return defaultGet(fileName, languageVersion, onError);
      if (!this.shared.has(fileName)) this.shared.set(fileName, defaultGet(fileName, languageVersion, onError));
      return this.shared.get(fileName);
    };
    const defaultExists = host.fileExists.bind(host);
    host.fileExists = (fileName) => generated.has(path.resolve(fileName)) || defaultExists(fileName);
    host.readFile = (fileName) => generated.get(path.resolve(fileName)) ?? readTextOrUndefined(fileName);
    const roots = [...tasks.map((t) => path.join(submissionDir, TASKS[t].file)), ...generated.keys()];
    const oldProgram = this.previous.get(withNode);
    const program = ts.createProgram({ rootNames: roots, options, host, ...(oldProgram ? { oldProgram } : {}) });
    this.previous.set(withNode, program);
    return program;
  }
}

function readTextOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
