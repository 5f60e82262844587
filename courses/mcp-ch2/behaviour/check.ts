// A behaviour check is data: a name, the line the student reads, the chapter's rule, and the
// inputs it tries. The expected answer for each input comes from the model, never from the check.
import type { TaskId } from "../course/tasks.js";
import type { Random } from "../../../src/pack/random.js";
import type { Expectation } from "./expectation.js";

export interface BehaviourCheck {
  name: string;
  task: TaskId;
  title: string;
  /** The chapter's rule this check holds the code to. */
  rule: string;
  /** How to find the mistake, shown after the rule: what to look at, not the code to write. */
  hint?: string;
  /**
   * What is compared: the value returned (against the model's), the input after the call
   * (against a copy taken before it), or only that a response came back carrying the request's
   * id ("answered"), for a rule about which messages are answered, so that a wrong answer to
   * one of its inputs fails the check of that answer's rule and not this one too.
   */
  judge: "output" | "input-unchanged" | "answered";
  /**
   * With "output", an evidence line's own rule: what of the answer its line reads (the tool
   * names of tools/list, the text of a call), compared in the code's answer and the model's, so
   * that a mistake another rule charges (an id, a schema changed) does not fail it too
   * (src/pack/score.ts). The whole answer when absent.
   */
  part?: (answer: unknown) => unknown;
  /**
   * The rule that each response carries its request's id: another check failing only by answers
   * that are right but for their id is charged to it where it failed (src/pack/id-slip.ts).
   */
  idRule?: true;
  /**
   * The checks whose slip reaches an input of this one (each holds a problem of its kind): when
   * every failing input is reached by one that failed, the failure is charged to it (judge.ts).
   */
  reachedBy?: (input: unknown, index: number) => readonly string[];
  /**
   * Whether an answer shows the rule left out (not written or wrapped otherwise, nor skipped on
   * some path of code that follows it elsewhere: `said` tells whether the code refused with a kind
   * of message where the rules ask for it, judge.ts): one such failing answer makes the failure
   * the check's own mistake (CheckResult.ownMistake), whatever the lines it reads through show.
   */
  contradicts?: (expected: Expectation, actual: unknown, said: (kind: string) => boolean) => boolean;
  /** Fixed edge cases first, then generated ones: only inputs whose answer the rules decide. */
  inputs: (random: Random) => unknown[];
  /**
   * The random stream it draws from, by default its own name. Checks of a task with the same
   * stream and the same `inputs` try the same inputs, and the task is called on them once for all
   * of them (plan.ts): one judges what it returned, another what it did to its input, say.
   */
  stream?: string;
}
