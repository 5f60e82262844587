// Which behaviour checks a task has, the inputs they try for a seed, and the model's answers.
import type { TaskId } from "../course/tasks.js";
import type { JsonObject, ToolDefinition } from "../course/types.js";
import type { BehaviourCheck } from "./check.js";
import type { Expectation } from "./expectation.js";
import { expectHandle, modelServe, modelToMcp } from "./model.js";
import { makeRandom } from "./random.js";
import { TASK1_CHECKS } from "./task1-checks.js";
import { TASK2_CHECKS } from "./task2-checks.js";
import { TASK3_CHECKS } from "./task3-checks.js";

export const BEHAVIOUR_CHECKS: Record<TaskId, BehaviourCheck[]> = { task1: TASK1_CHECKS, task2: TASK2_CHECKS, task3: TASK3_CHECKS };

export interface PlannedCheck {
  check: BehaviourCheck;
  inputs: unknown[];
}

/** What the model requires of the answer to one input of a task. */
function modelAnswer(task: TaskId, input: unknown): Expectation {
  if (task === "task2") return expectHandle(input as JsonObject);
  return { kind: "exact", value: task === "task1" ? modelToMcp(input as ToolDefinition) : modelServe(input as string[]) };
}

// Each check draws from its own stream, so adding a check leaves the others' inputs as they were.
function streamSeed(seed: number, name: string): number {
  let h = seed >>> 0;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

// A batch grades every student with one seed: the plan is made once per task and seed, and is
// never changed afterwards (jobs get copies of the inputs; judging only reads them).
const plans = new Map<string, PlannedCheck[]>();

export function planBehaviour(task: TaskId, seed: number): PlannedCheck[] {
  const key = `${task}:${seed}`;
  let plan = plans.get(key);
  if (!plan) {
    if (plans.size >= 16) plans.clear();
    const made: PlannedCheck[] = [];
    for (const check of BEHAVIOUR_CHECKS[task]) {
      const stream = check.stream ?? check.name;
      // A check that shares another's stream and generator shares its very inputs (planInputs).
      const twin = made.find((p) => (p.check.stream ?? p.check.name) === stream && p.check.inputs === check.inputs);
      made.push({ check, inputs: twin ? twin.inputs : check.inputs(makeRandom(streamSeed(seed, stream))) });
    }
    plans.set(key, plan = made);
  }
  return plan;
}

/**
 * How a plan's inputs are laid out in its job: each distinct list of inputs once, in plan order,
 * and where each planned check's inputs start in that list (checks sharing inputs share calls).
 */
export function planInputs(plan: readonly PlannedCheck[]): { inputs: unknown[]; offsets: number[] } {
  const inputs: unknown[] = [];
  const at = new Map<unknown[], number>();
  const offsets = plan.map((p) => {
    let offset = at.get(p.inputs);
    if (offset === undefined) {
      at.set(p.inputs, offset = inputs.length);
      inputs.push(...p.inputs);
    }
    return offset;
  });
  return { inputs, offsets };
}

export interface ModelAnswer {
  expectation: Expectation;
  /** One answer the rules accept, and its JSON: a sandbox may send back `same` for it. */
  value: unknown;
  shown: string;
}

const answers = new WeakMap<PlannedCheck, ModelAnswer[]>();
const show = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** The model's answers to a planned check's inputs, worked out once per plan. */
export function modelAnswers(task: TaskId, planned: PlannedCheck): readonly ModelAnswer[] {
  let list = answers.get(planned);
  if (!list) {
    list = planned.inputs.map((input) => {
      const expectation = modelAnswer(task, input);
      return { expectation, value: expectation.value, shown: show(expectation.value) };
    });
    answers.set(planned, list);
  }
  return list;
}
