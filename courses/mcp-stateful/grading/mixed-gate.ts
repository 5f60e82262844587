// An initialized notification before any initialize has two readings, one per session (README,
// "Where the page and the specification differ" 1): the page's opens the gate there, the
// specification's waits for the initialize exchange and an initialized after it. A server that
// follows one reading at some steps of a session and the other at others (a gate that opens once
// both were seen, in any order: gate-both-seen-any-order) broke the handshake's rule once:
// t2_handshake's mistake, not the checks of whatever methods the steps where it took the other
// reading called (it failed t2_tool_errors and t2_notifications on seed 5, t2_tools_list on 7).
import { compareStep } from "../behaviour/compare.js";
import { modelSession, type Outcome, type Session, type StepRule } from "../behaviour/session.js";

type Model = { outcomes: Outcome[]; rules: StepRule[] };

const bothReadings = new WeakMap<Session, [Model, Model]>();
function readings(session: Session): [Model, Model] {
  let both = bothReadings.get(session);
  if (!both) bothReadings.set(session, both = [modelSession(session, "page"), modelSession(session, "spec")]);
  return both;
}

/**
 * The steps of a one-server session answered wrongly in `model`'s reading but as the other
 * reading answers them, where the two differ only by the gate (the step is "gate"'s, refused as
 * not initialized, in one of them): each is the gate's, so that t2_handshake judges it.
 */
export function mixedGateSteps(session: Session, got: readonly Outcome[], model: Model): Set<number> {
  const out = new Set<number>();
  if (session.servers.length !== 1) return out;
  const [page, spec] = readings(session);
  session.steps.forEach((step, j) => {
    const mine = got[j];
    const want = model.outcomes[j];
    if (mine === undefined || want === undefined || compareStep(step, want, mine, "body") === undefined) return;
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
