// The type check by use, for any pack that describes its runner (probe-spec.ts): one Program over
// the submission's task files, the course module and a generated probe that imports each export
// and calls it as the runner does (a class: constructs it and uses its members), assigning each
// result to what the runner needs (probe-source.ts). It fails a task only where the probe does
// not type-check (probe-judge.ts), an export is missing or a file it names could not be read; the compiler's errors in the student's own code under "strict", and an
// `any` that hides an export, are advice. Nothing is run; every read goes through the gate
// (confined-host.ts). Chapter 2 has its own, older copy of this (courses/mcp-ch2/typecheck/).
import path from "node:path";
import { FileGate, unreadableTask } from "./confined-host.js";
import { judgeExport } from "./probe-judge.js";
import { probeSource } from "./probe-source.js";
import type { ProbeSpec, ProbeTask } from "./probe-spec.js";
import { refusalsOf } from "./refusals.js";
import { typeScript7 } from "./program-7.js";
import { shown, type Compiler, type Diag } from "./typed-program.js";
import type { TaskTypes, TypeFinding } from "./types-check.js";

const PROBE_FILE = "__grade_probe__.ts";
const GLOBALS_FILE = "__grade_globals__.d.ts";
const CONSOLE = ["assert", "count", "debug", "dir", "error", "group", "groupEnd", "info", "log", "table", "time", "timeEnd", "trace", "warn"];
const GLOBALS = `declare var console: { ${CONSOLE.map((m) => `${m}(...data: unknown[]): void;`).join(" ")} };\n`;
/** "This code may use Node": a name, a namespace or a module that cannot be found without @types/node. */
const NEEDS_NODE = new Set([2304, 2552, 2580, 2591, 2592, 2503, 2307, 2868]);
const STRICT = `grade type-checks with "strict": true, as tsc does with the course's tsconfig`;
const IMPLICIT_ANY = new Set([7005, 7006, 7008, 7010, 7011, 7015, 7017, 7018, 7019, 7022, 7023, 7024, 7031, 7034, 7053]);

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
        const diagnostics = { program, file, probeFile, lines: probe.lines, byLine };
        for (const exp of task.exports) judgeExport(diagnostics, task, exp, (pos, message, isAdvice) => (isAdvice ? advice : findings).push(at(pos, message)));
        result[task.id] = advice.length ? { findings, advice } : { findings };
      }
      return result;
    } finally {
      built.program.dispose();
    }
  }
}
