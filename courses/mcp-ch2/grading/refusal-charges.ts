// The invalid call of id 5 refused wrong, one slip charged once (issue 20): refused as a protocol
// error holding the rule's text, or not refused at all. t2_id5_is_error shows the slip; the text
// line beside it, and the text rule's calls answered the same way, read through it.
import type { TaskJudgement } from "../../../src/pack/types.js";
import { refusalText } from "../behaviour/expectation.js";
import { isObject } from "../evidence/reading.js";
import { charge, indexOfId, ownFailure, shownAnswer } from "./same-mistake.js";

/** The message of a JSON-RPC error answer, or undefined. */
const errorMessage = (answer: unknown): string | undefined => {
  const error = isObject(answer) ? answer["error"] : undefined;
  return isObject(error) && typeof error["message"] === "string" ? error["message"] : undefined;
};

/**
 * The invalid call refused as a protocol error whose message is the rule's text: one slip (a tool
 * execution error sent as a JSON-RPC error), which t2_id5_is_error charges; t2_id5_text, which
 * reads content[0].text, and its rule's calls answered the same way cost nothing more.
 */
export function chargeRefusalAsError(task2: TaskJudgement, responses: readonly unknown[], expectedText: string): void {
  const five = responses[indexOfId(5)];
  if (!ownFailure(task2.checks.find((c) => c.name === "t2_id5_is_error")) || !errorMessage(five)?.includes(expectedText)) return;
  charge(task2, "t2_id5_text", "t2_id5_is_error", "The call was refused as a protocol error whose message holds the rule's text: the same slip as t2_id5_is_error, charged there; it costs nothing more here.", (answer) => errorMessage(answer) !== undefined);
}

/**
 * The invalid call not refused at all (searched, as a valid one): its message line reads an answer
 * that refuses nothing, which t2_id5_is_error charges; so do the text rule's calls answered so.
 */
export function chargeNotRefused(task2: TaskJudgement, responses: readonly unknown[]): void {
  const searched = (answer: unknown): boolean => isObject(answer) && isObject(answer["result"]) && refusalText(answer) === undefined;
  const five = responses[indexOfId(5)];
  if (ownFailure(task2.checks.find((c) => c.name === "t2_id5_is_error")) && searched(five)) {
    charge(task2, "t2_id5_text", "t2_id5_is_error", "The call was not refused at all: t2_id5_is_error's mistake, charged there; its text is no message of the rule to judge, and costs nothing more here.", searched);
    return;
  }
  // The same on the lines' own rules alone (other enum values searched, the fixture's refused).
  const call = task2.extra?.find((c) => c.name === "t2_same_invalid_call" && ownFailure(c));
  if (!call || !searched(shownAnswer(call)) || !task2.extra) return;
  task2.extra = task2.extra.map((c) => (c.name === "t2_same_invalid_text" && ownFailure(c) && searched(shownAnswer(c))
    ? { ...c, chargedTo: call.name, message: `${c.message ?? ""} The call was not refused at all: ${call.name}'s mistake, charged there; it costs nothing more here.`.trim() } : c));
}
