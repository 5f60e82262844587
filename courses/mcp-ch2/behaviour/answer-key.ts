// Where the behaviour checks' inputs and expected answers come from. The course repository
// judges with the executable model of the chapter's rules (model-key.ts, which never leaves the
// instructor's side); the student edition carries the model's answers for a few input sets as
// data (practice-key.ts) and no code that could answer an input it has not seen.
import type { TaskId } from "../course/tasks.js";
import type { McpTool, ServeResult } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Expectation } from "./expectation.js";

export interface AnswerKey {
  /** The inputs a check tries for a seed; `generate` draws them from the check's own generator. */
  inputs(task: TaskId, check: BehaviourCheck, seed: number, generate: () => unknown[]): unknown[];
  /** What the chapter's rules require of the answer to each of a check's inputs, in order. */
  expect(task: TaskId, check: BehaviourCheck, seed: number, inputs: readonly unknown[]): Expectation[];
  /**
   * What serve must return for a list of lines when its handle gives `next()`'s answers, one per
   * message in the order serve meets them; undefined when the key cannot tell for these lines.
   */
  serveWith(lines: readonly string[], next: () => unknown): ServeResult | undefined;
  /**
   * What handle must answer to a message when it serves `tool` (what the student's toMcp
   * returned) instead of the chapter's converted tool; absent where the key has no model.
   */
  expectWithTool?(message: unknown, tool: McpTool): Expectation;
  /**
   * An answer the chapter's rules allow handle to give to a message (where they leave a choice,
   * the model's), for the correct handle serve is judged with when task 2 failed
   * (grading/stand-ins.ts); undefined where the rules give none. Absent where the key has no model.
   */
  handle?(message: unknown): unknown;
}
