// What running one task in its own process can end as: plain data, no reporting.
import type { TaskId } from "../course/tasks.js";

export type FailureReason =
  | "not-written" | "missing-file" | "syntax" | "missing-export" | "import-error" | "throw"
  | "promise" | "not-json" | "exit" | "timeout" | "crash" | "out-of-memory";

export interface TaskFailure {
  reason: FailureReason;
  /** One plain paragraph for the student. */
  message: string;
}

/** The raw values a task's function returned, per call, already checked to be JSON. */
export type TaskValue =
  | { task: "task1"; result: unknown }
  | { task: "task2"; responses: unknown[] }
  | { task: "task3"; result: unknown };

export interface TaskRun {
  task: TaskId;
  outcome: { kind: "value"; value: TaskValue } | { kind: "failure"; failure: TaskFailure };
  /** What the task's process wrote, capped. */
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** The one message the sandboxed process sends back over IPC. */
export type HarnessReply =
  | { kind: "value"; json: string }
  | { kind: "failure"; failure: TaskFailure };
