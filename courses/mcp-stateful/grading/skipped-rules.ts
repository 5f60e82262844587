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
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep } from "../behaviour/compare.js";
import { modelSession, type Outcome, type StepRule } from "../behaviour/session.js";
import { TRACE_SESSION } from "../course/fixtures.js";
import { LINE_RULES } from "../evidence/line-rules.js";
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
