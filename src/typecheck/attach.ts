// Adds each task's `types` check to its graded result. A failing type check fails a task that
// would otherwise pass; a task that errored stays an error; the type checker's own failure is an
// `error` check (our problem), never a `fail` (the student's).
import type { TaskId } from "../../courses/mcp-ch2/course/tasks.js";
import type { GradedTask } from "../../courses/mcp-ch2/grading/task-result.js";
import type { CheckResult, TaskStatus } from "../report/types.js";
import { typesCheck, type TaskTypes } from "./types-check.js";

export function attachTypes(graded: GradedTask, types: Record<TaskId, TaskTypes> | Error): GradedTask {
  const task = graded.result.task;
  const entry = types instanceof Error ? undefined : types[task];
  const check: CheckResult = entry ? typesCheck(task, entry) : {
    ...typesCheck(task, { findings: [] }), status: "error",
    message: `The type checker itself failed, a bug in grade, not in your code: ${types instanceof Error ? types.message.split("\n")[0] : "no result"}. Run with --no-typecheck to skip it.`,
  };
  const checks = [...graded.result.checks, check];
  const status: TaskStatus = graded.result.status === "error" ? "error"
    : check.status === "fail" || check.status === "error" ? "fail" : graded.result.status;
  return { ...graded, result: { ...graded.result, checks, status } };
}
