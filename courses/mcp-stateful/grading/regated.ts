// initialize once the session is live, read as a restart: a server that closes its gate again
// refuses every request after it with -32600 until notifications/initialized comes again. One
// mistake, t2_initialize_again's (the page answers initialize before it looks at the gate, and
// never touches _initialized there), not the checks of whatever methods those requests called
// (initialize-again-resets failed t2_tools_list and t2_prompts_resources, seeds 7 and 12345).
import { compareStep } from "../behaviour/compare.js";
import type { Outcome, Session, StepRule } from "../behaviour/session.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const errorCode = (o: Outcome | undefined): unknown => {
  const v = o !== undefined && "value" in o ? o.value : undefined;
  return isObject(v) && isObject(v["error"]) ? v["error"]["code"] : undefined;
};
const refused = (o: Outcome | undefined): boolean => errorCode(o) === -32600;
const method = (step: Session["steps"][number]): unknown => (step.op === "handle" && isObject(step.message) ? step.message["method"] : undefined);
const isRequest = (step: Session["steps"][number]): boolean => step.op === "handle" && isObject(step.message) && Object.hasOwn(step.message, "id");

/**
 * The steps the code refused in windows of a one-server session, each opened where `edge` says
 * "open" and shut where it says "shut" (or by the next open): the requests `kept` in a window where
 * the model answers otherwise, all of them or none (a server that refuses some of them for another
 * reason makes another mistake, judged by their own checks).
 */
function refusedWindows(session: Session, got: readonly Outcome[], model: { outcomes: Outcome[] }, edge: (step: Session["steps"][number], j: number) => "open" | "shut" | undefined, kept: (step: Session["steps"][number]) => boolean, enough: (window: number[]) => boolean = () => true): Set<number> {
  const out = new Set<number>();
  if (session.servers.length !== 1) return out;
  let window: number[] | undefined;
  const shut = (): void => {
    if (window?.length && enough(window) && window.every((j) => refused(got[j]))) for (const j of window) out.add(j);
    window = undefined;
  };
  session.steps.forEach((step, j) => {
    const at = edge(step, j);
    if (at) { shut(); if (at === "open") window = []; return; }
    if (window && isRequest(step) && kept(step) && got[j] !== undefined && !refused(model.outcomes[j])) window.push(j);
  });
  shut();
  return out;
}

/** The steps the code refused after an initialize that came again, up to the next initialized, where the model answers otherwise. */
export function regatedSteps(session: Session, got: readonly Outcome[], model: { outcomes: Outcome[]; rules: StepRule[] }): Set<number> {
  return refusedWindows(session, got, model, (step, j) => (model.rules[j] === "initializeAgain" ? "open" : method(step) === "notifications/initialized" ? "shut" : undefined), () => true);
}

/**
 * The steps the code refused after a notifications/initialized that came again, up to the next
 * one, where the model answers otherwise. A gate that a second initialized closes again (helper
 * 104's m-initialized-toggles) broke the handshake's rule once, t2_handshake's mistake, not the
 * checks of whatever methods were called after it (it failed t2_tools_list and, through an
 * initialize among them, t2_initialize_again).
 */
export function reclosedSteps(session: Session, got: readonly Outcome[], model: { outcomes: Outcome[] }): Set<number> {
  let seen = false;
  return refusedWindows(session, got, model, (step) => {
    if (method(step) !== "notifications/initialized" || isRequest(step)) return undefined;
    const again = seen;
    seen = true;
    return again ? "open" : "shut";
  }, (step) => method(step) !== "initialize");
}

const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * After the first request named like an Object.prototype member (__proto__, toString) that was
 * itself answered wrongly, the steps whose error code differs from the model's, when every one of
 * them (of two rules at least) is -32603: a state read through an inherited name (a phase table's
 * row.next[method]) that broke every later answer is that request's rule's mistake once, not every
 * check's whose steps came after (helper 110's m-phase-table-inherited-lookup: 10/18). An
 * inherited-name request answered as the model answers it found nothing inherited, so the -32603s
 * after it are their own rules' (a prompts/get that always throws was t2_handshake's too: the
 * builtins round's sf-control-mistake-prompt-get-internal-error, 16/18).
 */
export function poisonedSteps(session: Session, got: readonly Outcome[], model: { outcomes: Outcome[]; rules: StepRule[] }): { from: number; steps: Set<number> } | undefined {
  if (session.servers.length !== 1) return undefined;
  const from = session.steps.findIndex((step, j) => isRequest(step) && typeof method(step) === "string" && INHERITED.has(method(step) as string) && got[j] !== undefined && compareStep(step, model.outcomes[j]!, got[j]!, "body") !== undefined);
  if (from < 0) return undefined;
  const wrong = session.steps.flatMap((step, j) => (j > from && isRequest(step) && got[j] !== undefined && errorCode(got[j]) !== errorCode(model.outcomes[j]) ? [j] : []));
  // Steps of two rules at least: -32603 on one rule's steps is that rule's own mistake (a raising
  // tool answered -32603: the mistakes sweep).
  return new Set(wrong.map((j) => model.rules[j])).size >= 2 && wrong.every((j) => errorCode(got[j]) === -32603) ? { from, steps: new Set(wrong) } : undefined;
}

export const POISONED_CAUSE = " It failed with -32603 after a request named like an Object.prototype member was answered wrongly: a lookup by that name in a plain object found an inherited value (use a Map, or Object.hasOwn).";

export const RECLOSED_CAUSE = " It was refused because notifications/initialized came again: the session stays live once it is (the page's server sets _initialized to true, never back).";

export const REGATED_CAUSE = " It was refused because initialize came again once the session was live: initialize is answered at any time and leaves the session as it was (the page's server answers it before it looks at the gate).";

/**
 * The first initialize of a session, refused (-32600) after a notifications/initialized the model
 * did not take (its jsonrpc other than "2.0", say): the code took the session as live there and
 * refuses initialize once live. t2_initialize_again's mistake (initialize is answered at any
 * time), not t2_initialize's, whose two lines it took beside the gate's slip that opened the
 * session (a-server-five-gaps: jsonrpc unchecked and initialize refused once live).
 */
export function refusedAsLiveSteps(session: Session, got: readonly Outcome[], model: { rules: StepRule[] }): Set<number> {
  const out = new Set<number>();
  if (session.servers.length !== 1) return out;
  let initializedBefore = false;
  session.steps.forEach((step, j) => {
    if (model.rules[j] === "initialize" && initializedBefore && refused(got[j])) out.add(j);
    if (method(step) === "notifications/initialized") initializedBefore = true;
  });
  return out;
}

export const REFUSED_AS_LIVE_CAUSE = " An initialized notification came before it, which your server took as opening the session: initialize is answered at any time, the session live or not.";
