// A rule the code skipped on inputs the page never shows, beside a wrong line that reads through
// it. A line's rules (evidence/line-rules.ts) take the line's point when they break, and none when
// the line is wrong already: that line shows the same mistake. But a check holds several of the
// page's refusals (t2_tool_errors: an unknown tool, one not allowed, a required argument missing),
// and a server that skipped the allow-list (the delete_db line wrong) and the required arguments
// too lost one point for both (no-required-no-allow-list, 17/18). A step whose refusal was skipped
// (the model refuses with an error; the code answered a result that is no error: the tool ran) of
// a rule no wrong answer of the trace shows is a mistake of its own: it costs beside the line
// (CheckResult.beyondLines). A slip in how refusals are written (codes, isError results) shows
// on every refusal alike and is not a skipped one.
//
// The same check from the other side: a right line whose rule broke loses the line's point (the
// page's refusal answered from a table of the page: its config, its id). Beside it, a skipped
// rule no line shows is a mistake of its own (CheckResult.ownBeside): a table of the page's one
// refusal kept the point that code skipping both rules honestly paid (sf-config-deny-table 17/18,
// honest 16). Only where the line's own rule was skipped on the page step's call, changed only
// where its rule does not look (page-calls.ts: any id, any arguments object): code that skipped
// every refusal on calls without arguments, or on tools added once live (one slip in one branch),
// is charged once; code that refused the page's call only under a number id or with short
// arguments skipped the page's rule on it, and pays both rules (sf-lattice-number-ids-only).
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep } from "../behaviour/compare.js";
import { modelSession, type Outcome, type StepRule } from "../behaviour/session.js";
import { TRACE_SESSION } from "../course/fixtures.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { isPageCall, readShape } from "./page-calls.js";
import type { WrongStep } from "./server-verdicts.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const response = (o: Outcome | undefined): Record<string, unknown> | undefined => (o !== undefined && "value" in o && isObject(o.value) ? o.value : undefined);

/** Whether a step the model refuses was answered with a result that is no error: its refusal skipped. */
function skipped(w: WrongStep): boolean {
  const want = response(w.want), got = response(w.got[w.j]);
  const result = got?.["result"];
  return isObject(want?.["error"]) && got !== undefined && !Object.hasOwn(got, "error") && isObject(result) && result["isError"] !== true;
}

/** The rules of the trace's steps the code answered wrongly (every step, when it has no answers). */
function wrongTraceRules(trace: readonly (Outcome | undefined)[] | undefined): Set<StepRule> {
  const model = modelSession(TRACE_SESSION, "page");
  return new Set(model.rules.filter((_, j) => {
    const got = trace?.[j];
    return got === undefined || compareStep(TRACE_SESSION.steps[j]!, model.outcomes[j]!, got, "body") !== undefined;
  }));
}

/** Marks each failing line's rule that skipped a refusal of a rule the trace's wrong answers do not show (see the header). */
export function markSkippedRules(lines: readonly CheckResult[], extra: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>, trace: readonly (Outcome | undefined)[] | undefined): void {
  const wrongLines = lines.filter((l) => l.status === "fail" && l.chargedTo === undefined);
  if (!wrongLines.length) return;
  let shown: Set<StepRule> | undefined;
  for (const c of extra) {
    if (c.status !== "fail" || c.chargedTo !== undefined || c.beyondLines) continue;
    if (!wrongLines.some((l) => LINE_RULES[l.name]?.includes(c.name))) continue;
    shown ??= wrongTraceRules(trace);
    const own = (wrong.get(c.name) ?? []).find((w) => skipped(w) && !shown!.has(w.rule));
    if (!own) continue;
    Object.assign(c, { beyondLines: true, message: `${c.message ?? ""}\nBeside the page's wrong line, a refusal of another kind was skipped here (${own.rule}: the call ran where the rules refuse it): a mistake of its own.` });
  }
}

/** Marks each line's rule that broke beside its right line on the page step's shape, and skipped a rule no line shows too (see the header). */
export function markTabledRules(lines: readonly CheckResult[], extra: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): void {
  const model = modelSession(TRACE_SESSION, "page");
  const pageShapes = new Map<StepRule, Set<string>>();
  TRACE_SESSION.steps.forEach((step, j) => {
    if (step.op !== "handle" || !isObject(response(model.outcomes[j])?.["error"])) return;
    const rule = model.rules[j]!;
    pageShapes.set(rule, (pageShapes.get(rule) ?? new Set()).add(readShape(step.message)));
  });
  for (const c of extra) {
    if (c.status !== "fail" || c.chargedTo !== undefined || c.beyondLines || c.ownBeside) continue;
    const naming = lines.filter((l) => LINE_RULES[l.name]?.includes(c.name));
    if (!naming.length || naming.some((l) => l.status !== "pass")) continue;
    const steps = (wrong.get(c.name) ?? []).filter(skipped);
    const onPage = steps.some((w) => isPageCall(w.session, w.j, pageShapes.get(w.rule)));
    const other = steps.find((w) => !pageShapes.has(w.rule));
    if (!onPage || !other) continue;
    Object.assign(c, { ownBeside: true, message: `${c.message ?? ""}\nThe page's refusal is right, and the same refusal was skipped here on a call of its shape; beside it, a refusal of another kind was skipped too (${other.rule}: the call ran where the rules refuse it): a mistake of its own.` });
  }
}
