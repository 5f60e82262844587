// What the probe's diagnostics and types say about one task's export, told at the export's own
// declaration (the probe is generated; the student has never seen it). One root cause each: a
// call that fails is reported once with how many fixtures fail with it, and what a failed call
// returns is not judged.
import ts from "typescript";
import type { TaskId } from "../course/tasks.js";
import { explain } from "./explain.js";
import type { Probe, ProbeLine } from "./probe.js";

export interface ExportFinding {
  /** Where in the student's file: the export's name, or the start of the file when it has none. */
  pos: number;
  message: string;
  /** An `any` hides the export from the check: said, but the runner's use still type-checks. */
  advice?: true;
}

export type ExportOf =
  | { kind: "named"; symbol: ts.Symbol; node: ts.Node }
  | { kind: "default" | "missing"; node?: ts.Node };

/** The task's named export as declared (through `export { x as y }`), or why there is none. */
export function exportOf(checker: ts.TypeChecker, sf: ts.SourceFile, name: string): ExportOf {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  const declared = (symbol: ts.Symbol | undefined) => {
    const resolved = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const decl = resolved?.declarations?.[0];
    return resolved && decl ? { symbol: resolved, node: (decl as { name?: ts.Node }).name ?? decl } : undefined;
  };
  const named = declared(exports.find((s) => s.name === name));
  if (named) return { kind: "named", ...named };
  const fallback = declared(exports.find((s) => s.name === "default"));
  return fallback ? { kind: "default", node: fallback.node } : { kind: "missing" };
}

/** Whether `pos` is inside a parameter of the export's own function (to suggest its course type). */
export function onExportParameter(exported: ExportOf, pos: number): boolean {
  const decl = exported.node?.parent;
  const fn = decl && ts.isVariableDeclaration(decl) ? decl.initializer : decl;
  if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return false;
  return fn.parameters.some((p) => pos >= p.getStart() && pos < p.getEnd());
}

/** The probe's diagnostics by 0-based line; a diagnostic on a line no task owns is grade's bug. */
export function probeDiagnostics(sf: ts.SourceFile, probe: Probe, diagnostics: readonly ts.Diagnostic[]): Map<number, ts.Diagnostic> {
  const byLine = new Map<number, ts.Diagnostic>();
  for (const d of diagnostics) {
    const line = sf.getLineAndCharacterOfPosition(d.start ?? 0).line;
    if (!probe.lines.has(line)) throw new Error(`the type check's probe does not compile: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`);
    if (!byLine.has(line)) byLine.set(line, d);
  }
  return byLine;
}

function resultDeclarations(sf: ts.SourceFile): Map<string, ts.VariableDeclaration> {
  const found = new Map<string, ts.VariableDeclaration>();
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) found.set(decl.name.text, decl);
  }
  return found;
}

const members = (type: ts.Type): readonly ts.Type[] => (type.isUnion() ? type.types : [type]);
// The type of a name that could not be resolved is `any` too, but the compiler has already said
// why, in the student's file: an any of this kind is not reported a second time.
const isWrittenAny = (type: ts.Type): boolean => (type.flags & ts.TypeFlags.Any) !== 0 && (type as { intrinsicName?: string }).intrinsicName !== "error";
const NOTHING = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;

export function probeFindings(
  checker: ts.TypeChecker, probeSf: ts.SourceFile, probe: Probe, diagnostics: Map<number, ts.Diagnostic>,
  task: TaskId, exported: ExportOf,
): ExportFinding[] {
  const pos = exported.node?.getStart() ?? 0;
  if (exported.kind !== "named") return [{ pos, message: exported.kind === "missing" ? explain.missing(task) : explain.defaultExport(task) }];
  const exportType = checker.getTypeOfSymbolAtLocation(exported.symbol, exported.node);
  if (exportType.flags & ts.TypeFlags.Any) return isWrittenAny(exportType) ? [{ pos, message: explain.exportIsAny(task), advice: true }] : [];

  const lines = [...probe.lines].filter(([, l]) => l.task === task);
  const calls = lines.filter(([, l]) => l.role === "call");
  const useLine = new Map(lines.filter(([, l]) => l.role === "use").map(([n, l]) => [l.result, n]));
  const findings: ExportFinding[] = [];
  const failed = calls.filter(([n]) => diagnostics.has(n));
  if (failed.length) {
    const [line, first] = failed[0]!;
    findings.push({ pos, message: explain.cannotCall(task, first.fixture, diagnostics.get(line)!, failed.length - 1) });
  }
  const declarations = resultDeclarations(probeSf);
  const results: { line: ProbeLine; type: ts.Type }[] = calls.filter(([n]) => !diagnostics.has(n))
    .map(([, l]) => ({ line: l, type: checker.getTypeAtLocation(declarations.get(l.result)!.name) }));
  if (results.some((r) => r.type.flags & ts.TypeFlags.Any)) {
    const written = results.find((r) => isWrittenAny(r.type));
    return written ? [...findings, { pos, message: explain.returnsAny(task, written.line.fixture), advice: true }] : findings;
  }
  const unusable = results.find((r) => diagnostics.has(useLine.get(r.line.result)!));
  if (unusable) {
    const returned = checker.typeToString(unusable.type);
    const thenable = members(unusable.type).some((t) => checker.getPropertyOfType(t, "then") !== undefined);
    findings.push({
      pos, message: thenable ? explain.async(task, unusable.line.fixture, returned)
        : explain.cannotUse(task, unusable.line.fixture, returned, diagnostics.get(useLine.get(unusable.line.result)!)!),
    });
  } else if (task === "task2" && results.length === calls.length && results.every((r) => members(r.type).every((t) => t.flags & NOTHING))) {
    findings.push({ pos, message: explain.neverResponds(task, checker.typeToString(results[0]!.type)) });
  }
  return findings;
}
