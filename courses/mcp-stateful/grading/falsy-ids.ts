// Requests whose id is 0 or "": falsy in JavaScript, ids all the same ("A message with id: null
// is not a notification — null is a present key"; a RequestId is a string or an integer). A
// server that reads such an id as absent (the request left unanswered) or as null (refused with
// -32600) makes one mistake, whatever method the request called: t2_notifications' (its rules
// are notification and badId), not the check of each method the request happened to call, which
// would charge one mistake to every check whose sessions hold such an id (falsy-id-notification
// cost 6 and falsy-id-refused cost 4 before: test/fixtures/mcp-stateful-class). So does one that
// refuses a fresh id as reused because it equals an earlier one by String() or == ("7001" after
// 7001, "" after 0: reused-ids-string-keyed, reused-ids-loose-equality; the specification lets a
// server refuse an id truly reused, correct-spec-reused-ids-refused).
import type { Outcome, Session, StepRule } from "../behaviour/session.js";

type Step = Session["steps"][number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const valueOf = (o: Outcome | undefined): unknown => (o !== undefined && "value" in o ? o.value : undefined);

/** A request (an id key) whose id is 0 or "". */
export function hasFalsyId(step: Step): boolean {
  if (step.op !== "handle" || !isObject(step.message) || !Object.hasOwn(step.message, "id")) return false;
  return step.message["id"] === 0 || step.message["id"] === "";
}

const idOf = (step: Step | undefined): unknown => (step?.op === "handle" && isObject(step.message) && Object.hasOwn(step.message, "id") ? step.message["id"] : undefined);
const asId = (v: unknown): v is string | number => typeof v === "string" || typeof v === "number";

/** A request whose id no request before it in the session carried, though one carried an id equal to it by String() or ==. */
export function looksReused(session: Session, j: number): boolean {
  const id = idOf(session.steps[j]);
  if (!asId(id)) return false;
  const before = session.steps.slice(0, j).map(idOf).filter(asId);
  // == on purpose: the loose equality a server may wrongly use.
  return !before.includes(id) && before.some((b) => String(b) === String(id) || b == id);
}

const refusal = (o: Outcome | undefined): boolean => {
  const v = valueOf(o);
  return isObject(v) && isObject(v["error"]) && v["error"]["code"] === -32600;
};
const resultDue = (o: Outcome | undefined): boolean => isObject(valueOf(o)) && Object.hasOwn(valueOf(o) as object, "result");

/**
 * Whether the server refuses requests for their id alone: some request with id 0 or "" (or one
 * that looksReused) that a result is due to is -32600, and no request with another id that a result is due to is (a
 * refusal that shows on other ids too, a gate or an allow-list read wrongly, is its own check's).
 */
export function refusesFalsyIds(sessions: readonly { session: Session; got: readonly Outcome[]; want: readonly Outcome[] }[]): boolean {
  let falsy = false;
  for (const { session, got, want } of sessions) {
    for (const [j, step] of session.steps.entries()) {
      if (step.op !== "handle" || !resultDue(want[j]) || !refusal(got[j])) continue;
      if (!hasFalsyId(step) && !looksReused(session, j)) return false;
      falsy = true;
    }
  }
  return falsy;
}

/**
 * The rule a step is judged by: the model's, except a request with id 0 or "" left unanswered
 * (read as a notification) or, when the server refuses such ids (refusesFalsyIds), refused where
 * the model does not refuse it (read as id null, or as reused: `reusedLike`, looksReused):
 * t2_notifications' rules.
 */
export function falsyIdRule(step: Step, rule: StepRule, got: Outcome | undefined, want: Outcome | undefined, refusesFalsy: boolean, reusedLike = false): StepRule {
  if (!(hasFalsyId(step) || reusedLike) || got === undefined || !("value" in got)) return rule;
  if (hasFalsyId(step) && got.value === null) return "notification";
  return refusesFalsy && refusal(got) && !refusal(want) ? "badId" : rule;
}

/** Why a step charged to its falsy id is wrong, for the student. */
export function falsyIdCause(step: Step, got: Outcome | undefined): string {
  const id = JSON.stringify((step as { message: { id: unknown } }).message.id);
  if (!hasFalsyId(step)) return ` Its id is ${id}, which no request of the session carried before: an id equal to an earlier one only as text or by == is another id (a string and a number are two ids).`;
  return valueOf(got) === null
    ? ` Its id is ${id}: a message with an "id" key is a request, whatever the id's value.`
    : ` Its id is ${id}: an id is a string or an integer, 0 and "" included; only a request whose id is neither (null) is -32600.`;
}
