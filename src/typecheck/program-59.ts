// TypeScript 5.9 behind typed-program.ts: a Program in this thread over a host whose every read
// goes through the gate (confined-host.ts). Files outside the submission (the standard library,
// @types, the course module) are parsed once per compiler and reused on every check, and each
// Program is built from the previous one, which is what makes re-checking in watch mode fast.
// The fallback where TypeScript 7's native binary is not installed (compilers.ts).
import path from "node:path";
import ts from "typescript";
import { confinedHost } from "./confined-host.js";
import { compilerOptionsJson, flattenedLines, type Compiler, type Diag, type ExportView, type ProgramRequest, type TypedProgram, type TypeView } from "./typed-program.js";

const NOTHING = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

const diag = (d: ts.Diagnostic): Diag => ({
  code: d.code, start: d.start ?? 0, lines: flattenedLines(ts.flattenDiagnosticMessageText(d.messageText, "\n")),
  ...(d.file ? { fileName: d.file.fileName } : {}),
});

function view(checker: ts.TypeChecker, type: ts.Type): TypeView {
  const members = type.isUnion() ? type.types : [type];
  const any = (type.flags & ts.TypeFlags.Any) !== 0;
  return {
    any, writtenAny: any && (type as { intrinsicName?: string }).intrinsicName !== "error",
    nothing: members.every((t) => t.flags & NOTHING), thenable: members.some((t) => checker.getPropertyOfType(t, "then") !== undefined),
    shown: checker.typeToString(type),
  };
}

function parameterRanges(name: ts.Node): [number, number][] {
  const decl = name.parent;
  const fn = decl && ts.isVariableDeclaration(decl) ? decl.initializer : decl;
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return [];
  return fn.parameters.map((p) => [p.getStart(), p.getEnd()]);
}

function exportOf(checker: ts.TypeChecker, sf: ts.SourceFile, name: string): ExportView {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  const declared = (symbol: ts.Symbol | undefined) => {
    const resolved = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const decl = resolved?.declarations?.[0];
    return resolved && decl ? { symbol: resolved, node: (decl as { name?: ts.Node }).name ?? decl } : undefined;
  };
  const named = declared(exports.find((s) => s.name === name));
  if (named) {
    const type = view(checker, checker.getTypeOfSymbolAtLocation(named.symbol, named.node));
    return { kind: "named", pos: named.node.getStart(), type, parameters: parameterRanges(named.node) };
  }
  const fallback = declared(exports.find((s) => s.name === "default"));
  return fallback ? { kind: "default", pos: fallback.node.getStart() } : { kind: "missing" };
}

class Program59 implements TypedProgram {
  private readonly checker: ts.TypeChecker;

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
  }

  private file(file: string): ts.SourceFile {
    const sf = this.program.getSourceFile(file);
    if (!sf) throw new Error(`${file} is not in the type check's program`);
    return sf;
  }

  compiles(file: string): boolean {
    const sf = this.program.getSourceFile(file);
    return sf !== undefined && this.program.getSyntacticDiagnostics(sf).length === 0;
  }

  semantic(file: string): Diag[] {
    return this.program.getSemanticDiagnostics(this.file(file)).map(diag);
  }

  where(file: string, pos: number): { line: number; character: number } {
    return this.file(file).getLineAndCharacterOfPosition(pos);
  }

  exportOf(file: string, name: string): ExportView {
    return exportOf(this.checker, this.file(file), name);
  }

  typesOf(file: string, names: readonly string[]): TypeView[] {
    const found = new Map<string, ts.Identifier>();
    for (const statement of this.file(file).statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) found.set(decl.name.text, decl.name);
    }
    return names.map((n) => {
      const id = found.get(n);
      if (!id) throw new Error(`the type check's probe declares no ${n}`);
      return view(this.checker, this.checker.getTypeAtLocation(id));
    });
  }

  dispose(): void {}
}

export class TypeScript59 implements Compiler {
  readonly name = "TypeScript 5.9";
  readonly libraryDirs: readonly string[];
  private readonly shared = new Map<string, ts.SourceFile | undefined>();
  private readonly previous = new Map<boolean, ts.Program>();

  constructor(private readonly packageRoot: string) {
    const modules = path.join(packageRoot, "node_modules");
    this.libraryDirs = [path.dirname(ts.getDefaultLibFilePath({})), path.join(modules, "@types"), path.join(modules, "undici-types")];
  }

  build(request: ProgramRequest): TypedProgram {
    const json = compilerOptionsJson(request, path.join(this.packageRoot, "node_modules", "@types"));
    const options = ts.convertCompilerOptionsFromJson(json, request.dir).options;
    const host = confinedHost(ts, options, request.gate, request.generated, this.shared);
    const oldProgram = this.previous.get(request.withNode);
    const program = ts.createProgram({ rootNames: [...request.roots, ...request.generated.keys()], options, host, ...(oldProgram ? { oldProgram } : {}) });
    this.previous.set(request.withNode, program);
    return new Program59(program);
  }

  close(): void {}
}
