// The rules of handle's lines, read through its state (issue 20: one mistake, one point). The
// generated run sends each page line's case again under other ids and values; a handle that keeps
// state between calls (a set of ids seen, refusing one seen again; arguments written into a
// module-level object; an error list never emptied) answered those wrong after earlier calls, and
// each line's rule took its line: seven points for one set of ids (state-mistakes-2026-12-06
// ch2-seen-ids). Every generated message also goes alone to a fresh instance (request.ts): a line's
// rule whose every failing message gets the rule's answer there failed by the state, which
// t2_fresh_instance charges. Unless the count probe found it failing after the shared run's own
// earlier calls too (counted-calls.ts): a counter or a latch, the rule's own mistake.
import { chargeStateBetweenCalls } from "../../../src/pack/fresh-instance.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import { breaksRule, failingInputs } from "../behaviour/judge.js";
import { planInputs, type PlannedCheck } from "../behaviour/plan.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";

/** The rules of task 2's lines (each line's case under other ids and values). */
export const TASK2_LINE_RULES: ReadonlySet<string> = new Set(EVIDENCE_LINES.filter((l) => l.task === "task2").flatMap((l) => l.rules ?? []));

/**
 * `list` with the line rules that fail only after earlier calls charged to `state`; `calls`: the
 * shared run's answers, the fixtures' first (`fixtures` of them); `fresh`: each generated
 * message's answer alone, in input order; `counted`: the rules the count probe found failing after
 * a count of calls too, left as they are.
 */
export function chargeLineRulesToState(list: CheckResult[], state: CheckResult, plan: PlannedCheck[], calls: readonly (CallOutcome | undefined)[], fixtures: number,
  fresh: readonly (CallOutcome | undefined)[] | undefined, seed: number, counted?: ReadonlySet<string>): CheckResult[] {
  if (!fresh || state.status !== "fail" || state.chargedTo !== undefined) return list;
  const failed = new Set(list.filter((c) => c.status === "fail" && c.chargedTo === undefined && TASK2_LINE_RULES.has(c.name) && !counted?.has(c.name)).map((c) => c.name));
  if (!failed.size) return list;
  const failing = failingInputs("task2", plan, calls, fixtures, seed);
  const { offsets } = planInputs(plan);
  const holds = new Set<string>();
  plan.forEach((p, k) => {
    const f = failing[k]!;
    const alone = (i: number): CallOutcome | undefined => fresh[offsets[k]! + i];
    if (failed.has(p.check.name) && f.length && f.every((i) => { const a = alone(i); return a !== undefined && !breaksRule("task2", p, i, a); })) holds.add(p.check.name);
  });
  if (!holds.size) return list;
  const charged = new Map(chargeStateBetweenCalls(list.filter((c) => holds.has(c.name)), state, holds, "handle").map((c) => [c.name, c]));
  return list.map((c) => charged.get(c.name) ?? c);
}
