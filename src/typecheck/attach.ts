// Adds each task's `types` check to its graded result. A failing type check fails a task that
// would otherwise pass; a task that errored stays an error; the type checker's own failure is an
// `error` check (our problem), never a `fail` (the student's).
import type { PackTask } from "../pack/types.js";
import type { CheckResult, TaskResult, TaskStatus } from "../report/types.js";
import { typesCheck, type TaskTypes } from "./types-check.js";

/** What runs a pack's type check: each task's findings, or an Error of its own (a bug in grade). */
export interface TypeChecker {
  check(cwd: string, submissionDir: string, tasks: readonly string[]): Promise<Record<string, TaskTypes>>;
  close(): Promise<void>;
}

export function attachTypes(result: TaskResult, types: Record<string, TaskTypes> | Error, task: PackTask): TaskResult {
  const entry = types instanceof Error ? undefined : types[task.id];
  const check: CheckResult = entry ? typesCheck(task, entry) : {
    ...typesCheck(task, { findings: [] }), status: "error",
    message: `The type checker itself failed, a bug in grade, not in your code: ${types instanceof Error ? types.message.split("\n")[0] : "no result"}. Run with --no-typecheck to skip it.`,
  };
  const checks = [...result.checks, check];
  const status: TaskStatus = result.status === "error" ? "error"
    : check.status === "fail" || check.status === "error" ? "fail" : result.status;
  return { ...result, checks, status };
}
