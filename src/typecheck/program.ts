// One TypeScript Program over a submission's three files, the course module and a small
// generated file that assigns each export to the chapter's typed interface. The compiler only
// reads the student's files; nothing is run. Files outside the submission (the standard library,
// @types/node, the course module) are parsed once per TypeChecker and reused on every check,
// which is what makes re-checking in watch mode fast.
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { TASKS, type TaskId } from "../course/tasks.js";

/** The generated file that holds a submission to the interface; never written to disk. */
export const INTERFACE_FILE = "__grade_interface__.ts";

const INTERFACE_TYPES: Record<TaskId, string> = { task1: "ToMcp", task2: "Handle", task3: "Serve" };

/** The options for a package root (where src/course and node_modules/@types are). */
export const compilerOptions = (packageRoot: string): ts.CompilerOptions => ({
  strict: true,
  noImplicitReturns: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  skipLibCheck: true,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
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
  private previous: ts.Program | undefined;
  private readonly options: ts.CompilerOptions;

  constructor(packageRoot: string) {
    this.options = compilerOptions(packageRoot);
  }

  /** A Program over the given task files of the submission (absolute paths). */
  build(submissionDir: string, tasks: readonly TaskId[]): ts.Program {
    const host = ts.createCompilerHost(this.options, true);
    const inSubmission = (file: string): boolean => path.resolve(file).startsWith(submissionDir + path.sep);
    const interfacePath = path.join(submissionDir, INTERFACE_FILE);
    const interfaceText = interfaceSource(tasks);
    const defaultGet = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersion, onError) => {
      if (path.resolve(fileName) === interfacePath) return ts.createSourceFile(fileName, interfaceText, languageVersion, true);
      if (inSubmission(fileName)) return defaultGet(fileName, languageVersion, onError);
      if (!this.shared.has(fileName)) this.shared.set(fileName, defaultGet(fileName, languageVersion, onError));
      return this.shared.get(fileName);
    };
    const defaultExists = host.fileExists.bind(host);
    host.fileExists = (fileName) => path.resolve(fileName) === interfacePath || defaultExists(fileName);
    host.readFile = (fileName) => (path.resolve(fileName) === interfacePath ? interfaceText : readTextOrUndefined(fileName));
    const roots = [...tasks.map((t) => path.join(submissionDir, TASKS[t].file)), interfacePath];
    this.previous = ts.createProgram({ rootNames: roots, options: this.options, host, ...(this.previous ? { oldProgram: this.previous } : {}) });
    return this.previous;
  }
}

function readTextOrUndefined(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
