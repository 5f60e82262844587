// An initialized notification before any initialize has two readings, one per session (README,
// "Where the page and the specification differ" 1): the page's opens the gate there, the
// specification's waits for the initialize exchange and an initialized after it. A server that
// follows one reading at some steps of a session and the other at others (a gate that opens once
// both were seen, in any order: gate-both-seen-any-order) broke the handshake's rule once:
// t2_handshake's mistake, not the checks of whatever methods the steps where it took the other
// reading called (it failed t2_tool_errors and t2_notifications on seed 5, t2_tools_list on 7).
import { compareStep } from "../behaviour/compare.js";
import { modelSession, type Outcome, type Session, type StepRule } from "../behaviour/session.js";
import { answerKind } from "./string-ids.js";

type Model = { outcomes: Outcome[]; rules: StepRule[] };

// modelSession runs each session's model once per reading.
const readings = (session: Session): [Model, Model] => [modelSession(session, "page"), modelSession(session, "spec")];

/** Per rule, the wrong answers (answerKind) a server gives that rule's steps where the two readings agree. */
export type RuleHabits = ReadonlyMap<StepRule, ReadonlySet<string>>;

/**
 * How the server answers each rule's steps wrongly where the gate plays no part (both readings
 * give the step the same rule and answer): an unknown tool refused with -32600 everywhere is that
 * rule's mistake, and a step where -32600 is also the other reading's gate refusal is no sign of
 * the gate taken twice (string-ids-refused-unknown-tool-same-code lost t2_handshake beside
 * t2_tool_errors).
 */
export function ruleHabits(sessions: readonly { session: Session; got: readonly Outcome[] }[]): RuleHabits {
  const out = new Map<StepRule, Set<string>>();
  for (const { session, got } of sessions) {
    if (session.servers.length !== 1) continue;
    const [page, spec] = readings(session);
    session.steps.forEach((step, j) => {
      const mine = got[j], want = page.outcomes[j], theirs = spec.outcomes[j], rule = page.rules[j];
      if (mine === undefined || want === undefined || theirs === undefined || rule === undefined || rule !== spec.rules[j]) return;
      if (compareStep(step, want, theirs, "body") !== undefined || compareStep(step, want, mine, "body") === undefined) return;
      const kind = answerKind(mine);
      if (kind === undefined) return;
      let kinds = out.get(rule);
      if (!kinds) out.set(rule, kinds = new Set());
      kinds.add(kind);
    });
  }
  return out;
}

/**
 * The steps of a one-server session answered wrongly in `model`'s reading but as the other
 * reading answers them, where the two differ only by the gate (the step is "gate"'s, refused as
 * not initialized, in one of them): each is the gate's, so that t2_handshake judges it. Not a
 * step answered as the server answers its model rule's steps everywhere (`habits`).
 */
export function mixedGateSteps(session: Session, got: readonly Outcome[], model: Model, habits: RuleHabits = new Map()): Set<number> {
  const out = new Set<number>();
  if (session.servers.length !== 1) return out;
  const [page, spec] = readings(session);
  session.steps.forEach((step, j) => {
    const mine = got[j];
    const want = model.outcomes[j];
    if (mine === undefined || want === undefined || compareStep(step, want, mine, "body") === undefined) return;
    const kind = answerKind(mine);
    if (kind !== undefined && habits.get(model.rules[j]!)?.has(kind)) return;
    for (const other of [page, spec]) {
      const theirs = other.outcomes[j];
      if (theirs === undefined || (other.rules[j] !== "gate" && model.rules[j] !== "gate")) continue;
      if (compareStep(step, want, theirs, "body") === undefined) continue;
      if (compareStep(step, theirs, mine, "body") === undefined) { out.add(j); return; }
    }
  });
  return out;
}

export const MIXED_GATE_CAUSE = " The session this is cut from answers its other steps in the other reading of an early notifications/initialized: either is accepted (the page's opens the gate at the notification, the specification's waits for initialize and an initialized after it), but one in a session, and this step took the other.";
