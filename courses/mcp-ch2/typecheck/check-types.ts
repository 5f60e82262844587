// The `types` check: a submission against the chapter's interface, with the TypeScript compiler,
// judged by use. It fails only on what the probe (probe.ts) shows about an export: that the
// chapter's runner cannot import it, call it on the course's fixtures or use what it returns
// (or that a file it names could not be read). The compiler's errors inside the student's own
// code under "strict" (an implicit any, a missing return case) and an export typed `any` are
// advice, each with its fix: correct code in any style passes. A submission's own copies of the
// course's types pass whenever the runner's use of them does.
import path from "node:path";
import ts from "typescript";
import { TASKS, type TaskId } from "../course/tasks.js";
import type { TaskTypes, TypeFinding } from "../../../src/typecheck/types-check.js";
import { explainOwn, flatten } from "./explain.js";
import { refusalsOf } from "../../../src/typecheck/refusals.js";
import { FileGate, unreadableTask } from "../../../src/typecheck/confined-host.js";
import { exportOf, onExportParameter, probeDiagnostics, probeFindings } from "./probe-findings.js";
import { NEEDS_NODE_CODES, ProgramBuilder } from "./program.js";

function at(sf: ts.SourceFile, pos: number, display: (abs: string) => string, message: string): TypeFinding {
  const { line, character } = sf.getLineAndCharacterOfPosition(pos);
  return { file: display(sf.fileName), line: line + 1, column: character + 1, message };
}

/** Reusable across checks of the same or another submission (watch mode keeps one). */
export class TypeChecker {
  private readonly builder: ProgramBuilder;

  constructor(packageRoot: string) {
    this.builder = new ProgramBuilder(packageRoot);
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
    let built = this.builder.build(submissionDir, present, false, display);
    const usesNode = present.some((t) => {
      const sf = built.program.getSourceFile(path.join(submissionDir, TASKS[t].file));
      return sf !== undefined && built.program.getSemanticDiagnostics(sf).some((d) => NEEDS_NODE_CODES.has(d.code));
    });
    if (usesNode) built = this.builder.build(submissionDir, present, true, display);
    const { program, probe, probeFile, gate } = built;
    const checker = program.getTypeChecker();
    const probeSf = program.getSourceFile(probeFile)!;
    const diagnostics = probeDiagnostics(probeSf, probe, program.getSemanticDiagnostics(probeSf));
    for (const task of present) {
      const info = TASKS[task];
      const sf = program.getSourceFile(path.join(submissionDir, info.file))!;
      if (program.getSyntacticDiagnostics(sf).length) { result[task] = { skipped: `${info.file} could not be compiled.` }; continue; }
      const exported = exportOf(checker, sf, info.exportName);
      const findings: TypeFinding[] = [];
      const advice: TypeFinding[] = [];
      for (const d of program.getSemanticDiagnostics(sf)) {
        // A file the submission names that could not be read fails the check: what it declares is unknown.
        const refused = refusalsOf(d, gate.refused);
        if (refused.length) findings.push(at(sf, d.start ?? 0, display, `${flatten(d)} ${refused.join(" ")}`));
        else advice.push(at(sf, d.start ?? 0, display, explainOwn(d, task, onExportParameter(exported, d.start ?? 0))));
      }
      for (const f of probeFindings(checker, probeSf, probe, diagnostics, task, exported)) {
        (f.advice ? advice : findings).push(at(sf, f.pos, display, f.message));
      }
      result[task] = advice.length ? { findings, advice } : { findings };
    }
    return result;
  }
}

export { typesCheck, type TaskTypes, type TypeFinding } from "../../../src/typecheck/types-check.js";
