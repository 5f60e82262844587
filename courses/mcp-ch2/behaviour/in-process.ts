// Runs a task's function in this process and reports its calls as the sandbox does (a copy of
// each input, the value as JSON, the input as the call left it, a throw as a failure), so tests
// can judge solutions and fixture submissions without a sandbox.
import type { TaskId } from "../course/tasks.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import { judgeBehaviour } from "./judge.js";
import { planBehaviour, planInputs } from "./plan.js";

export function callInProcess(fn: (input: never) => unknown, inputs: readonly unknown[]): CallOutcome[] {
  return inputs.map((original): CallOutcome => {
    const input = structuredClone(original);
    try {
      const value = fn(input as never);
      return { ok: true, value: value === undefined ? undefined : JSON.parse(JSON.stringify(value)), input: structuredClone(input) };
    } catch (error) {
      return { ok: false, failure: { reason: "throw", message: `threw ${String(error)}` } };
    }
  });
}

/** Every behaviour check of a task, judged on the function's answers for one seed. */
export function judgeInProcess(task: TaskId, fn: (input: never) => unknown, seed: number): CheckResult[] {
  const plan = planBehaviour(task, seed);
  return judgeBehaviour(task, plan, callInProcess(fn, planInputs(plan).inputs), 0, seed);
}
