// The one next thing to do, from a report: the first task that does not pass, and in it the
// first thing to change. Shared by grade status and grade watch.
import { packFolder } from "../pack/registry.js";
import type { Pack } from "../pack/types.js";
import { quizCommandLine } from "../quiz/command.js";
import { gradeCommandLine } from "../report/command-line.js";
import type { CheckResult, Report, TaskResult } from "../report/types.js";
import { saysNotWritten } from "../sandbox/failures.js";

export type TaskState = "done" | "not started" | "in progress" | "does not run";

export function taskState(task: TaskResult): TaskState {
  if (task.status === "pass") return "done";
  if (task.status === "error") return "does not run";
  if (task.checks.some((c) => c.kind === "evidence" && c.status !== "skip")) return "in progress";
  // A task that failed with a message ran and stopped (a throw, a loop), unless it is the starter.
  return task.message && !saysNotWritten(task.message) ? "does not run" : "not started";
}

export function firstFailingCheck(task: TaskResult, pack?: Pick<Pack, "rootCauses">): CheckResult | undefined {
  const failing = task.checks.filter((c) => c.status === "fail" || c.status === "error");
  // A failure charged to another check shows that check's mistake: the hint is about the root.
  const own = failing.filter((c) => c.chargedTo === undefined);
  for (const root of pack?.rootCauses ?? []) {
    const found = own.find((c) => c.name === root);
    if (found) return found;
  }
  return own[0] ?? failing[0];
}

export interface NextStep {
  /** The task to work on; absent when everything passes. */
  task?: string;
  text: string;
}

/** The task to look at: the one asked for, else the first that does not pass, else the last. */
export function currentTask(report: Report, focus?: string): TaskResult | undefined {
  if (focus) return report.tasks.find((t) => t.task === focus);
  return report.tasks.find((t) => t.status !== "pass");
}

/** The next thing to do; `evidenceFile` is the submission's evidence file, to hand in. */
export function nextStep(pack: Pack, report: Report, focus?: string, evidenceFile = report.evidenceFile ?? `${packFolder("evidence", pack.id)}/${pack.evidenceFile}`): NextStep {
  const task = currentTask(report, focus);
  const dir = report.submission === "." ? "" : `${report.submission}/`;
  if (!task || task.status === "pass") {
    const all = report.tasks.length === pack.tasks.length && report.tasks.every((t) => t.status === "pass");
    const quiz = pack.quiz ? `, then answer the quiz in ${packFolder("tasks", pack.id)}/quiz.md and check it with ${quizCommandLine(pack.id)}` : "";
    return all
      ? { text: `All ${pack.evidence.length} evidence lines are right. Hand in ${evidenceFile}${quiz}.` }
      : { text: `${task ? `Task ${task.task.slice(4)} passes.` : "Nothing to do here."} Go on with the next task that does not pass.` };
  }
  const info = pack.tasks.find((t) => t.id === task.task)!;
  const state = taskState(task);
  if (state === "not started") return { task: task.task, text: `Write ${info.exportName} in ${dir}${info.file}: replace the TODO with your code and save. The comment at the top of the file says what it must return.` };
  if (state === "does not run") return { task: task.task, text: `Make ${dir}${info.file} run: ${task.message ?? "it stopped before returning"}` };
  const check = firstFailingCheck(task, pack);
  const what = check ? `${check.kind === "evidence" ? `${check.name}: ` : ""}${check.title}` : "its checks";
  return { task: task.task, text: `Fix ${what}. Stuck? ${gradeCommandLine(`hint ${task.task}`, report.submission)} gives a hint for it.` };
}
