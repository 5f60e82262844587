// A behaviour check is data: a name, the line the student reads, the chapter's rule, and the
// inputs it tries. The expected answer for each input comes from the model, never from the check.
import type { TaskId } from "../course/tasks.js";
import type { Random } from "./random.js";

export interface BehaviourCheck {
  name: string;
  task: TaskId;
  title: string;
  /** The chapter's rule this check holds the code to. */
  rule: string;
  /**
   * What is compared: the value returned (against the model's), or the input after the call
   * (against a copy taken before it).
   */
  judge: "output" | "input-unchanged";
  /** Fixed edge cases first, then generated ones: only inputs whose answer the rules decide. */
  inputs: (random: Random) => unknown[];
}
