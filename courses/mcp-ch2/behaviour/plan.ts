// Which behaviour checks a task has, the inputs they try for a seed, and the answers the
// chapter's rules require (from the answer key: the model, or the student edition's data).
import type { TaskId } from "../course/tasks.js";
import type { BehaviourCheck } from "./check.js";
import type { Expectation } from "./expectation.js";
import { ANSWER_KEY } from "./key.js";
import { makeRandom } from "../../../src/pack/random.js";
import { withKeyOrders } from "../../../src/pack/key-orders.js";
import { TASK1_CHECKS } from "./task1-checks.js";
import { TASK2_CHECKS } from "./task2-checks.js";
import { TASK3_CHECKS } from "./task3-checks.js";

export const BEHAVIOUR_CHECKS: Record<TaskId, BehaviourCheck[]> = { task1: TASK1_CHECKS, task2: TASK2_CHECKS, task3: TASK3_CHECKS };

export interface PlannedCheck {
  check: BehaviourCheck;
  inputs: unknown[];
  seed: number;
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
      // Every third input's keys in a drawn order (src/pack/key-orders.ts): no rule reads the order.
      const generate = (): unknown[] => withKeyOrders(check.inputs(makeRandom(streamSeed(seed, stream))), streamSeed(seed, stream));
      made.push({ check, seed, inputs: twin ? twin.inputs : ANSWER_KEY.inputs(task, check, seed, generate) });
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

const answers = new WeakMap<PlannedCheck, readonly Expectation[]>();

/** What the rules require of the answers to a planned check's inputs, worked out once per plan. */
export function expectedAnswers(task: TaskId, planned: PlannedCheck): readonly Expectation[] {
  let list = answers.get(planned);
  if (!list) answers.set(planned, list = ANSWER_KEY.expect(task, planned.check, planned.seed, planned.inputs));
  return list;
}
