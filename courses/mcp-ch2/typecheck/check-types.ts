// The `types` check: a submission against the chapter's interface, with the TypeScript compiler,
// judged by use. It fails only on what the probe (probe.ts) shows about an export: that the
// chapter's runner cannot import it, call it on the course's fixtures or use what it returns
// (or that a file it names could not be read). The compiler's errors inside the student's own
// code under "strict" (an implicit any, a missing return case) and an export typed `any` are
// advice, each with its fix: correct code in any style passes. A submission's own copies of the
// course's types pass whenever the runner's use of them does.
import path from "node:path";
import { TASKS, type TaskId } from "../course/tasks.js";
import type { TaskTypes, TypeFinding } from "../../../src/typecheck/types-check.js";
import type { Compiler, TypedProgram } from "../../../src/typecheck/typed-program.js";
import { typeScript7 } from "../../../src/typecheck/program-7.js";
import { explainOwn, flatten } from "./explain.js";
import { refusalsOf } from "../../../src/typecheck/refusals.js";
import { FileGate, unreadableTask } from "../../../src/typecheck/confined-host.js";
import { onExportParameter, probeDiagnostics, probeFindings } from "./probe-findings.js";
import { NEEDS_NODE_CODES, ProgramBuilder } from "./program.js";

function at(program: TypedProgram, file: string, pos: number, display: (abs: string) => string, message: string): TypeFinding {
  const { line, character } = program.where(file, pos);
  return { file: display(file), line: line + 1, column: character + 1, message };
}

/** Reusable across checks of the same or another submission (watch mode keeps one). */
export class TypeChecker {
  private readonly builder: ProgramBuilder;

  /** Without a compiler, TypeScript 7 (the thread passes the one src/typecheck/compilers.ts chose). */
  constructor(packageRoot: string, compiler?: Compiler) {
    this.builder = new ProgramBuilder(packageRoot, compiler ?? typeScript7(packageRoot));
  }

  check(submissionDir: string, tasks: readonly TaskId[], display: (abs: string) => string): Record<TaskId, TaskTypes> {
    const result = {} as Record<TaskId, TaskTypes>;
    const files = new FileGate(submissionDir, [], display);
    const present = tasks.filter((t) => {
      const unreadable = unreadableTask(files, path.join(submissionDir, TASKS[t].file), TASKS[t].file, display);
      if (unreadable) result[t] = unreadable;
      return !unreadable;
    });
    if (!present.length) return result;
    const own = (t: TaskId) => path.join(submissionDir, TASKS[t].file);
    let built = this.builder.build(submissionDir, present, false, display);
    try {
      if (present.some((t) => built.program.semantic(own(t)).some((d) => NEEDS_NODE_CODES.has(d.code)))) {
        built.program.dispose();
        built = this.builder.build(submissionDir, present, true, display);
      }
      const { program, probe, probeFile, gate } = built;
      const diagnostics = probeDiagnostics((pos) => program.where(probeFile, pos).line, probe, program.semantic(probeFile));
      for (const task of present) {
        const info = TASKS[task];
        const file = own(task);
        if (!program.compiles(file)) { result[task] = { skipped: `${info.file} could not be compiled.` }; continue; }
        const exported = program.exportOf(file, info.exportName);
        const findings: TypeFinding[] = [];
        const advice: TypeFinding[] = [];
        for (const d of program.semantic(file)) {
          // A file the submission names that could not be read fails the check: what it declares is unknown.
          const refused = refusalsOf(d, gate.refused);
          if (refused.length) findings.push(at(program, file, d.start, display, `${flatten(d)} ${refused.join(" ")}`));
          else advice.push(at(program, file, d.start, display, explainOwn(d, task, onExportParameter(exported, d.start))));
        }
        for (const f of probeFindings(program, probeFile, probe, diagnostics, task, exported)) {
          (f.advice ? advice : findings).push(at(program, file, f.pos, display, f.message));
        }
        result[task] = advice.length ? { findings, advice } : { findings };
      }
      return result;
    } finally {
      built.program.dispose();
    }
  }
}

export { typesCheck, type TaskTypes, type TypeFinding } from "../../../src/typecheck/types-check.js";
