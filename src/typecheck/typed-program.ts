// What the type checks ask of a compiler, the same for TypeScript 5.9 (program-59.ts, in the
// thread) and TypeScript 7 (program-7.ts, a native process): the diagnostics of a file, where
// a position is, what a file exports and what type a probe's result has. The checks (the
// generic probe-check.ts and chapter 2's own) are written against this, so that both compilers
// give them the same findings; docs/typecheck.md says which one runs.
import type { FileGate } from "./confined-host.js";

/** A diagnostic, its message chain flattened to lines as tsc prints it (trimmed, without blanks). */
export interface Diag {
  code: number;
  start: number;
  fileName?: string;
  lines: string[];
}

/** What the checks read of a type. */
export interface TypeView {
  any: boolean;
  /** An `any` the code wrote (not the stand-in for a name that could not be resolved). */
  writtenAny: boolean;
  /** Every member is null, undefined or void. */
  nothing: boolean;
  /** Some member has a `then`: a Promise or a thenable. */
  thenable: boolean;
  shown: string;
}

export type ExportView =
  /** `pos`: the start of the declaration's name; `parameters`: the ranges of its function's parameters. */
  | { kind: "named"; pos: number; type: TypeView; parameters: readonly (readonly [number, number])[] }
  | { kind: "default"; pos: number }
  | { kind: "missing" };

export interface TypedProgram {
  /** False when the file is not in the program or has syntax errors. */
  compiles(file: string): boolean;
  semantic(file: string): Diag[];
  /** 0-based line and character of a position of the file. */
  where(file: string, pos: number): { line: number; character: number };
  /** The file's export of that name (through `export { x as y }`), else its default export. */
  exportOf(file: string, name: string): ExportView;
  /** The types of the file's top-level variables of these names. */
  typesOf(file: string, names: readonly string[]): TypeView[];
  /** Lets the compiler drop what it holds for this program. */
  dispose(): void;
}

export interface ProgramRequest {
  dir: string;
  roots: readonly string[];
  /** Files that are never on disk (the probe, the console declaration), by absolute path. */
  generated: ReadonlyMap<string, string>;
  withNode: boolean;
  /** The file "grade/course" names. */
  courseModule: string;
  gate: FileGate;
}

/** A compiler kept between checks (watch and batch keep one): the standard library read once. */
export interface Compiler {
  readonly name: "TypeScript 7" | "TypeScript 5.9";
  /** The grader's own folders and files it reads: its standard library, @types. */
  readonly libraryDirs: readonly string[];
  build(request: ProgramRequest): TypedProgram;
  close(): void;
}

/** "TS2322: the first three lines …", as a finding quotes a diagnostic. */
export function shown(d: Diag): string {
  return `TS${d.code}: ${d.lines.slice(0, 3).join(" ")}${d.lines.length > 3 ? " …" : ""}`;
}

export const flattenedLines = (text: string): string[] => text.split("\n").map((l) => l.trim()).filter(Boolean);

/** The compiler options both compilers are given, as a tsconfig's compilerOptions. */
export function compilerOptionsJson(request: Pick<ProgramRequest, "withNode" | "courseModule">, typeRoots: string): Record<string, unknown> {
  return {
    strict: true, noImplicitReturns: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true,
    target: "es2022", module: "esnext", moduleResolution: "bundler", lib: ["es2023"],
    types: request.withNode ? ["node"] : [], typeRoots: [typeRoots],
    // Students import the course as "grade/course", from inside the repository or outside it.
    paths: { "grade/course": [request.courseModule] },
  };
}
