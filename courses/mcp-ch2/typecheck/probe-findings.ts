// What the probe's diagnostics and types say about one task's export, told at the export's own
// declaration (the probe is generated; the student has never seen it). One root cause each: a
// call that fails is reported once with how many fixtures fail with it, and what a failed call
// returns is not judged.
import type { Diag, ExportView, TypedProgram, TypeView } from "../../../src/typecheck/typed-program.js";
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

/** Whether `pos` is inside a parameter of the export's own function (to suggest its course type). */
export function onExportParameter(exported: ExportView, pos: number): boolean {
  return exported.kind === "named" && exported.parameters.some(([start, end]) => pos >= start && pos < end);
}

/** The probe's diagnostics by 0-based line; a diagnostic on a line no task owns is grade's bug. */
export function probeDiagnostics(lineOf: (pos: number) => number, probe: Probe, diagnostics: readonly Diag[]): Map<number, Diag> {
  const byLine = new Map<number, Diag>();
  for (const d of diagnostics) {
    const line = lineOf(d.start);
    if (!probe.lines.has(line)) throw new Error(`the type check's probe does not compile: ${d.lines.join(" ")}`);
    if (!byLine.has(line)) byLine.set(line, d);
  }
  return byLine;
}

export function probeFindings(program: TypedProgram, probeFile: string, probe: Probe, diagnostics: Map<number, Diag>, task: TaskId, exported: ExportView): ExportFinding[] {
  if (exported.kind !== "named") {
    return [exported.kind === "missing" ? { pos: 0, message: explain.missing(task) } : { pos: exported.pos, message: explain.defaultExport(task) }];
  }
  const pos = exported.pos;
  // The type of a name that could not be resolved is `any` too, but the compiler has already said
  // why, in the student's file: an any of this kind is not reported a second time.
  if (exported.type.any) return exported.type.writtenAny ? [{ pos, message: explain.exportIsAny(task), advice: true }] : [];

  const lines = [...probe.lines].filter(([, l]) => l.task === task);
  const calls = lines.filter(([, l]) => l.role === "call");
  const useLine = new Map(lines.filter(([, l]) => l.role === "use").map(([n, l]) => [l.result, n]));
  const findings: ExportFinding[] = [];
  const failed = calls.filter(([n]) => diagnostics.has(n));
  if (failed.length) {
    const [line, first] = failed[0]!;
    findings.push({ pos, message: explain.cannotCall(task, first.fixture, diagnostics.get(line)!, failed.length - 1) });
  }
  const judged = calls.filter(([n]) => !diagnostics.has(n)).map(([, l]) => l);
  const types = program.typesOf(probeFile, judged.map((l) => l.result));
  const results: { line: ProbeLine; type: TypeView }[] = judged.map((line, i) => ({ line, type: types[i]! }));
  if (results.some((r) => r.type.any)) {
    const written = results.find((r) => r.type.writtenAny);
    return written ? [...findings, { pos, message: explain.returnsAny(task, written.line.fixture), advice: true }] : findings;
  }
  const unusable = results.find((r) => diagnostics.has(useLine.get(r.line.result)!));
  if (unusable) {
    findings.push({
      pos, message: unusable.type.thenable ? explain.async(task, unusable.line.fixture, unusable.type.shown)
        : explain.cannotUse(task, unusable.line.fixture, unusable.type.shown, diagnostics.get(useLine.get(unusable.line.result)!)!),
    });
  } else if (task === "task2" && results.length === calls.length && results.every((r) => r.type.nothing)) {
    findings.push({ pos, message: explain.neverResponds(task, results[0]!.type.shown) });
  }
  return findings;
}
