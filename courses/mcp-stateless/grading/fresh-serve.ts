// serve's state between calls. Its generated run is one module instance, and the rule of its three
// lines, t4_same_lines, is judged there: a serve whose out and log live at module level, never
// emptied, answered the page's run (an instance's first call) right and every later list wrong,
// and lost all of task 4 for one mistake. So that rule's lists are also each given first to a
// module instance of its own (plan.ts): when those answers hold the rule and the same lists after
// earlier calls do not, the failure is t4_fresh_instance's one mistake (src/pack/fresh-instance.ts).
// A serve that answers only the page's lines fails them in a fresh instance too.
import { chargeStateBetweenCalls, failsOnlyFresh, judgeFreshInstance, notOwnState } from "../../../src/pack/fresh-instance.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { TaskFailure, WireRun } from "../../../src/sandbox/protocol.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { sameServed } from "../behaviour/compare.js";

const FILE = "task4.ts";
const BASE = {
  name: "t4_fresh_instance", kind: "behaviour", title: "serve answers each list the same in a fresh module as after earlier calls",
  hint: "serve keeps no state between calls: its answer depends on its lines alone. Make out and log inside serve, and remove module-level variables that change between calls.",
} as const;

/**
 * t4_fresh_instance first, then the behaviour checks `judged` with what it explains charged to it.
 * `rule`: FRESH_LISTS_RULE's planned check; `fresh`: its lists' answers in fresh instances;
 * `shared`: the generated run's outcomes past the fixture; `holds`: the rule judged on `fresh`.
 */
export function freshServe(rule: PlannedCheck, run: WireRun | undefined, fresh: Outcome[] | undefined, shared: readonly (Outcome | undefined)[], judged: CheckResult[],
  holds: (outcomes: readonly (Outcome | undefined)[]) => boolean, excused?: (input: unknown, failure: TaskFailure) => boolean): CheckResult[] {
  // A fresh instance's call that fails as a failed fixture line did (its branch) is that line's mistake, charged there.
  const asFixtureLine = (i: number, _: unknown, f: Outcome | undefined): boolean => !!f && !f.ok && !!excused?.(rule.inputs[i], f.failure);
  const sharedHere = rule.inputs.map((_, i) => shared[rule.offset + i]);
  const check = judgeFreshInstance(BASE, { exportName: "serve", file: FILE }, rule.inputs, sharedHere, fresh, run, sameServed, asFixtureLine);
  if (check.status !== "fail" || !fresh) return [check, ...judged];
  // Answers wrong in fresh instances too are not serve's state: a table of the page's lines, or a
  // handle that needs server/discover first (task 2's, which its own checks charge). A fresh call
  // that throws or stalls in serve's own file is serve's state all the same: it fails.
  if (!holds(fresh)) return [failsOnlyFresh(sharedHere, fresh, asFixtureLine) ? check : notOwnState(check), ...judged];
  return [check, ...chargeStateBetweenCalls(judged, check, new Set([rule.check.id]), "serve")];
}

/**
 * With state kept between calls (t4_fresh_instance failed, its lists holding the rule alone), the
 * odd lines' checks are judged on their lists' answers each in a fresh instance (plan.ts
 * freshServeChecks): one that holds there failed by the state, charged to it; one that fails
 * there too is a mistake of its own, shown as such (a-serve-nonobject-fresh: JSON that is not an
 * object passed to handle, behind out and log at module level, cost nothing more while every
 * check read through the state). `alone`: the fresh answers by generated index; `counted`: the
 * checks whose list failed after a count of calls too (counted-serve.ts), charged as their own. Returns the
 * checks and the outcomes they were judged on, for the charges that read them after.
 */
export function judgeKindsAlone(
  checks: CheckResult[], kinds: readonly PlannedCheck[], shared: readonly (Outcome | undefined)[], alone: ReadonlyMap<number, Outcome | undefined>,
  judge: (planned: PlannedCheck[], outcomes: readonly (Outcome | undefined)[]) => CheckResult[], counted?: ReadonlySet<string>,
): { checks: CheckResult[]; outcomes: (Outcome | undefined)[] } {
  const state = checks.find((c) => c.name === BASE.name);
  if (state?.status !== "fail" || alone.size === 0) return { checks, outcomes: [...shared] };
  const outcomes = [...shared];
  for (const p of kinds) p.inputs.forEach((_, k) => { if (alone.has(p.offset + k)) outcomes[p.offset + k] = alone.get(p.offset + k); });
  const again = new Map(judge([...kinds], outcomes).map((c) => [c.name, c]));
  const note = ` (each list alone, in a fresh module instance: serve keeps state between calls, ${state.name})`;
  return {
    outcomes,
    checks: checks.map((c) => {
      const fresh = again.get(c.name);
      if (!fresh || c.status !== "fail" || c.chargedTo !== undefined) return c;
      // Failing after as many calls as came before in a fresh instance too (counted-serve.ts): a count, not state.
      if (counted?.has(c.name)) return { ...c, message: `${c.message ?? ""} Its list, given to a fresh module instance after as many calls as came before it (each an empty list), fails there too: serve's answers change with the number of its calls, a mistake of its own.` };
      return fresh.status === "pass"
        ? { ...c, chargedTo: state.name, message: `${c.message ?? ""} Each of its lists given first to a module instance of its own gets the rules' answer: the state, charged by ${state.name}; it costs nothing more here.` }
        : { ...fresh, message: `${fresh.message ?? ""}${note}` };
    }),
  };
}
