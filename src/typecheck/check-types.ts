// The `types` check: a submission against the chapter's typed interface, with the TypeScript
// compiler. Three kinds of finding, each with file:line: the compiler's own errors in the task's
// file (a missing return case, a wrong type inside), an export whose signature does not fit the
// interface (the compiler's message for the assignment), and an `any` that leaks out of a task's
// signature, which the compiler would let through silently.
import { existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { TASKS, type TaskId } from "../course/tasks.js";
import type { TaskTypes, TypeFinding } from "./types-check.js";
import { INTERFACE_FILE, NEEDS_NODE_CODES, ProgramBuilder } from "./program.js";


function flatten(d: ts.Diagnostic): string {
  const text = ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n").map((l) => l.trim()).filter(Boolean);
  return `TS${d.code}: ${text.slice(0, 3).join(" ")}${text.length > 3 ? " …" : ""}`;
}

function at(sf: ts.SourceFile, pos: number, display: (abs: string) => string, message: string): TypeFinding {
  const { line, character } = sf.getLineAndCharacterOfPosition(pos);
  return { file: display(sf.fileName), line: line + 1, column: character + 1, message };
}

function exportDeclaration(checker: ts.TypeChecker, sf: ts.SourceFile, name: string): { symbol: ts.Symbol; node: ts.Node } | undefined {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  const symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
  const resolved = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const decl = resolved?.declarations?.[0];
  if (!resolved || !decl) return undefined;
  const named = (decl as { name?: ts.Node }).name;
  return { symbol: resolved, node: named ?? decl };
}

/** Where an `any` sits in a type, two levels deep: "", "out", "an element of out", ... */
function anyInside(checker: ts.TypeChecker, type: ts.Type, depth = 2): string | undefined {
  if (type.flags & ts.TypeFlags.Any) return "";
  if (depth === 0) return undefined;
  if (type.isUnionOrIntersection()) {
    for (const part of type.types) { const where = anyInside(checker, part, depth); if (where !== undefined) return where; }
    return undefined;
  }
  if (checker.isArrayType(type)) {
    const element = checker.getTypeArguments(type as ts.TypeReference)[0];
    const where = element && anyInside(checker, element, depth - 1);
    return where === undefined ? undefined : `an element${where ? ` of ${where}` : ""}`;
  }
  if (type.flags & ts.TypeFlags.Object) {
    for (const prop of type.getProperties()) {
      const where = anyInside(checker, checker.getTypeOfSymbol(prop), depth - 1);
      if (where !== undefined) return where ? `${where} of ${prop.name}` : prop.name;
    }
  }
  return undefined;
}

function anyLeaks(checker: ts.TypeChecker, symbol: ts.Symbol, node: ts.Node, exportName: string): string[] {
  const type = checker.getTypeOfSymbolAtLocation(symbol, node);
  const found: string[] = [];
  for (const sig of type.getCallSignatures()) {
    for (const param of sig.getParameters()) {
      if (anyInside(checker, checker.getTypeOfSymbol(param), 0) !== undefined) found.push(`the parameter ${param.name} is any`);
    }
    const where = anyInside(checker, sig.getReturnType());
    if (where !== undefined) found.push(where ? `${where} in the return type is any` : "the return type is any");
  }
  return found.map((f) => `${exportName}'s signature lets an any out: ${f}. Code that calls ${exportName} gets no checking there; use the course's types (grade/course) instead.`);
}

/** Reusable across checks of the same or another submission (watch mode keeps one). */
export class TypeChecker {
  private readonly builder: ProgramBuilder;

  constructor(packageRoot: string) {
    this.builder = new ProgramBuilder(packageRoot);
  }

  check(submissionDir: string, tasks: readonly TaskId[], display: (abs: string) => string): Record<TaskId, TaskTypes> {
    const result = {} as Record<TaskId, TaskTypes>;
    const present = tasks.filter((t) => existsSync(path.join(submissionDir, TASKS[t].file)));
    for (const t of tasks) if (!present.includes(t)) result[t] = { skipped: `${TASKS[t].file} does not exist.` };
    if (!present.length) return result;
    let program = this.builder.build(submissionDir, present, false);
    const usesNode = present.some((t) => {
      const sf = program.getSourceFile(path.join(submissionDir, TASKS[t].file));
      return sf !== undefined && program.getSemanticDiagnostics(sf).some((d) => NEEDS_NODE_CODES.has(d.code));
    });
    if (usesNode) program = this.builder.build(submissionDir, present, true);
    const checker = program.getTypeChecker();
    const iface = program.getSourceFile(path.join(submissionDir, INTERFACE_FILE))!;
    const ifaceDiags = program.getSemanticDiagnostics(iface);
    present.forEach((task, index) => {
      const info = TASKS[task];
      const sf = program.getSourceFile(path.join(submissionDir, info.file))!;
      const syntax = program.getSyntacticDiagnostics(sf);
      if (syntax.length) { result[task] = { skipped: `${info.file} could not be compiled.` }; return; }
      const findings = program.getSemanticDiagnostics(sf).map((d) => at(sf, d.start ?? 0, display, flatten(d)));
      const decl = exportDeclaration(checker, sf, info.exportName);
      const line = index + 1;
      for (const d of ifaceDiags.filter((d) => d.start !== undefined && iface.getLineAndCharacterOfPosition(d.start).line === line)) {
        findings.push(at(sf, decl?.node.getStart(sf) ?? 0, display, `${info.exportName} does not fit the chapter's signature ${info.signature}. ${flatten(d)}`));
      }
      if (decl) for (const leak of anyLeaks(checker, decl.symbol, decl.node, info.exportName)) findings.push(at(sf, decl.node.getStart(sf), display, leak));
      result[task] = { findings };
    });
    return result;
  }
}

export { typesCheck, type TaskTypes, type TypeFinding } from "./types-check.js";
