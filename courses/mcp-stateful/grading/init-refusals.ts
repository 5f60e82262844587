// An initialize refused (an error) where the rules answer a result, the draws' unknown version
// say (the specification lets a server refuse a version it does not support; the pack asks for
// 2025-06-18): t2_initialize's mistake. It can leave the server closed, so a later request of the
// same session refused where the rules answer a result may follow from it, and a family reads
// through t2_initialize for those. Nothing else follows from it: a request answered with a result
// where the rules answer an error (no gate), or any failing step of a session whose initializes
// were all answered, is the family's own mistake, and so is isolation's (the refusal is the same
// alone as beside another server). Families read through t2_initialize for every failure before:
// a lazy server that refused the unknown version kept 17/18, its price 14/18
// (cheats-2026-12-06f version-refusal-lazy). Value slips (initialize answered with a result) are
// value-slips.ts'.
import { withRules } from "../../../src/pack/score.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, Step } from "../behaviour/session.js";
import { PROTOCOL_VERSION } from "../course/index.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { HANDSHAKE_LINES, TASK2_FAMILIES } from "../evidence/rule-families.js";
import type { WrongStep } from "./server-verdicts.js";

const HANDSHAKE = withRules(HANDSHAKE_LINES, LINE_RULES);
const FAMILIES = Object.entries(TASK2_FAMILIES).filter(([, p]) => p.through?.includes("t2_initialize")).map(([name]) => name);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const answered = (o: Outcome | undefined, key: "result" | "error"): boolean => o !== undefined && "value" in o && isObject(o.value) && Object.hasOwn(o.value, key);
const isInitialize = (step: Step | undefined): boolean => step?.op === "handle" && isObject(step.message) && step.message["method"] === "initialize";
/** An error where the model answers a result. */
const refusedForResult = (got: Outcome | undefined, want: Outcome): boolean => answered(got, "error") && answered(want, "result");

const versionOf = (step: Step | undefined): unknown => (step?.op === "handle" && isObject(step.message) && isObject(step.message["params"]) ? step.message["params"]["protocolVersion"] : undefined);

/**
 * A family's wrong step that t2_initialize's refusals may explain: refused where the model answers
 * a result, and either an initialize asking a version t2_initialize saw refused (the same mistake
 * again: a second initialize, t2_initialize_again's) or after such an initialize was refused in
 * its session, on its server. A second initialize refused for another version (a server that
 * refuses every initialize after the first) is its family's own.
 */
function followsRefusal(w: WrongStep, versions: ReadonlySet<unknown>): boolean {
  if (!refusedForResult(w.got[w.j], w.want)) return false;
  const step = w.session.steps[w.j]!;
  const refused = (s: Step, k: number): boolean => isInitialize(s) && versions.has(versionOf(s)) && answered(w.got[k], "error");
  if (refused(step, w.j)) return true;
  const on = step.on ?? 0;
  return w.session.steps.slice(0, w.j).some((s, k) => (s.on ?? 0) === on && refused(s, k));
}

/**
 * The families' verdicts with `notThrough` t2_initialize (and the handshake's lines) where it
 * failed only by refusals of versions other than the page's, the trace's initialize
 * (`traceInitialize`, the page's version) was answered with a result, and the family's failures
 * do not follow from the refusals. A refusal of the page's version too is another mistake's
 * (string ids refused, say: string-ids.ts), and is left as it was.
 */
export function markInitializeRefusals(verdicts: readonly CheckResult[], traceInitialize: Outcome | undefined, wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): CheckResult[] {
  const rule = verdicts.find((c) => c.name === "t2_initialize" && c.status === "fail");
  const refusals = wrong.get("t2_initialize");
  if (!rule || rule.crashed || !refusals?.length || !answered(traceInitialize, "result")) return [...verdicts];
  if (!refusals.every((w) => isInitialize(w.session.steps[w.j]) && versionOf(w.session.steps[w.j]) !== PROTOCOL_VERSION && refusedForResult(w.got[w.j], w.want))) return [...verdicts];
  const versions = new Set(refusals.map((w) => versionOf(w.session.steps[w.j])));
  return verdicts.map((check) => {
    if (!FAMILIES.includes(check.name) || check.status !== "fail" || check.crashed) return check;
    const steps = wrong.get(check.name);
    if (check.name !== "t2_isolation" && (!steps || steps.every((w) => followsRefusal(w, versions)))) return check;
    return { ...check, notThrough: [...(check.notThrough ?? []), ...HANDSHAKE] };
  });
}
