// handle's evidence lines read through its state (src/pack/page-alone.ts): when t2_fresh_instance
// failed beside a line, the recount sends the page's messages again, each alone, and a line their
// answers there make right is charged to t2_fresh_instance (state-mistakes-2026-12-06
// ch2-memo-tool-name: a memo by tool name took t2_id5_is_error and t2_id7_text besides the state).
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import { chargeJudgementLines, pageAloneProbe as probe, pageAloneRun, valuesAlone } from "../../../src/pack/page-alone.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import { MESSAGES } from "../course/fixtures.js";
import { TASKS } from "../course/tasks.js";
import { readCall } from "./outcomes.js";
import { gradeTask } from "./task-result.js";

const STATE = "t2_fresh_instance";
// initialize last, in a context of its own: a flag it sets on globalThis would let the rest through.
const RUN = pageAloneRun(callOf(TASKS.task2), MESSAGES.map((m) => JSON.stringify(m)), (i) => ((MESSAGES[i] as { method?: unknown }).method === "initialize" ? 1 : 0));

/** The run, when handle's state check failed beside one of its lines; `read`: each message's answer alone, in MESSAGES' order. */
export const pageAloneProbe = (input: PlanInput, first: Record<string, TaskJudgement>): Probe<(CallOutcome | undefined)[]> | undefined =>
  (input.behaviour ? probe(RUN, first["task2"], STATE, (c) => readCall("task2", c, false)) : undefined);

/** task 2's judgement with the lines its answers alone make right charged to t2_fresh_instance. */
export function chargePageLines(handle: TaskJudgement, alone: readonly (CallOutcome | undefined)[], counted?: ReadonlySet<string>): void {
  const right = gradeTask("task2", { outcome: { value: { task: "task2", responses: valuesAlone(alone, MESSAGES.length) } } }).result.checks;
  chargeJudgementLines(handle, right, STATE, TASKS.task2.exportName, counted);
}
