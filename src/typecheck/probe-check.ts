// The type check by use, for any pack that describes its runner (probe-spec.ts): one Program over
// the submission's task files, the course module and a generated probe that imports each export
// and calls it as the runner does, assigning each result to what the runner needs. It fails a
// task only where the probe does not type-check (or an export is missing, or a file it names
// could not be read); the compiler's errors in the student's own code under "strict", and an
// `any` that hides an export, are advice. Nothing is run; every read goes through the gate
// (confined-host.ts). Chapter 2 has its own, older copy of this (courses/mcp-ch2/typecheck/).
import path from "node:path";
import ts from "typescript";
import { confinedHost, FileGate, unreadableTask } from "./confined-host.js";
import type { ProbeExport, ProbeSpec, ProbeTask } from "./probe-spec.js";
import { refusalsOf } from "./refusals.js";
import type { TaskTypes, TypeFinding } from "./types-check.js";

const PROBE_FILE = "__grade_probe__.ts";
const GLOBALS_FILE = "__grade_globals__.d.ts";
const CONSOLE = ["assert", "count", "debug", "dir", "error", "group", "groupEnd", "info", "log", "table", "time", "timeEnd", "trace", "warn"];
const GLOBALS = `declare var console: { ${CONSOLE.map((m) => `${m}(...data: unknown[]): void;`).join(" ")} };\n`;
/** "This code may use Node": a name, a namespace or a module that cannot be found without @types/node. */
const NEEDS_NODE = new Set([2304, 2552, 2580, 2591, 2592, 2503, 2307, 2868]);
const STRICT = `grade type-checks with "strict": true, as tsc does with the course's tsconfig`;
const IMPLICIT_ANY = new Set([7005, 7006, 7008, 7010, 7011, 7015, 7017, 7018, 7019, 7022, 7023, 7024, 7031, 7034, 7053]);

interface Line { task: ProbeTask; exp: ProbeExport; role: "call" | "use"; call: number }

function flatten(d: ts.Diagnostic): string {
  const text = ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n").map((l) => l.trim()).filter(Boolean);
  return `TS${d.code}: ${text.slice(0, 3).join(" ")}${text.length > 3 ? " …" : ""}`;
}

function probeSource(spec: ProbeSpec, tasks: readonly ProbeTask[]): { text: string; lines: Map<number, Line> } {
  const text = spec.preamble.trimEnd().split("\n");
  const lines = new Map<number, Line>();
  for (const task of tasks) {
    task.exports.forEach((exp, e) => {
      const fn = `__${task.id}_${e}`;
      text.push(`import { ${exp.name} as ${fn} } from "./${task.file}";`);
      exp.calls.forEach((call, i) => {
        lines.set(text.length, { task, exp, role: "call", call: i });
        text.push(`const ${fn}_${i} = ${fn}(${call.args});`);
        lines.set(text.length, { task, exp, role: "use", call: i });
        text.push(`const ${fn}_${i}_use: ${exp.use.replaceAll("$R", `typeof ${fn}_${i}`)} = ${fn}_${i};`);
      });
    });
  }
  return { text: text.join("\n") + "\n", lines };
}

const isWrittenAny = (type: ts.Type): boolean => (type.flags & ts.TypeFlags.Any) !== 0 && (type as { intrinsicName?: string }).intrinsicName !== "error";

export class ProbeChecker {
  private readonly shared = new Map<string, ts.SourceFile | undefined>();
  private readonly graderDirs: string[];

  constructor(private readonly packageRoot: string, private readonly spec: ProbeSpec) {
    const modules = path.join(packageRoot, "node_modules");
    this.graderDirs = [path.dirname(ts.getDefaultLibFilePath({})), path.join(modules, "@types"), path.join(modules, "undici-types"), ...spec.graderFiles];
  }

  private options(withNode: boolean): ts.CompilerOptions {
    return {
      strict: true, noImplicitReturns: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true,
      target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2023.d.ts"], types: withNode ? ["node"] : [], typeRoots: [path.join(this.packageRoot, "node_modules", "@types")],
      paths: { "grade/course": [this.spec.courseModule] },
    };
  }

  private build(dir: string, tasks: readonly ProbeTask[], withNode: boolean, display: (abs: string) => string) {
    const probe = probeSource(this.spec, tasks);
    const generated = new Map([[path.join(dir, PROBE_FILE), probe.text]]);
    if (!withNode) generated.set(path.join(dir, GLOBALS_FILE), GLOBALS);
    const gate = new FileGate(dir, this.graderDirs, display);
    const options = this.options(withNode);
    const host = confinedHost(ts, options, gate, generated, this.shared);
    const program = ts.createProgram({ rootNames: [...tasks.map((t) => path.join(dir, t.file)), ...generated.keys()], options, host });
    return { program, probe, gate, probeSf: program.getSourceFile(path.join(dir, PROBE_FILE))! };
  }

  check(dir: string, ids: readonly string[], display: (abs: string) => string): Record<string, TaskTypes> {
    const result: Record<string, TaskTypes> = {};
    const gate = new FileGate(dir, [], display);
    const tasks = this.spec.tasks.filter((t) => ids.includes(t.id));
    const present = tasks.filter((t) => {
      const unreadable = unreadableTask(gate, path.join(dir, t.file), t.file, display);
      if (unreadable) result[t.id] = unreadable;
      return !unreadable;
    });
    if (!present.length) return result;
    let built = this.build(dir, present, false, display);
    const own = (t: ProbeTask) => built.program.getSourceFile(path.join(dir, t.file));
    if (present.some((t) => { const sf = own(t); return sf && built.program.getSemanticDiagnostics(sf).some((d) => NEEDS_NODE.has(d.code)); })) {
      built = this.build(dir, present, true, display);
    }
    const { program, probe, probeSf } = built;
    const checker = program.getTypeChecker();
    const byLine = new Map<number, ts.Diagnostic>();
    for (const d of program.getSemanticDiagnostics(probeSf)) {
      const line = probeSf.getLineAndCharacterOfPosition(d.start ?? 0).line;
      if (probe.lines.has(line) && !byLine.has(line)) byLine.set(line, d);
    }
    for (const task of present) {
      const sf = own(task);
      if (!sf || program.getSyntacticDiagnostics(sf).length) { result[task.id] = { skipped: `${task.file} could not be compiled.` }; continue; }
      const at = (pos: number, message: string): TypeFinding => {
        const { line, character } = sf.getLineAndCharacterOfPosition(pos);
        return { file: display(sf.fileName), line: line + 1, column: character + 1, message };
      };
      const findings: TypeFinding[] = [];
      const advice: TypeFinding[] = [];
      for (const d of program.getSemanticDiagnostics(sf)) {
        const refused = refusalsOf(d, built.gate.refused);
        if (refused.length) findings.push(at(d.start ?? 0, `${flatten(d)} ${refused.join(" ")}`));
        else advice.push(at(d.start ?? 0, IMPLICIT_ANY.has(d.code) ? `${flatten(d)} (${STRICT}; annotate it, or type the object it indexes as a record, e.g. Record<string, unknown>.)` : flatten(d)));
      }
      for (const exp of task.exports) judgeExport(checker, probeSf, probe.lines, byLine, sf, task, exp, (pos, message, isAdvice) => (isAdvice ? advice : findings).push(at(pos, message)));
      result[task.id] = advice.length ? { findings, advice } : { findings };
    }
    return result;
  }
}

function judgeExport(checker: ts.TypeChecker, probeSf: ts.SourceFile, lines: Map<number, Line>, byLine: Map<number, ts.Diagnostic>,
  sf: ts.SourceFile, task: ProbeTask, exp: ProbeExport, say: (pos: number, message: string, advice: boolean) => void): void {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  const symbol = moduleSymbol ? checker.getExportsOfModule(moduleSymbol).find((s) => s.name === exp.name) : undefined;
  const resolved = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const decl = resolved?.declarations?.[0];
  if (!resolved || !decl) {
    say(0, `${task.file} has no export named ${exp.name}, the name the runner imports. Write export function ${exp.name}${exp.signature.replace(" => ", ": ")} { … } (or export { ${exp.name} }).`, false);
    return;
  }
  const node = (decl as { name?: ts.Node }).name ?? decl;
  const pos = node.getStart();
  const misfit = `${exp.name} does not fit the course's signature ${exp.signature}`;
  if (checker.getTypeOfSymbolAtLocation(resolved, node).flags & ts.TypeFlags.Any) {
    say(pos, `${exp.name} has type any, so nothing checks that the runner can call it or use what it returns. Declare it as a function: ${exp.signature}.`, true);
    return;
  }
  const mine = [...lines].filter(([, l]) => l.task === task && l.exp === exp);
  const failed = mine.filter(([n, l]) => l.role === "call" && byLine.has(n));
  if (failed.length) {
    const [n, l] = failed[0]!;
    const more = failed.length > 1 ? ` The same call fails for ${failed.length - 1} more of the runner's calls.` : "";
    say(pos, `${misfit}: the runner calls ${exp.calls[l.call]!.shown}, and ${flatten(byLine.get(n)!)}${more}`, false);
  }
  const results = new Map<number, ts.Type>();
  for (const statement of probeSf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const line = probeSf.getLineAndCharacterOfPosition(statement.getStart()).line;
    const l = lines.get(line);
    if (l?.exp === exp && l.role === "call" && !byLine.has(line)) results.set(l.call, checker.getTypeAtLocation(statement.declarationList.declarations[0]!.name));
  }
  const anyResult = [...results].find(([, t]) => isWrittenAny(t));
  if (anyResult) {
    say(pos, `${exp.calls[anyResult[0]]!.shown} returns any, so nothing checks that the runner can use its result (${exp.needs}). Declare ${exp.name}'s return type.`, true);
    return;
  }
  const unusable = mine.find(([n, l]) => l.role === "use" && results.has(l.call) && byLine.has(n));
  if (!unusable) return;
  const [n, l] = unusable;
  const type = results.get(l.call)!;
  const returned = checker.typeToString(type);
  const members = type.isUnion() ? type.types : [type];
  if (members.some((t) => checker.getPropertyOfType(t, "then") !== undefined)) {
    say(pos, `${misfit}: ${exp.calls[l.call]!.shown} returns ${returned}, a Promise: ${exp.name} is async, but the runner uses what it returns at once. Make it a plain function (no async, no await).`, false);
  } else {
    say(pos, `${misfit}: the runner calls ${exp.calls[l.call]!.shown} and needs back ${exp.needs}, but it returns ${returned}. ${flatten(byLine.get(n)!)}`, false);
  }
}
