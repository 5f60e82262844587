// What running a task's function in its own process can end as: plain data, no reporting.
import type { TaskId } from "../course/tasks.js";

export type FailureReason =
  | "not-written" | "missing-file" | "syntax" | "missing-export" | "import-error" | "throw"
  | "promise" | "not-json" | "exit" | "timeout" | "crash" | "out-of-memory";

export interface TaskFailure {
  reason: FailureReason;
  /** One plain paragraph for the student. */
  message: string;
}

/** How one call of the task's function ended; a value is already known to be JSON. */
export type CallOutcome = { ok: true; value: unknown; input?: unknown } | { ok: false; failure: TaskFailure };

/** A job for the sandboxed process: call the task's function once per input, in order. */
export interface Job {
  task: TaskId;
  inputs: unknown[];
  /** Stop at the first call that fails (the fixtures), or go on (generated inputs). */
  stopOnFailure: boolean;
  /** Send each input back after the call, so the grader can see whether the task changed it. */
  returnInputs?: boolean;
  /**
   * Per input, the JSON text of the answer the grader expects (null where it has none). Only a
   * shortcut: a call whose answer has that text comes back as `same` (WireCall), and the grader
   * judges what it puts back as it would the value. Never within reach of the student's code
   * (vm-harness.ts), since it is the answer key.
   */
  expected?: (string | null)[];
}

export interface JobRun {
  task: TaskId;
  /** The calls that ran, in order; a failure of the whole process comes as `failure`. */
  calls: CallOutcome[];
  failure?: TaskFailure;
  /** What the task printed, capped, with colour codes removed. */
  stdout: string;
  stderr: string;
  durationMs: number;
}

/** A job as the harness in a sandbox context gets it, and its reply (as JSON, see pool-child.ts). */
export type HarnessRequest = Omit<Job, "expected">;
export type HarnessReply =
  | { kind: "calls"; calls: CallOutcome[] }
  | { kind: "failure"; failure: TaskFailure };

/**
 * A call as the harness sends it: `same` for a value whose JSON is the job's expected text, and
 * `inputSame` for an input whose JSON the call left as it was (pool-reply.ts puts both back).
 */
export type WireCall =
  | { ok: true; value?: unknown; same?: true; input?: unknown; inputSame?: true }
  | { ok: false; failure: TaskFailure };
export type WireReply = { kind: "calls"; calls: WireCall[] } | { kind: "failure"; failure: TaskFailure };
