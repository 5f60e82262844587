// The type check by use, for any pack that describes its runner (probe-spec.ts): one Program over
// the submission's task files, the course module and a generated probe that imports each export
// and calls it as the runner does, assigning each result to what the runner needs. It fails a
// task only where the probe does not type-check (or an export is missing, or a file it names
// could not be read); the compiler's errors in the student's own code under "strict", and an
// `any` that hides an export, are advice. Nothing is run; every read goes through the gate
// (confined-host.ts). Chapter 2 has its own, older copy of this (courses/mcp-ch2/typecheck/).
import path from "node:path";
import { FileGate, unreadableTask } from "./confined-host.js";
import type { ProbeExport, ProbeSpec, ProbeTask } from "./probe-spec.js";
import { refusalsOf } from "./refusals.js";
import { typeScript7 } from "./program-7.js";
import { shown, type Compiler, type Diag, type TypedProgram } from "./typed-program.js";
import type { TaskTypes, TypeFinding } from "./types-check.js";

const PROBE_FILE = "__grade_probe__.ts";
const GLOBALS_FILE = "__grade_globals__.d.ts";
const CONSOLE = ["assert", "count", "debug", "dir", "error", "group", "groupEnd", "info", "log", "table", "time", "timeEnd", "trace", "warn"];
const GLOBALS = `declare var console: { ${CONSOLE.map((m) => `${m}(...data: unknown[]): void;`).join(" ")} };\n`;
/** "This code may use Node": a name, a namespace or a module that cannot be found without @types/node. */
const NEEDS_NODE = new Set([2304, 2552, 2580, 2591, 2592, 2503, 2307, 2868]);
const STRICT = `grade type-checks with "strict": true, as tsc does with the course's tsconfig`;
const IMPLICIT_ANY = new Set([7005, 7006, 7008, 7010, 7011, 7015, 7017, 7018, 7019, 7022, 7023, 7024, 7031, 7034, 7053]);

interface Line { task: ProbeTask; exp: ProbeExport; role: "call" | "use"; call: number; result: string }

function probeSource(spec: ProbeSpec, tasks: readonly ProbeTask[]): { text: string; lines: Map<number, Line> } {
  const text = spec.preamble.trimEnd().split("\n");
  const lines = new Map<number, Line>();
  for (const task of tasks) {
    task.exports.forEach((exp, e) => {
      const fn = `__${task.id}_${e}`;
      text.push(`import { ${exp.name} as ${fn} } from "./${task.file}";`);
      exp.calls.forEach((call, i) => {
        const result = `${fn}_${i}`;
        lines.set(text.length, { task, exp, role: "call", call: i, result });
        text.push(`const ${result} = ${fn}(${call.args});`);
        lines.set(text.length, { task, exp, role: "use", call: i, result });
        text.push(`const ${result}_use: ${exp.use.replaceAll("$R", `typeof ${result}`)} = ${result};`);
      });
    });
  }
  return { text: text.join("\n") + "\n", lines };
}

export class ProbeChecker {
  private readonly graderDirs: string[];
  private readonly compiler: Compiler;

  /** Without a compiler, TypeScript 7 (the thread passes the one compilers.ts chose). */
  constructor(packageRoot: string, private readonly spec: ProbeSpec, compiler?: Compiler) {
    this.compiler = compiler ?? typeScript7(packageRoot);
    this.graderDirs = [...this.compiler.libraryDirs, ...spec.graderFiles];
  }

  private build(dir: string, tasks: readonly ProbeTask[], withNode: boolean, display: (abs: string) => string) {
    const probe = probeSource(this.spec, tasks);
    const generated = new Map([[path.join(dir, PROBE_FILE), probe.text]]);
    if (!withNode) generated.set(path.join(dir, GLOBALS_FILE), GLOBALS);
    const gate = new FileGate(dir, this.graderDirs, display);
    const program = this.compiler.build({ dir, roots: tasks.map((t) => path.join(dir, t.file)), generated, withNode, courseModule: this.spec.courseModule, gate });
    return { program, probe, gate };
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
    const own = (t: ProbeTask) => path.join(dir, t.file);
    let built = this.build(dir, present, false, display);
    try {
      if (present.some((t) => built.program.semantic(own(t)).some((d) => NEEDS_NODE.has(d.code)))) {
        built.program.dispose();
        built = this.build(dir, present, true, display);
      }
      const { program, probe } = built;
      const probeFile = path.join(dir, PROBE_FILE);
      const byLine = new Map<number, Diag>();
      for (const d of program.semantic(probeFile)) {
        const line = program.where(probeFile, d.start).line;
        if (probe.lines.has(line) && !byLine.has(line)) byLine.set(line, d);
      }
      for (const task of present) {
        const file = own(task);
        if (!program.compiles(file)) { result[task.id] = { skipped: `${task.file} could not be compiled.` }; continue; }
        const at = (pos: number, message: string): TypeFinding => {
          const { line, character } = program.where(file, pos);
          return { file: display(file), line: line + 1, column: character + 1, message };
        };
        const findings: TypeFinding[] = [];
        const advice: TypeFinding[] = [];
        for (const d of program.semantic(file)) {
          const refused = refusalsOf(d, built.gate.refused);
          if (refused.length) findings.push(at(d.start, `${shown(d)} ${refused.join(" ")}`));
          else advice.push(at(d.start, IMPLICIT_ANY.has(d.code) ? `${shown(d)} (${STRICT}; annotate it, or type the object it indexes as a record, e.g. Record<string, unknown>.)` : shown(d)));
        }
        for (const exp of task.exports) judgeExport(program, file, probeFile, probe.lines, byLine, task, exp, (pos, message, isAdvice) => (isAdvice ? advice : findings).push(at(pos, message)));
        result[task.id] = advice.length ? { findings, advice } : { findings };
      }
      return result;
    } finally {
      built.program.dispose();
    }
  }
}

function judgeExport(program: TypedProgram, file: string, probeFile: string, lines: Map<number, Line>, byLine: Map<number, Diag>,
  task: ProbeTask, exp: ProbeExport, say: (pos: number, message: string, advice: boolean) => void): void {
  const exported = program.exportOf(file, exp.name);
  if (exported.kind !== "named") {
    say(0, `${task.file} has no export named ${exp.name}, the name the runner imports. Write export function ${exp.name}${exp.signature.replace(" => ", ": ")} { … } (or export { ${exp.name} }).`, false);
    return;
  }
  const pos = exported.pos;
  const misfit = `${exp.name} does not fit the course's signature ${exp.signature}`;
  if (exported.type.any) {
    say(pos, `${exp.name} has type any, so nothing checks that the runner can call it or use what it returns. Declare it as a function: ${exp.signature}.`, true);
    return;
  }
  const mine = [...lines].filter(([, l]) => l.task === task && l.exp === exp);
  const failed = mine.filter(([n, l]) => l.role === "call" && byLine.has(n));
  if (failed.length) {
    const [n, l] = failed[0]!;
    const more = failed.length > 1 ? ` The same call fails for ${failed.length - 1} more of the runner's calls.` : "";
    say(pos, `${misfit}: the runner calls ${exp.calls[l.call]!.shown}, and ${shown(byLine.get(n)!)}${more}`, false);
  }
  const judged = mine.filter(([n, l]) => l.role === "call" && !byLine.has(n)).map(([, l]) => l);
  const types = program.typesOf(probeFile, judged.map((l) => l.result));
  const results = new Map(judged.map((l, i) => [l.call, types[i]!]));
  const anyResult = [...results].find(([, t]) => t.writtenAny);
  if (anyResult) {
    say(pos, `${exp.calls[anyResult[0]]!.shown} returns any, so nothing checks that the runner can use its result (${exp.needs}). Declare ${exp.name}'s return type.`, true);
    return;
  }
  const unusable = mine.find(([n, l]) => l.role === "use" && results.has(l.call) && byLine.has(n));
  if (!unusable) return;
  const [n, l] = unusable;
  const type = results.get(l.call)!;
  if (type.thenable) {
    say(pos, `${misfit}: ${exp.calls[l.call]!.shown} returns ${type.shown}, a Promise: ${exp.name} is async, but the runner uses what it returns at once. Make it a plain function (no async, no await).`, false);
  } else {
    say(pos, `${misfit}: the runner calls ${exp.calls[l.call]!.shown} and needs back ${exp.needs}, but it returns ${type.shown}. ${shown(byLine.get(n)!)}`, false);
  }
}
