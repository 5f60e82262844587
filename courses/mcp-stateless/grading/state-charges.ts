// State kept between calls, seen by the rules of handle's lines (issue 20: one mistake, one point).
// A handle that memoizes (the cancel's decision by order id, "idempotent retries") answers the
// page's cases again wrong once an earlier call filled the memo, so each line's rule fails and
// takes its line: three points for one memo. Those inputs also go alone to a fresh module
// instance (grading/plan.ts freshSample takes every input of the page's cases); when each failing
// one sent there gets the rules' answer, the failure is the state t2_no_session_state charges.
import { chargeStateBetweenCalls } from "../../../src/pack/fresh-instance.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";

/** The check that judges state kept between calls (judge.ts statelessChecks). */
export const STATE_CHECK = "t2_no_session_state";
/** The check that judges state kept between a cancel's rounds (judge.ts statelessChecks). */
export const ROUNDS_CHECK = "t2_stateless";

/**
 * `rules`: the line rules' ids; `failing(p)`: a planned check's failing inputs (generated
 * indices); `alone(i)`: input i's answer in a fresh instance, undefined when it was not sent there;
 * `holds(p, i, outcome)`: whether that answer is the rules'.
 */
export function chargeLineRulesToState(
  checks: CheckResult[], planned: readonly PlannedCheck[], rules: ReadonlySet<string>, failing: (p: PlannedCheck) => number[],
  alone: (i: number) => Outcome | undefined, holds: (p: PlannedCheck, i: number, outcome: Outcome) => boolean,
): CheckResult[] {
  const state = checks.find((c) => c.name === STATE_CHECK);
  if (state?.status !== "fail" || state.chargedTo !== undefined) return checks;
  const holdsFresh = new Set<string>();
  for (const p of planned) {
    if (!rules.has(p.check.id)) continue;
    const sent = failing(p).flatMap((i) => { const o = alone(i); return o ? [[i, o] as const] : []; });
    if (sent.length && sent.every(([i, o]) => holds(p, i, o))) holdsFresh.add(p.check.id);
  }
  const lineRules = checks.filter((c) => rules.has(c.name));
  const charged = new Map(chargeStateBetweenCalls(lineRules, state, holdsFresh, "handle").map((c) => [c.name, c]));
  return checks.map((c) => charged.get(c.name) ?? c);
}

