// A session closed by an error answer: a server that sets itself back to "not initialized" when it
// answers a live request with an error (a tool not permitted, an unknown method, a missing
// argument, a reader that raised) broke that request's rule once (its error is that request's
// answer, and the session stays live), not the rule of every request it then refused -32600 or of
// every list_changed it then did not queue. Helper 110's m-internal-error-closes-session (-32603)
// lost 2; round 2026-12-07e's siblings after -32600 not permitted, -32602 and -32601 lost 6, 5 and
// 2, the page's own delete_db refusal taking t2_outbox and t2_tools_after.
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep, same } from "../behaviour/compare.js";
import { SERVER_CHECKS } from "../behaviour/server-checks.js";
import { modelSession, type Outcome, type Session, type StepRule } from "../behaviour/session.js";
import { byStringId } from "./string-ids.js";

/** The rules whose steps the model answers with an error while the session stays live. */
const ERROR_RULES: ReadonlySet<StepRule> = new Set<StepRule>(["toolUnknown", "toolNotAllowed", "toolMissingArg", "resourceUnknown", "resourceFailed", "promptUnknown", "promptMissingVar", "unknownMethod"]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const valueOf = (o: Outcome | undefined): unknown => (o !== undefined && "value" in o ? o.value : undefined);
const errorCode = (o: Outcome | undefined): unknown => {
  const v = valueOf(o);
  return isObject(v) && isObject(v["error"]) ? v["error"]["code"] : undefined;
};
const refused = (o: Outcome | undefined): boolean => errorCode(o) === -32600;
type Step = Session["steps"][number];
const method = (step: Step): unknown => (step.op === "handle" && isObject(step.message) ? step.message["method"] : undefined);
const isRequest = (step: Step): boolean => step.op === "handle" && isObject(step.message) && Object.hasOwn(step.message, "id");

/**
 * What else explains a refusal, read from all the server's sessions: its mistake on string ids
 * alone (string-ids.ts), and whether a rule's steps are ever answered right (a rule refused
 * everywhere, an unknown tool answered -32600, is refused in a window for its own sake:
 * string-ids-refused-unknown-tool-same-code, whose refusals of both kinds read as a session
 * closed after a -32602).
 */
export interface RefusalReasons { strings: string | undefined; answeredRight(rule: StepRule): boolean }

/** RefusalReasons of a server's one-server sessions; whether a rule is ever answered right is read when first asked. */
export function refusalReasons(sessions: readonly { session: Session; got: readonly Outcome[]; model: { outcomes: Outcome[]; rules: StepRule[] } }[], strings: string | undefined): RefusalReasons {
  const known = new Map<StepRule, boolean>();
  const right = (rule: StepRule): boolean => sessions.some(({ session, got, model }) => session.servers.length === 1 &&
    model.rules.some((r, j) => r === rule && got[j] !== undefined && compareStep(session.steps[j]!, model.outcomes[j]!, got[j]!, "body") === undefined));
  return { strings, answeredRight: (rule) => known.get(rule) ?? (known.set(rule, right(rule)), known.get(rule)!) };
}

/**
 * An error answer that may have closed the session: its step, rule and code; or a notification
 * of a method the server does not know (no code: nothing is answered), which a server that closes
 * on an unknown method closes on too.
 */
export interface Opener { j: number; rule: StepRule; code?: number }

/**
 * A window after an error answer: the error answers that may have closed the session (those
 * before the first step answered as closed: a -32600 "not permitted" reads the same before and
 * after), and the steps the code answered as a closed session.
 */
export interface ClosedWindow { openers: Opener[]; steps: number[] }

/**
 * Each window of a one-server session from a request of an error rule, answered with the model's
 * code, up to the next notifications/initialized: the requests (initialize aside: it is answered
 * at any time) the code refused -32600 where the model answers otherwise, and the drains that
 * gave fewer notifications than the model's (a closed session queues none). A step answered as a
 * live session answers it (a result, another code, more notifications) shows the session was not
 * closed: the window is dropped, all of it, and that step may open the next.
 */
export function closedWindows(session: Session, got: readonly (Outcome | undefined)[], model: { outcomes: readonly Outcome[]; rules: readonly StepRule[] }, reasons?: RefusalReasons): ClosedWindow[] {
  if (session.servers.length !== 1) return [];
  const out: ClosedWindow[] = [];
  let open: ClosedWindow | undefined;
  // Whether step j, in an open window, is answered as a closed session: "closed", "live", or undefined (it tells nothing).
  const reading = (step: Step, j: number): "closed" | "live" | undefined => {
    if (step.op === "drain") {
      const want = valueOf(model.outcomes[j]), mine = valueOf(got[j]);
      if (same(want, mine)) return undefined;
      return Array.isArray(want) && Array.isArray(mine) && mine.length < want.length ? "closed" : "live";
    }
    if (!isRequest(step) || method(step) === "initialize" || refused(model.outcomes[j])) return undefined;
    if (!refused(got[j])) return "live";
    // A refusal something else explains says nothing of the session.
    if (reasons && (byStringId(step, got[j], model.outcomes[j], reasons.strings) || !reasons.answeredRight(model.rules[j]!))) return undefined;
    return "closed";
  };
  const opener = (step: Step, j: number, rule: StepRule): Opener | undefined => {
    const code = errorCode(model.outcomes[j]);
    if (!isRequest(step)) return rule === "notification" && method(step) !== "notifications/initialized" && got[j] !== undefined && valueOf(got[j]) === null ? { j, rule } : undefined;
    return ERROR_RULES.has(rule) && typeof code === "number" && errorCode(got[j]) === code ? { j, rule, code } : undefined;
  };
  session.steps.forEach((step, j) => {
    const rule = model.rules[j];
    if (got[j] === undefined || rule === undefined) return;
    if (open) {
      if (method(step) === "notifications/initialized" && !isRequest(step)) {
        if (open.steps.length) out.push(open);
        open = undefined;
        return;
      }
      const r = reading(step, j);
      if (r === "closed") open.steps.push(j);
      if (r === undefined && open.steps.length === 0) {
        const o = opener(step, j, rule);
        if (o) open.openers.push(o);
      }
      if (r !== "live") return;
      open = undefined;
    }
    const o = opener(step, j, rule);
    if (o) open = { openers: [o], steps: [] };
  });
  if (open?.steps.length) out.push(open);
  return out;
}

const rulesOf = (w: ClosedWindow, rules: readonly StepRule[]): number => new Set(w.steps.map((j) => rules[j])).size;

/**
 * The error rules after whose answers the code closes its session, read from all its sessions: a
 * window after one rule's errors alone, of steps of two rules at least, shows it. A window of one
 * rule's steps alone is as likely that rule's own mistake (an unknown tool answered -32600:
 * string-ids-refused-unknown-tool-same-code; arguments left absent refused: the mistakes sweep).
 */
export function closingRules(sessions: readonly { session: Session; got: readonly Outcome[]; model: { outcomes: Outcome[]; rules: StepRule[] } }[], reasons?: RefusalReasons): ReadonlySet<StepRule> {
  const out = new Set<StepRule>();
  for (const { session, got, model } of sessions) {
    for (const w of closedWindows(session, got, model, reasons)) {
      const rules = new Set(w.openers.map((o) => o.rule));
      if (rules.size === 1 && rulesOf(w, model.rules) >= 2) out.add(w.openers[0]!.rule);
    }
  }
  return out;
}

/** The error answer that closed a window: its last opener of a rule the code closes on (`closers`), if any. */
const closerOf = (w: ClosedWindow, closers: ReadonlySet<StepRule>): Opener | undefined => w.openers.findLast((o) => closers.has(o.rule));

/** By step, the error answer that closed it, in the windows of the rules the code closes on (`closers`). */
export function closedSteps(session: Session, got: readonly Outcome[], model: { outcomes: Outcome[]; rules: StepRule[] }, closers: ReadonlySet<StepRule> = new Set(), reasons?: RefusalReasons): Map<number, Opener> {
  const out = new Map<number, Opener>();
  if (closers.size === 0) return out;
  for (const w of closedWindows(session, got, model, reasons)) {
    const by = closerOf(w, closers);
    if (by) for (const j of w.steps) out.set(j, by);
  }
  return out;
}

/** Why a step of a closed window is wrong, naming the error that closed it. */
export const closedCause = (w: Opener): string =>
  ` Your server closed the session ${w.code === undefined ? "when it read an earlier notification of a method it does not know: such a notification is ignored" : `when it answered an earlier request with error ${w.code}: an error is that request's answer alone`}, and the session stays live (only notifications/initialized opens it; nothing closes it).`;

/** The check that judges a rule's steps. */
const checkOf = (rule: StepRule): string | undefined => SERVER_CHECKS.find((c) => Array.isArray(c.judges) && c.judges.includes(rule))?.name;

/**
 * The trace's lines read from steps the code answered as a closed session, after an error of a
 * rule the code closes on elsewhere (`closers`): charged to that rule's check (the page's own
 * delete_db refusal, then the outbox and the list of step 6). `lineSteps`: the trace step each
 * line reads.
 */
export function chargeClosedTrace(lines: readonly CheckResult[], trace: Session, got: readonly (Outcome | undefined)[] | undefined, closers: ReadonlySet<StepRule>, lineSteps: Readonly<Record<string, number>>): void {
  if (!got || closers.size === 0) return;
  const model = modelSession(trace, "page");
  for (const w of closedWindows(trace, got, model)) {
    const by = closerOf(w, closers);
    const check = by && checkOf(by.rule);
    if (!by || !check) continue;
    for (const c of lines) {
      const at = lineSteps[c.name];
      if (c.status !== "fail" || c.chargedTo !== undefined || at === undefined || !w.steps.includes(at)) continue;
      Object.assign(c, { chargedTo: check, message: `${c.message ?? ""}\n${closedCause(by).trim()} ${check}'s mistake, and it costs nothing more here.` });
    }
  }
}
