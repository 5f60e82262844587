// The page's one type rule, two checks: a query that is not a string (t2_string_type) and a limit
// that is not an integer (t2_integer_type). A message built from `typeof` ("query must be of type
// number"), or worded otherwise ("query must be a string"), is one slip that fails both: charged
// once, to the string's check, unless either check also let a wrong type through. A validator that checks neither type lets both through (a result, not an error): two
// rules left out, a point each.
import type { TaskJudgement } from "../../../src/pack/types.js";
import { isObject } from "../evidence/reading.js";
import { chargeWithin, ownFailure } from "./charge-within.js";

/** Whether the answer shown is a tool error whose text names a type (the message, not the test, is wrong). */
function namesAType(actual: string | null | undefined): boolean {
  let answer: unknown;
  try { answer = JSON.parse(actual ?? ""); } catch { return false; }
  const result = isObject(answer) ? answer["result"] : undefined;
  const content = isObject(result) && Array.isArray(result["content"]) ? result["content"][0] : undefined;
  // The rule's wording, or another one naming a type ("query must be a string"): either way the
  // message, written once for every type, is what both checks show.
  return isObject(result) && result["isError"] === true && isObject(content) && typeof content["text"] === "string" &&
    /\bmust be (of type |an? )?(string|integer|number|boolean|object|array|null)\b/.test(content["text"]);
}

export function chargeTypeMessages(handle: TaskJudgement): void {
  const string = ownFailure(handle, "t2_string_type");
  const integer = ownFailure(handle, "t2_integer_type");
  if (!string || !integer || !namesAType(string.actual) || !namesAType(integer.actual)) return;
  // A check that also let a wrong type through somewhere (a search where the rules refuse:
  // CheckResult.ownMistake) shows a rule left out beside the message: its own mistake, which the
  // message's slip does not explain (an integer tested as Number(value) passed true and null, and
  // went free beside a typeof message: integer-by-number-cast-typeof-message).
  if (string.ownMistake || integer.ownMistake) return;
  chargeWithin(handle, string.name, "The string's check names a wrong type too (t2_string_type): one way of writing the type message, charged there; it costs nothing more here.",
    (c) => c.name === integer.name);
}
