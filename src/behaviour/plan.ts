// Which behaviour checks a task has, the inputs they try for a seed, and the model's answers.
import type { TaskId } from "../course/tasks.js";
import type { JsonObject, ToolDefinition } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import { modelHandle, modelServe, modelToMcp } from "./model.js";
import { makeRandom } from "./random.js";
import { TASK1_CHECKS } from "./task1-checks.js";
import { TASK2_CHECKS } from "./task2-checks.js";
import { TASK3_CHECKS } from "./task3-checks.js";

export const BEHAVIOUR_CHECKS: Record<TaskId, BehaviourCheck[]> = { task1: TASK1_CHECKS, task2: TASK2_CHECKS, task3: TASK3_CHECKS };

export interface PlannedCheck {
  check: BehaviourCheck;
  inputs: unknown[];
}

/** The model's answer for one input of a task. */
export function modelAnswer(task: TaskId, input: unknown): unknown {
  if (task === "task1") return modelToMcp(input as ToolDefinition);
  if (task === "task2") return modelHandle(input as JsonObject);
  return modelServe(input as string[]);
}

// Each check draws from its own stream, so adding a check leaves the others' inputs as they were.
function streamSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

export function planBehaviour(task: TaskId, seed: number): PlannedCheck[] {
  return BEHAVIOUR_CHECKS[task].map((check) => ({ check, inputs: check.inputs(makeRandom(streamSeed(seed, check.name))) }));
}
