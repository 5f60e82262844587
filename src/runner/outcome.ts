// How one call of a task's function ended, as the grader reads it (grading/outcomes.ts): a value
// already decoded into the grader's own data, or a failure. Plain data, no reporting.
export type { FailureReason, TaskFailure } from "../sandbox/protocol.js";
import type { TaskFailure } from "../sandbox/protocol.js";

/** A call's value (and, for toMcp, its input as it was after the call), or how it failed. */
export type CallOutcome = { ok: true; value: unknown; input?: unknown } | {
  ok: false; failure: TaskFailure;
  /**
   * Where JSON could carry all of the answer but its id (NaN from Number("abc")): the rest, as JSON
   * carries it, so that an answer right but for its id is charged to the id rule (src/pack/id-slip.ts).
   */
  idless?: unknown;
};
