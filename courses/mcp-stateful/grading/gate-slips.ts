// Two slips of the handshake's gate that another check's rule sees too. The gate is t2_handshake's,
// a family (evidence/rule-families.ts): it costs a point of its own while the handshake's lines
// hold. Where another check failed only by the same slip, that check is charged to it (one
// mistake, one point), and no further: a check that failed by anything else besides costs its own.
// - A session opened by an initialized whose jsonrpc is not "2.0": the jsonrpc test placed below
//   the handshake's branches, or left out. t2_notifications failing only on requests with a bad
//   jsonrpc answered is the same slip (c-jsonrpc-after-initialize); it read through t2_notifications
//   before, and a server that also took id null for a notification kept the gate's point
//   (a-server-jsonrpc-idnull-errstring, a-server-five-gaps: test/policy-costs.test.ts).
// - The session live at initialize, not at notifications/initialized: t2_list_changed failing only
//   by list_changed queued between the two (b-initialized-on-initialize cost 2).
import type { CheckResult } from "../../../src/report/types.js";
import { compareStep } from "../behaviour/compare.js";
import { VARIANTS } from "../behaviour/model.js";
import { modelSession, type Outcome, type Session, type Step } from "../behaviour/session.js";
import type { WrongStep } from "./server-verdicts.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const methodOf = (step: Step): unknown => (step.op === "handle" && isObject(step.message) ? step.message["method"] : undefined);

/** The session as a slip reads it, and which of its steps each of the original's is. */
interface Misread { session: Session; at: number[] }

/** Each initialized notification with a bad jsonrpc taken as a well-formed one. */
function badJsonrpcTaken(session: Session): Misread {
  const steps = session.steps.map((step): Step => {
    if (step.op !== "handle" || !isObject(step.message) || methodOf(step) !== "notifications/initialized" || Object.hasOwn(step.message, "id")) return step;
    return { ...step, message: { ...step.message, jsonrpc: "2.0" } };
  });
  return { session: { ...session, steps }, at: steps.map((_, j) => j) };
}

/** An initialized notification right after each initialize: the session live once initialize is answered. */
function liveAtInitialize(session: Session): Misread {
  const steps: Step[] = [];
  const at: number[] = [];
  for (const step of session.steps) {
    at.push(steps.push(step) - 1);
    if (step.op === "handle" && methodOf(step) === "initialize") steps.push({ ...(step.on ? { on: step.on } : {}), op: "handle", message: { jsonrpc: "2.0", method: "notifications/initialized" } });
  }
  return { session: { ...session, steps }, at };
}

/**
 * Each initialized that does not come right after an initialize (to its server) taken for another
 * notification: the gate opened only in the page's order (gaming-round-2026-12-07r
 * sf-narrow-gate-initialized-after-initialize: an initialized after an early request left the
 * session closed, and every check whose sessions had one failed by it: 6 points).
 */
function initializedOnlyAfterInitialize(session: Session): Misread {
  const last = new Map<number, unknown>();
  const steps = session.steps.map((step): Step => {
    if (step.op !== "handle") return step;
    const previous = last.get(step.on ?? 0);
    last.set(step.on ?? 0, methodOf(step));
    if (methodOf(step) !== "notifications/initialized" || !isObject(step.message) || Object.hasOwn(step.message, "id") || previous === "initialize") return step;
    return { ...step, message: { ...step.message, method: "notifications/ignored" } };
  });
  return { session: { ...session, steps }, at: steps.map((_, j) => j) };
}

type Slip = (s: Session) => Misread;
const readings = new WeakMap<Session, Map<Slip, Outcome[][]>>();

/** The model's answers to each step of the session as the slip reads it, in each reading of an early initialized. */
function answersAsMisread(session: Session, slip: Slip): Outcome[][] {
  let bySlip = readings.get(session);
  if (!bySlip) readings.set(session, bySlip = new Map());
  let answers = bySlip.get(slip);
  if (!answers) {
    const { session: misread, at } = slip(session);
    answers = VARIANTS.map((variant) => { const { outcomes } = modelSession(misread, variant); return at.map((k) => outcomes[k]!); });
    bySlip.set(slip, answers);
  }
  return answers;
}

/** Whether the code answered a wrong step as the model answers the session the slip misreads. */
function explainedBy(w: WrongStep, slip: Slip): boolean {
  const got = w.got[w.j];
  if (got === undefined) return false;
  return answersAsMisread(w.session, slip).some((answers) => answers[w.j] !== undefined && compareStep(w.session.steps[w.j]!, answers[w.j]!, got, "body") === undefined);
}

interface GateSlip {
  slip: Slip;
  /** The other checks it reaches, and whether one of their wrong steps is the slip's. */
  others: readonly string[];
  shows(w: WrongStep): boolean;
  why: string;
}

const SLIPS: readonly GateSlip[] = [
  {
    slip: badJsonrpcTaken, others: ["t2_notifications"], shows: (w) => w.rule === "jsonrpc",
    why: "Every answer it judged wrongly is a request with a jsonrpc other than \"2.0\" answered, and the same slip opened the session at an initialized whose jsonrpc is not \"2.0\" (t2_handshake): one mistake, charged there.",
  },
  {
    slip: liveAtInitialize, others: ["t2_list_changed"], shows: (w) => explainedBy(w, liveAtInitialize),
    why: "Every outbox it judged wrongly is what a session live at initialize holds, and the same slip opened the gate at initialize (t2_handshake): one mistake, charged there.",
  },
  {
    slip: initializedOnlyAfterInitialize, others: ["t2_tool_results", "t2_tools_list", "t2_prompts_resources", "t2_notifications", "t2_initialize_again", "t2_tool_errors", "t2_list_changed", "t2_tools_added"],
    shows: (w) => explainedBy(w, initializedOnlyAfterInitialize),
    why: "Every answer it judged wrongly is what a session gives whose notifications/initialized opened it only right after initialize, and the same slip kept the gate shut after an initialized that came later (t2_handshake): one mistake, charged there.",
  },
];

/**
 * The verdicts with a check that failed only by a slip of the gate charged to t2_handshake, where
 * t2_handshake failed only by that slip too, and the rules the gate's family reads through held
 * (t2_initialize, t2_envelope): `wrong`, by check, every step it judged wrong (Found.wrong).
 */
export function chargeGateSlips(verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): CheckResult[] {
  const failed = (name: string): boolean => verdicts.some((c) => c.name === name && c.status === "fail");
  const gate = wrong.get("t2_handshake");
  if (!failed("t2_handshake") || !gate?.length || failed("t2_initialize") || failed("t2_envelope")) return [...verdicts];
  return verdicts.map((check) => {
    const steps = wrong.get(check.name);
    if (check.status !== "fail" || check.chargedTo !== undefined || !steps?.length) return check;
    const slip = SLIPS.find((s) => s.others.includes(check.name) && steps.every(s.shows) && gate.every((w) => explainedBy(w, s.slip)));
    if (!slip) return check;
    return { ...check, chargedTo: "t2_handshake", message: `${check.message ?? ""}\n${slip.why}` };
  });
}

/** Each initialized with "id": null taken for a notification (its id key dropped). */
function nullIdTaken(session: Session): Misread {
  const steps = session.steps.map((step): Step => {
    if (step.op !== "handle" || !isObject(step.message) || methodOf(step) !== "notifications/initialized" || step.message["id"] !== null) return step;
    const { id: _, ...rest } = step.message;
    return { ...step, message: rest };
  });
  return { session: { ...session, steps }, at: steps.map((_, j) => j) };
}

/**
 * The other way round: t2_handshake failing only by requests answered as a session opened by an
 * initialized with "id": null would be, where t2_notifications failed by such a request's answer
 * (badId: id null read as no id, left unanswered). One mistake, the id's (grading/falsy-ids.ts):
 * charged to t2_notifications. A server that refuses that initialized rightly but opens the
 * session all the same (helper 115's m-id-checked-after-dispatch) fails t2_handshake alone, and
 * it costs its point (server-checks.ts handshakeSessions' last session: falsy-id-notification cost 2
 * without this).
 */
export function chargeNullIdGate(verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): CheckResult[] {
  const gate = wrong.get("t2_handshake");
  const ids = wrong.get("t2_notifications");
  // Not where t2_notifications is itself charged to the gate (a slip above): one of the two pays.
  const own = verdicts.some((c) => c.name === "t2_notifications" && c.status === "fail" && c.chargedTo === undefined);
  if (!own || !ids?.some((w) => w.rule === "badId") || !gate?.length) return [...verdicts];
  if (!gate.every((w) => explainedBy(w, nullIdTaken))) return [...verdicts];
  return verdicts.map((check) => (check.name !== "t2_handshake" || check.status !== "fail" || check.chargedTo !== undefined ? check
    : { ...check, chargedTo: "t2_notifications", message: `${check.message ?? ""}\nEvery answer it judged wrongly is what a session opened by an initialized with "id": null would give, and the same mistake left a request with id null unanswered (t2_notifications): one mistake, charged there.` }));
}
