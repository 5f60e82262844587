// handle's evidence lines read through its state (src/pack/page-alone.ts): when
// t2_no_session_state failed beside a line, the recount sends the page's messages again, each
// alone, and a line their answers there make right is charged to t2_no_session_state
// (state-mistakes-2026-12-06 sl-args-assign: arguments piled into a module-level object took four
// lines besides the state).
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import { chargeJudgementLines, pageAloneProbe as probe, pageAloneRun, valuesAlone } from "../../../src/pack/page-alone.js";
import type { Outcome } from "../behaviour/check.js";
import { MESSAGES } from "../course/fixtures.js";
import { evidenceChecks } from "./judge-parts.js";
import { readCall } from "./outcomes.js";
import { taskOf } from "./plan.js";
import { STATE_CHECK } from "./state-charges.js";

const HANDLE = taskOf("task2");
const params = (m: unknown): unknown => (m as { params?: unknown }).params;
// A retry first, every server/discover last, in a context of their own: what a first round or a
// discover leaves on globalThis (the order asked about, a "session") must not reach a message
// that needs it.
const rank = (i: number): number => {
  const m = MESSAGES[i] as { method?: unknown };
  const p = params(m);
  return typeof p === "object" && p !== null && Object.hasOwn(p, "inputResponses") ? 0 : m.method === "server/discover" ? 2 : 1;
};
const RUN = pageAloneRun(callOf(HANDLE), MESSAGES.map((m) => JSON.stringify(m)), rank);

/** The run, when handle's state check failed beside one of its lines; `read`: each message's answer alone, in MESSAGES' order. */
export const pageAloneProbe = (input: PlanInput, first: Record<string, TaskJudgement>): Probe<(Outcome | undefined)[]> | undefined =>
  (input.behaviour ? probe(RUN, first["task2"], STATE_CHECK, (c) => readCall(HANDLE, c, true)) : undefined);

/** task 2's judgement with the lines its answers alone make right charged to t2_no_session_state. */
export function chargePageLines(handle: TaskJudgement, alone: readonly (Outcome | undefined)[], counted?: ReadonlySet<string>): void {
  chargeJudgementLines(handle, evidenceChecks("task2", { values: valuesAlone(alone, MESSAGES.length) }, HANDLE.exportName).checks, STATE_CHECK, HANDLE.exportName, counted);
}
