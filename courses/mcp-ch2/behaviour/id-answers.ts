// Which failing inputs of task 2's output checks are the id rule's (src/pack/id-slip.ts): an
// answer that is the rule's once it carries the request's id (Number(id), String(id), the id left
// out), and a request under a string id left unanswered (no answer, a throw, a stall) where no
// request of its method under a string id is answered at all (loop-on-string-id cost 4 as each
// family's own once the families held string ids). That last is one mistake in which messages are answered, whatever
// the family, and it hides no rule: code that answers no tools/call under a string id has no lazy
// path there to gain by, and a handle that answers some of them (the valid ones, say) while it
// skips a rule still fails the family.
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { IdReach } from "../../../src/pack/id-slip.js";
import type { PlannedCheck } from "./plan.js";

type Breaks = (planned: PlannedCheck, index: number, outcome: CallOutcome) => boolean;
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const stringIdRequest = (input: unknown): boolean => isObject(input) && typeof input["id"] === "string" && typeof input["method"] === "string";
// A failed call with an answer but for its id (CallOutcome.idless: an id JSON cannot carry) was answered.
const unanswered = (outcome: CallOutcome | undefined): boolean =>
  outcome === undefined || (outcome.ok ? outcome.value === null || outcome.value === undefined : outcome.idless === undefined);

/** Each output check's failing inputs, told whether each is right but for its id. */
export function idReaches(plan: readonly PlannedCheck[], failing: readonly (readonly number[])[], outcomeAt: (k: number, i: number) => CallOutcome | undefined, breaks: Breaks): IdReach[] {
  // The methods some request of which under a string id was answered, read once.
  let answered: Set<unknown> | undefined;
  const answeredMethods = (): Set<unknown> => (answered ??= new Set(plan.flatMap((p, k) => p.inputs.flatMap((input, i) =>
    (stringIdRequest(input) && !unanswered(outcomeAt(k, i)) ? [(input as Record<string, unknown>)["method"]] : [])))));
  return plan.flatMap((p, k) => (p.check.judge !== "output" ? [] : [{
    name: p.check.name, failing: failing[k]!,
    rightButForId: (i: number): boolean => {
      const input = p.inputs[i];
      const outcome = outcomeAt(k, i);
      if (!isObject(input) || !Object.hasOwn(input, "id")) return false;
      if (stringIdRequest(input) && unanswered(outcome)) return !answeredMethods().has(input["method"]);
      if (!outcome) return false;
      const answer = outcome.ok ? outcome.value : outcome.idless;
      return isObject(answer) && !breaks(p, i, { ok: true, value: { ...answer, id: input["id"] } });
    },
  }]));
}
