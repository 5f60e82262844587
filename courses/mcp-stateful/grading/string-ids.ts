// Requests whose id is a string ("req-7", "7", ""): ids as integers are (a RequestId is a string
// or an integer, and a response carries the request's id as it came). A server that serves
// integer ids only (refuses the others, or leaves them unanswered) makes one mistake, whatever
// method the request called: t2_envelope's, not the check of each method a string id happened to
// call, which charged one mistake to every line whose rule's sessions hold one
// (c-id-integer-only cost 7 of 18: test/policy-costs.test.ts). Told by what the server does with
// the ids: every string id answered alike (refused with one code, or not at all), and no other id
// the model serves with a result answered so. A wrong answer that other ids get too, or that only some string ids get, is
// the method's own mistake, judged by its check as before.
import { compareStep } from "../behaviour/compare.js";
import type { Outcome, Session } from "../behaviour/session.js";

type Step = Session["steps"][number];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const requestId = (step: Step): { id: unknown } | undefined =>
  (step.op === "handle" && isObject(step.message) && Object.hasOwn(step.message, "id") ? { id: step.message["id"] } : undefined);

/** A request whose id is a string. */
export const hasStringId = (step: Step): boolean => typeof requestId(step)?.id === "string";

/** What a request was answered with, as far as its id can decide: nothing, an error's code, or a result. */
export function answerKind(got: Outcome | undefined): string | undefined {
  if (got === undefined || !("value" in got)) return undefined;
  const value = got.value;
  if (value === null) return "nothing";
  if (!isObject(value)) return undefined;
  return isObject(value["error"]) ? `error ${JSON.stringify(value["error"]["code"])}` : Object.hasOwn(value, "result") ? "result" : undefined;
}

/** How a request was answered wrongly in a way its id can cause (answerKind: nothing, or an error the model does not give there); undefined when right, or wrong otherwise. */
function idLikeMistake(step: Step, got: Outcome | undefined, want: Outcome | undefined): string | undefined {
  if (!requestId(step) || want === undefined || !("value" in want)) return undefined;
  const kind = answerKind(got);
  if (kind === undefined || kind === "result" || kind === answerKind(want) || compareStep(step, want, got!, "body") === undefined) return undefined;
  return kind;
}

/**
 * The mistake the server makes by a string id: every request with a string id answered alike
 * (refused with one code, or left unanswered), wrongly somewhere, and no request with another id
 * answered so wrongly. Undefined when there is none: a server that answers string ids by their
 * methods' rules makes no such mistake, and a mistake of a method's that only string ids happened
 * to show (the odd envelopes' requests carry string ids) is that method's check's.
 */
export function stringIdMistake(sessions: readonly { session: Session; got: readonly Outcome[]; want: readonly Outcome[] }[]): string | undefined {
  let alike: string | undefined;
  let shown = false;
  for (const { session, got, want } of sessions) {
    for (const [j, step] of session.steps.entries()) {
      if (!hasStringId(step)) continue;
      const kind = answerKind(got[j]);
      if (kind === undefined) continue;
      if (kind === "result" || (alike !== undefined && kind !== alike)) return undefined;
      alike = kind;
      shown ||= idLikeMistake(step, got[j], want[j]) !== undefined;
    }
  }
  if (alike === undefined || !shown) return undefined;
  // Only a request the model serves with a result tells: where it refuses too, a wrong code (or
  // none) is that method's own mistake, whatever the id (string-ids-refused-unknown-tool-same-code).
  const onOthers = sessions.some(({ session, got, want }) => session.steps.some((step, j) => !hasStringId(step) && answerKind(want[j]) === "result" && idLikeMistake(step, got[j], want[j]) === alike));
  return onOthers ? undefined : alike;
}

/** Whether a step is wrong by its string id alone: the mistake (stringIdMistake) the server makes on string ids. */
export function byStringId(step: Step, got: Outcome | undefined, want: Outcome | undefined, mistake: string | undefined): boolean {
  return mistake !== undefined && hasStringId(step) && idLikeMistake(step, got, want) === mistake;
}

/** Why a step charged to its string id is wrong, for the student. */
export function stringIdCause(step: Step): string {
  return ` Its id is ${JSON.stringify(requestId(step)?.id)}, a string, and your server answers so only requests whose id is a string: an id is a string or an integer, either answered the same way, and the response carries it as it came.`;
}
