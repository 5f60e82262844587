// A task that runs out of work inside a file it imports (task2.ts calling task1.ts's toMcp, say)
// gets the same time-out as that file's own task, which does not say where the loop is. When an
// earlier task timed out on its own and this task's file imports its file, the message says so.
import type { PackTask } from "../pack/types.js";
import type { TaskResult } from "../report/types.js";
import type { TaskFailure } from "../sandbox/protocol.js";

export interface JudgedTask {
  task: PackTask;
  failure?: TaskFailure;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether `source` imports the task file `file` by a relative path (./task1, ./task1.ts, ./task1.js). */
export function importsFile(source: string, file: string): boolean {
  const base = escape(file.replace(/\.ts$/, ""));
  return new RegExp(`(?:from\\s*|import\\s*\\(?\\s*|require\\s*\\(\\s*)["']\\./${base}(?:\\.ts|\\.js)?["']`).test(source);
}

// Stopped by its work budget: the run's own, or the submission's.
const stopped = (reason: string | undefined): boolean => reason === "timeout" || reason === "budget";

/** The message of each timed-out task whose file imports an earlier timed-out task's file, naming that file. */
export function nameImportedTimeouts(judged: readonly JudgedTask[], files: Readonly<Record<string, string>>): Map<string, string> {
  const out = new Map<string, string>();
  // Through a chain (task3 imports task2, which imports task1), the file where it started.
  const root = new Map<string, string>();
  judged.forEach(({ task, failure }, i) => {
    if (!failure || !stopped(failure.reason)) return;
    const source = files[task.file];
    const culprit = judged.slice(0, i).find((other) => stopped(other.failure?.reason) && source !== undefined && importsFile(source, other.task.file));
    if (!culprit) return;
    const file = root.get(culprit.task.id) ?? culprit.task.file;
    root.set(task.id, file);
    const via = file === culprit.task.file ? "" : ` (through ${culprit.task.file})`;
    out.set(task.id, `${failure.message} ${task.file} ${via ? "uses" : "imports"} ${file}${via}, whose own task was stopped the same way: the endless work is most likely in ${file}, so fix that file first.`);
  });
  return out;
}

export function withMessage(result: TaskResult, message: string | undefined): TaskResult {
  return message === undefined ? result : { ...result, message };
}
