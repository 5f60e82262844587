// handle's evidence lines read through its state (src/pack/page-alone.ts): when t2_fresh_instance
// failed beside a line, the recount sends the page's messages again, each alone, and a line their
// answers there make right is charged to t2_fresh_instance (state-mistakes-2026-12-06
// ch2-memo-tool-name: a memo by tool name took t2_id5_is_error and t2_id7_text besides the state).
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import { chargePageLinesToState, inPageOrder, pageAloneAsked, pageAloneRun } from "../../../src/pack/page-alone.js";
import { FailedCall } from "../../../src/pack/failed-call.js";
import { failures } from "../../../src/sandbox/failures.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import { MESSAGES } from "../course/fixtures.js";
import { TASKS } from "../course/tasks.js";
import { readCall } from "./outcomes.js";
import { gradeTask } from "./task-result.js";

const STATE = "t2_fresh_instance";
// initialize last, in a context of its own: a flag it sets on globalThis would let the rest through.
const RUN = pageAloneRun(callOf(TASKS.task2), MESSAGES.map((m) => JSON.stringify(m)), (i) => ((MESSAGES[i] as { method?: unknown }).method === "initialize" ? 1 : 0));

/** The run, when handle's state check failed beside one of its lines; `read`: each message's answer alone, in MESSAGES' order. */
export function pageAloneProbe(input: PlanInput, first: Record<string, TaskJudgement>): Probe<(CallOutcome | undefined)[]> | undefined {
  const handle = first["task2"];
  if (!input.behaviour || !handle || !pageAloneAsked([...handle.checks, ...(handle.extra ?? [])], STATE)) return undefined;
  return {
    runs: [RUN.spec],
    read: (reply) => {
      const run = reply.runs[0];
      return run?.status === "ran" ? inPageOrder(run.calls.map((c) => readCall("task2", c, false)), RUN.order) : MESSAGES.map(() => undefined);
    },
  };
}

const NOT_ANSWERED = failures.crash("no answer alone");

/** task 2's judgement with the lines its answers alone make right charged to t2_fresh_instance. */
export function chargePageLines(handle: TaskJudgement, alone: readonly (CallOutcome | undefined)[]): void {
  const responses = MESSAGES.map((_, i) => { const c = alone[i]; return c?.ok ? c.value : new FailedCall(i, c?.failure ?? NOT_ANSWERED); });
  const right = gradeTask("task2", { outcome: { value: { task: "task2", responses } } }).result.checks;
  handle.checks = chargePageLinesToState(handle.checks, right, handle.extra?.find((c) => c.name === STATE), TASKS.task2.exportName);
}
