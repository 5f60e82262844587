// TypeScript 7 (the native compiler, package `typescript7` = typescript@7.0.2) behind
// typed-program.ts. Its API starts one `tsc --api` process, kept across checks (the standard
// library parsed once), and asks this thread for every file through callbacks: each goes through
// the gate (confined-host.ts), the generated files (the probe, the tsconfig) never touch the
// disk, and a callback never answers "read it yourself", so the process reads nothing of the
// submission's on its own. Its CPU and memory are bounded from the grader's thread (thread.ts),
// which sees it as this thread's child.
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { API, isUnionType, SymbolFlags, TypeFlags, type Checker, type Diagnostic, type Project, type Snapshot, type Type } from "typescript7/unstable/sync";
import type { Node, SourceFile } from "typescript7/unstable/ast";
import { isArrowFunction, isFunctionDeclaration, isFunctionExpression, isIdentifier, isVariableDeclaration, isVariableStatement } from "typescript7/unstable/ast/is";
import type { FileGate } from "./confined-host.js";
import { compilerOptionsJson, flattenedLines, type Compiler, type Diag, type ExportView, type ProgramRequest, type TypedProgram, type TypeView } from "./typed-program.js";

const CONFIG_FILE = "__grade_tsconfig__.json";
const NOTHING = TypeFlags.Null | TypeFlags.Undefined | TypeFlags.Void;

/** The native binary of this platform's package, or undefined where none is installed. */
export function typeScript7Binary(packageRoot: string): string | undefined {
  try {
    const require = createRequire(path.join(packageRoot, "package.json"));
    const platform = require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`, { paths: [path.dirname(require.resolve("typescript7/package.json"))] });
    const exe = path.join(path.dirname(platform), "lib", process.platform === "win32" ? "tsc.exe" : "tsc");
    accessSync(exe, constants.X_OK);
    return exe;
  } catch {
    return undefined;
  }
}

/** TypeScript 7, or an error saying it is not installed. */
export function typeScript7(packageRoot: string): TypeScript7 {
  const exe = typeScript7Binary(packageRoot);
  if (!exe) throw new Error(`TypeScript 7's binary for ${process.platform}-${process.arch} is not installed (it is an optional dependency of the typescript7 package)`);
  return new TypeScript7(packageRoot, exe);
}

const chain = (d: Diagnostic): string[] => [d.text, ...(d.messageChain ?? []).flatMap(chain)];
const diag = (d: Diagnostic): Diag => ({ code: d.code, start: d.pos, lines: flattenedLines(chain(d).join("\n")), ...(d.fileName ? { fileName: d.fileName } : {}) });

function view(checker: Checker, type: Type): TypeView {
  const members: readonly Type[] = isUnionType(type) ? type.getTypes() : [type];
  const any = (type.flags & TypeFlags.Any) !== 0;
  return {
    any, writtenAny: any && (type as { intrinsicName?: string }).intrinsicName !== "error",
    nothing: members.every((t) => t.flags & NOTHING), thenable: members.some((t) => checker.getPropertyOfType(t, "then") !== undefined),
    shown: checker.typeToString(type),
  };
}

function parameterRanges(name: Node, sf: SourceFile): [number, number][] {
  const decl = name.parent;
  const fn = decl && isVariableDeclaration(decl) ? decl.initializer : decl;
  if (!fn || !(isFunctionDeclaration(fn) || isArrowFunction(fn) || isFunctionExpression(fn))) return [];
  return fn.parameters.map((p) => [p.getStart(sf), p.end]);
}

class Program7 implements TypedProgram {
  private readonly checker: Checker;

  constructor(private readonly project: Project, private readonly release: () => void) {
    this.checker = project.checker;
  }

  private file(file: string): SourceFile {
    const sf = this.project.program.getSourceFile(file);
    if (!sf) throw new Error(`${file} is not in the type check's program`);
    return sf;
  }

  compiles(file: string): boolean {
    return this.project.program.getSourceFile(file) !== undefined && this.project.program.getSyntacticDiagnostics(file).length === 0;
  }

  semantic(file: string): Diag[] {
    return this.project.program.getSemanticDiagnostics(file).map(diag);
  }

  where(file: string, pos: number): { line: number; character: number } {
    return this.file(file).getLineAndCharacterOfPosition(pos);
  }

  exportOf(file: string, name: string): ExportView {
    const sf = this.file(file);
    const moduleSymbol = this.checker.getSymbolAtLocation(sf);
    const exports = moduleSymbol ? this.checker.getExportsOfModule(moduleSymbol) : [];
    const declared = (symbol: (typeof exports)[number] | undefined) => {
      const resolved = symbol && symbol.flags & SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
      const decl = resolved?.declarations[0]?.resolve(this.project);
      return resolved && decl ? { symbol: resolved, node: (decl as { name?: Node }).name ?? decl } : undefined;
    };
    const named = declared(exports.find((s) => s.name === name));
    if (named) {
      const type = view(this.checker, this.checker.getTypeOfSymbolAtLocation(named.symbol, named.node));
      return { kind: "named", pos: named.node.getStart(sf), type, parameters: parameterRanges(named.node, sf) };
    }
    const fallback = declared(exports.find((s) => s.name === "default"));
    return fallback ? { kind: "default", pos: fallback.node.getStart(sf) } : { kind: "missing" };
  }

  typesOf(file: string, names: readonly string[]): TypeView[] {
    const found = new Map<string, Node>();
    for (const statement of this.file(file).statements) {
      if (!isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) if (isIdentifier(decl.name)) found.set(decl.name.text, decl.name);
    }
    const nodes = names.map((n) => {
      const id = found.get(n);
      if (!id) throw new Error(`the type check's probe declares no ${n}`);
      return id;
    });
    return this.checker.getTypeAtLocation(nodes).map((t, i) => {
      if (!t) throw new Error(`TypeScript 7 gave no type for ${names[i]}`);
      return view(this.checker, t);
    });
  }

  dispose(): void {
    this.release();
  }
}

export class TypeScript7 implements Compiler {
  readonly name = "TypeScript 7";
  readonly libraryDirs: readonly string[];
  private api: API;
  private current: { dir: string; gate: FileGate; generated: ReadonlyMap<string, string> } | undefined;
  /** The submission folders this process has checked. */
  private readonly checked = new Set<string>();

  constructor(private readonly packageRoot: string, private readonly exe: string) {
    const modules = path.join(packageRoot, "node_modules");
    this.libraryDirs = [path.dirname(exe), path.join(modules, "@types"), path.join(modules, "undici-types")];
    this.api = this.open();
  }

  private open(): API {
    const generated = (f: string) => this.current?.generated.get(path.resolve(f));
    return new API({
      cwd: this.packageRoot, tsserverPath: this.exe,
      fs: {
        // null, never undefined: undefined would let the process read the real file itself.
        readFile: (f) => generated(f) ?? this.current?.gate.read(f) ?? null,
        fileExists: (f) => generated(f) !== undefined || (this.current?.gate.exists(f) ?? false),
        directoryExists: (d) => this.current?.gate.directoryExists(d) ?? false,
        realpath: (f) => (generated(f) !== undefined ? f : this.current?.gate.realpath(f) ?? f),
        getAccessibleEntries: (d) => ({ files: [], directories: this.current?.gate.directories(d) ?? [] }),
      },
    });
  }

  /** Throws when the process cannot answer (a binary that does not run on this machine). */
  ready(): this {
    this.api.updateSnapshot().dispose();
    return this;
  }

  build(request: ProgramRequest): TypedProgram {
    const config = path.join(request.dir, CONFIG_FILE);
    const compilerOptions = compilerOptionsJson(request, path.join(this.packageRoot, "node_modules", "@types"));
    const generated = new Map(request.generated);
    generated.set(config, JSON.stringify({ compilerOptions, files: [...request.roots, ...request.generated.keys()] }));
    const dir = path.resolve(request.dir);
    // A folder checked before (watch, after a save) gets a fresh process: TypeScript 7.0.2's API
    // answered the second snapshot of a changed folder with data its own reader could not decode
    // (RangeError: Offset is outside the bounds of the DataView). Other folders (a batch) share one.
    if (this.checked.has(dir)) {
      this.api.close();
      this.api = this.open();
      this.checked.clear();
    }
    this.checked.add(dir);
    this.current = { dir, gate: request.gate, generated };
    const snapshot: Snapshot = this.api.updateSnapshot({ openProjects: [config] });
    const project = snapshot.getProject(config) ?? snapshot.getProjects()[0];
    if (!project) throw new Error("TypeScript 7 opened no project for the type check");
    return new Program7(project, () => {
      snapshot.dispose();
      this.api.updateSnapshot({ closeProjects: [config] }).dispose();
    });
  }

  close(): void {
    this.api.close();
  }
}
