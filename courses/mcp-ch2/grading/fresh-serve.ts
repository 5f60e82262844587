// serve's state between calls. Its generated run is one module instance (so state kept between
// calls shows), and the rule of its five evidence lines, t3_same_lines, is judged there: a serve
// whose out and log live at module level, never emptied, answered the page's run (an instance's
// first call) right and every later list wrong, and lost all five lines for one mistake. So the
// lists of that rule are also each served first in a module instance of its own. When those
// answers hold the rule and the same lists after earlier calls do not, the failure is state kept
// between calls: t3_fresh_instance's one mistake, and the rules judged on those lists are charged
// there (src/pack/fresh-instance.ts). A serve that answers only the page's lines fails them in a fresh instance too: nothing is
// charged away, and its lines go with the rule as before.
import { judgeCheck, type Excused, type ExpectOverride } from "../behaviour/judge.js";
import { planInputs, type PlannedCheck } from "../behaviour/plan.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { WireRun } from "../../../src/sandbox/protocol.js";
import { chargeStateBetweenCalls, failsOnlyFresh, notOwnState } from "../../../src/pack/fresh-instance.js";
import { freshCheck } from "./fresh.js";

/** The rule whose lists are served in fresh instances too: the rule of serve's five lines. */
const RULE = "t3_same_lines";

/** The lists served each first in a module instance of its own (none without that rule planned). */
export function freshServeInputs(plan: readonly PlannedCheck[]): readonly unknown[] {
  return plan.find((p) => p.check.name === RULE)?.inputs ?? [];
}

interface Judging {
  plan: PlannedCheck[];
  /** The generated run's calls, the fixture's first. */
  calls: CallOutcome[];
  fixtureCount: number;
  fresh: CallOutcome[] | undefined;
  run: WireRun | undefined;
  seed: number;
  override?: ExpectOverride;
  excused?: Excused;
}

/** t3_fresh_instance, and `behaviour` with the failures it explains charged to it. */
export function judgeFreshServe(j: Judging, behaviour: CheckResult[]): { check: CheckResult; behaviour: CheckResult[] } {
  const rule = j.plan.find((p) => p.check.name === RULE);
  if (!rule) return { check: { ...freshCheck.placeholder("task3"), kind: "behaviour", status: "skip", message: "Not run." }, behaviour };
  const { offsets } = planInputs(j.plan);
  const at = j.fixtureCount + offsets[j.plan.indexOf(rule)]!;
  const shared = rule.inputs.map((_, i) => j.calls[at + i]!);
  // A fresh instance's call that fails as a failed fixture line did (its branch: fixture-case.ts)
  // is that line's mistake, charged there: a serve that throws on its instance's first line that is
  // not JSON throws so in each fresh instance.
  const asFixtureLine = (i: number, _: CallOutcome | undefined, f: CallOutcome | undefined): boolean => !!f && !f.ok && !!j.excused?.(rule.inputs[i], f.failure);
  const check = freshCheck.judge("task3", rule.inputs, shared, j.fresh, j.run, asFixtureLine);
  if (check.status !== "fail" || !j.fresh) return { check, behaviour };
  // The checks judged on the same lists, each judged again on the fresh instances' answers.
  const sameLists = j.plan.filter((p) => p.inputs === rule.inputs || JSON.stringify(p.inputs) === JSON.stringify(rule.inputs));
  const holdsFresh = new Set(sameLists.filter((p) => judgeCheck("task3", p, j.fresh!, j.seed, j.override, j.excused).status === "pass").map((p) => p.check.name));
  // Answers wrong in fresh instances too are not serve's state: a table of the page's lines, or a
  // handle that needs initialize first (task 2's, which its own fresh-instance check charges). A
  // fresh call that throws or stalls in serve's own file is serve's state all the same: it fails.
  if (!holdsFresh.has(RULE)) return { check: failsOnlyFresh(shared, j.fresh, asFixtureLine) ? check : notOwnState(check), behaviour };
  return { check, behaviour: chargeStateBetweenCalls(behaviour, check, holdsFresh, "serve") };
}
