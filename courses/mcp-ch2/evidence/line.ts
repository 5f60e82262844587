// What an evidence line of the chapter is: one check in one place, with its rule (title, the
// value it accepts, hint), how it is read from what the task's function returned on the
// fixtures, and what a wrong value most likely means. Accepted values are derived from the
// chapter's own data and rules (fixtures.ts, protocol.ts) rather than typed in, and pinned as
// literals in the tests.
import type { TaskId } from "../course/tasks.js";

/** What a task's function returned on the chapter's fixtures: the input of the evidence lines. */
export type TaskValue =
  | { task: "task1"; result: unknown; /** The tool object passed in, as it was after the call. */ input?: unknown }
  | { task: "task2"; responses: unknown[] }
  | {
    task: "task3"; result: unknown;
    /**
     * When serve's one call on LINES failed: what it returned for each line alone (a FailedCall,
     * src/pack/failed-call.ts, where that failed too), which the lines read instead of `result`.
     */
    byLine?: readonly unknown[];
  };

export type ValueOf<T extends TaskId> = Extract<TaskValue, { task: T }>;

// compute and diagnose are methods, not function properties, so that a task's lines (which read
// that task's value) fit in EVIDENCE_LINES beside the other tasks'; lines.ts hands each line only
// a value of its own task.
export interface EvidenceCheck<V extends TaskValue = TaskValue, K extends string = string> {
  key: K;
  task: V["task"];
  /** What the line shows, as the chapter words it. */
  title: string;
  /** The one value the chapter's rules accept. */
  accepted: string;
  /** The rule to reread, without giving the value away. */
  hint: string;
  /**
   * The line's own rules: the behaviour checks of what it shows, on inputs the code has not seen
   * (the fixture under other ids, other tools). Its point is earned only while they hold
   * (src/pack/score.ts); the general rules (ids, every argument check) are named by no line.
   */
  rules: readonly string[];
  /** The line as the chapter's runner prints it; throws Missing (reading.ts) when the runner would have crashed. */
  compute(value: V): string;
  /**
   * The chapter rule a wrong value most likely broke, or undefined when it does not say. It looks
   * at the value and, where that is not enough, at what the task returned (absent when only an
   * evidence file is being checked).
   */
  diagnose?(actual: string | undefined, value: V | undefined): string | undefined;
}

/** A task's lines in the chapter's order, each reading that task's value, their keys kept as literal types. */
export const linesOfTask = <T extends TaskId, K extends string>(_task: T, lines: readonly EvidenceCheck<ValueOf<T>, K>[]): readonly EvidenceCheck<ValueOf<T>, K>[] => lines;
