// A value slip at initialize (the wrong protocolVersion, a capability left out) is no reason for
// the families' failures: the page's server answers every later step the same whatever
// initialize's result said, so the gate, prompts and resources, and isolation are judged on steps
// it does not reach. The families read through the handshake's lines and their rule for the
// slips that do reach them (an initialize that throws or is refused leaves the student's server in
// another state); where initialize was answered with a result, in the trace and in every session
// t2_initialize judged wrong, a family's failure is its own mistake, unless every step it judged
// wrong is an initialize answered with a result (t2_initialize_again's second initialize shows
// the same slip; a refused one, or any other step, is the family's own). Without this, one cheap
// slip on t2_init_version made every family free (cheats-2026-12-05b slip-init-version-everything
// kept 17/18).
import { withRules } from "../../../src/pack/score.js";
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep } from "../behaviour/compare.js";
import type { Outcome, Session } from "../behaviour/session.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { HANDSHAKE_LINES, TASK2_FAMILIES, TOOL_LINES } from "../evidence/rule-families.js";
import type { WrongStep } from "./server-verdicts.js";

// initialize's lines and their rule, and the families that read through them.
const HANDSHAKE = withRules(HANDSHAKE_LINES, LINE_RULES);
const FAMILIES = Object.entries(TASK2_FAMILIES).filter(([, p]) => p.through?.some((name) => HANDSHAKE.includes(name))).map(([name]) => name);

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const answeredWithResult = (outcome: Outcome | undefined): boolean => outcome !== undefined && "value" in outcome && isObject(outcome.value) && isObject(outcome.value["result"]);
const isInitialize = (session: Session, j: number): boolean => {
  const step = session.steps[j];
  return step?.op === "handle" && isObject(step.message) && step.message["method"] === "initialize";
};

/**
 * The families' verdicts with `notThrough` the handshake's lines and rule where those failed by
 * values alone. `traceInitialize`: the trace's initialize outcome; `wrong`, by check, every step it
 * judged wrong (Found.wrong: undefined where a failure was no answered step's).
 */
export function markInitializeValueSlips(
  lines: readonly CheckResult[], verdicts: readonly CheckResult[], traceInitialize: Outcome | undefined,
  wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>,
): CheckResult[] {
  const failed = (name: string): CheckResult | undefined => [...lines, ...verdicts].find((c) => c.name === name && c.status === "fail");
  if (!HANDSHAKE.some((name) => failed(name))) return [...verdicts];
  if ((failed("t2_init_version") || failed("t2_init_capabilities")) && !answeredWithResult(traceInitialize)) return [...verdicts];
  const rule = failed("t2_initialize");
  if (rule && (rule.crashed || !wrong.get("t2_initialize")?.every((w) => answeredWithResult(w.got[w.j])))) return [...verdicts];
  return verdicts.map((check) => {
    if (!FAMILIES.includes(check.name) || check.status !== "fail" || check.crashed) return check;
    const steps = wrong.get(check.name);
    // Isolation compares a server alone with two side by side: a value slip is the same in both.
    if (check.name !== "t2_isolation" && (!steps || steps.every((w) => isInitialize(w.session, w.j) && answeredWithResult(w.got[w.j])))) return check;
    return { ...check, notThrough: [...(check.notThrough ?? []), ...HANDSHAKE] };
  });
}

// The tool lines' own slip in a list's order (newest first, say) is no state: module-level state
// adds tools the session never added, or keeps them twice. t2_isolation, which compares the
// student's server alone with two side by side, reads through those lines for state only:
// a list line whose value is its rule's names in another order is not read through (helper 74's
// slip-tool-names-shared-state kept 17/18 with tools and outbox on the module).
const reordered = (c: CheckResult): boolean => {
  if (typeof c.expected !== "string" || typeof c.actual !== "string" || c.expected === c.actual) return false;
  const names = (text: string): string => text.split(",").sort().join(",");
  return names(c.expected) === names(c.actual);
};

/** t2_isolation with `notThrough` the tool lines (and their rules) that failed by a list's order alone. */
export function markToolOrderSlips(lines: readonly CheckResult[], verdicts: readonly CheckResult[]): CheckResult[] {
  const order = lines.filter((c) => TOOL_LINES.includes(c.name) && c.status === "fail" && c.chargedTo === undefined && reordered(c)).map((c) => c.name);
  if (order.length === 0) return [...verdicts];
  const slipped = withRules(order, LINE_RULES);
  return verdicts.map((c) => (c.name === "t2_isolation" && c.status === "fail" ? { ...c, notThrough: [...(c.notThrough ?? []), ...slipped] } : c));
}

/** A tools/list answer with its tools put in the model's order by name (unchanged when the names differ). */
function inModelOrder(got: Outcome, want: Outcome): Outcome {
  const tools = (o: Outcome): unknown[] | undefined => {
    const result = "value" in o && isObject(o.value) ? o.value["result"] : undefined;
    return isObject(result) && Array.isArray(result["tools"]) ? result["tools"] : undefined;
  };
  const mine = tools(got), theirs = tools(want);
  if (!mine || !theirs || mine.length !== theirs.length) return got;
  const name = (t: unknown): unknown => (isObject(t) ? t["name"] : undefined);
  const sorted = theirs.map((t) => mine.find((m) => name(m) === name(t)));
  if (sorted.some((t) => t === undefined)) return got;
  const value = got as { value: Record<string, unknown> };
  return { value: { ...value.value, result: { ...(value.value["result"] as object), tools: sorted } } } as Outcome;
}

/**
 * A list line wrong by its order alone shows that slip, and its rule's failures that are that
 * order are the same mistake; a step its rule judged wrong that is still wrong with the list put
 * in the model's order (an entry without its description) is a mistake of its own beside the
 * order (CheckResult.beyondLines): a sorted list whose entries lost their descriptions kept 17/18
 * (list-sorted-entries-no-description).
 */
export function markListsBeyondOrder(lines: readonly CheckResult[], verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): void {
  const order = lines.filter((c) => TOOL_LINES.includes(c.name) && c.status === "fail" && c.chargedTo === undefined && reordered(c)).map((c) => c.name);
  const rules = new Set(order.flatMap((line) => LINE_RULES[line] ?? []));
  for (const c of verdicts) {
    if (!rules.has(c.name) || c.status !== "fail" || c.chargedTo !== undefined || c.beyondLines) continue;
    const beyond = (wrong.get(c.name) ?? []).some((w) => {
      const got = w.got[w.j];
      return got !== undefined && compareStep(w.session.steps[w.j]!, w.want, inModelOrder(got, w.want), "body") !== undefined;
    });
    if (beyond) Object.assign(c, { beyondLines: true, message: `${c.message ?? ""}\nWith its tools in the page's order this answer is still wrong: a mistake of its own beside the list's order.` });
  }
}

const refused = (o: Outcome | undefined): boolean => o !== undefined && "value" in o && isObject(o.value) && isObject(o.value["error"]);

/**
 * Every tools/list refused (a switch case falling through into the next method's): the trace's
 * two lists are refused, and so is every list t2_tools_added judged wrong. One mistake, which
 * t2_tool_names charges: step 6's line and the added tools' rule read through it (helper 98's
 * m-switch-fallthrough-list lost 2). `trace`: the trace's outcomes; `wrong`: every step each
 * check judged wrong.
 */
export function chargeListsRefused(lines: readonly CheckResult[], verdicts: readonly CheckResult[], trace: readonly (Outcome | undefined)[] | undefined, wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>, at: { list: number; listAgain: number }): void {
  const before = lines.find((c) => c.name === "t2_tool_names");
  const after = lines.find((c) => c.name === "t2_tools_after");
  if (before?.status !== "fail" || before.chargedTo !== undefined || !refused(trace?.[at.list]) || !refused(trace?.[at.listAgain])) return;
  const why = "\nEvery tools/list is refused, as in step 3: t2_tool_names's mistake, and it costs nothing more here.";
  if (after?.status === "fail" && after.chargedTo === undefined) Object.assign(after, { chargedTo: "t2_tool_names", message: `${after.message ?? ""}${why}` });
  for (const c of verdicts) {
    if (c.name !== "t2_tools_added" || c.status !== "fail" || c.chargedTo !== undefined) continue;
    const steps = wrong.get(c.name);
    if (steps?.length && steps.every((w) => refused(w.got[w.j]))) Object.assign(c, { chargedTo: "t2_tool_names", message: `${c.message ?? ""}${why}` });
  }
}
