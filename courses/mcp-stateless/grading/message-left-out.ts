// One mistake, one point (issue 20): protocol errors written without their message (a code and
// data only). t2_unknown_tool_error, the line that reads an error's message, shows it on the
// fixture's unknown tool; a rule check that fails only by the messages its errors leave out
// (the version's refusals, say) is charged there.
import type { CheckResult } from "../../../src/report/types.js";
import { judgeChecks, type Judged, type Outcome, type PlannedCheck } from "../behaviour/check.js";
import { comparedPart } from "../behaviour/compare.js";
import { isObject } from "../behaviour/model.js";
import { messageIndex } from "../course/fixtures.js";
import { sameJson } from "../evidence/reading.js";

type Check = PlannedCheck["check"];
const LINE = "t2_unknown_tool_error";

/** An error object without a message (none, or not a string), if the answer is one. */
function errorWithoutMessage(answer: unknown): Record<string, unknown> | undefined {
  const error = isObject(answer) && !Object.hasOwn(answer, "result") ? answer["error"] : undefined;
  return isObject(error) && typeof error["message"] !== "string" ? error : undefined;
}

/** The answer with its error's message taken out. */
function withoutMessage(answer: unknown): unknown {
  if (!isObject(answer) || !isObject(answer["error"])) return answer;
  const { message: _, ...error } = answer["error"];
  return { ...answer, error };
}

/**
 * `fixture`: handle's answers to the fixture's messages, in order. Only when the line failed on
 * an error without a message; only checks judged on an answer's error (no part), and only if each
 * answer is right, or an error without a message and right once the model's message is left out.
 */
export function chargeMessageLeftOut(
  lines: readonly CheckResult[], fixture: readonly (Outcome | undefined)[], plan: readonly PlannedCheck[], judged: readonly CheckResult[],
  outcomes: readonly (Outcome | undefined)[], expectedAt: (i: number, check: Check) => { value: unknown } | undefined,
  accepts: (check: Check) => Judged["accepts"], seed: number,
): CheckResult[] {
  const six = fixture[messageIndex(6)];
  if (!lines.some((l) => l.name === LINE && l.status === "fail" && l.chargedTo === undefined) || !six?.ok || !errorWithoutMessage(six.value)) return [...judged];
  // An envelope's part holds no error: only checks that compare an error's fields.
  const failing = plan.filter((p) => !p.check.part && p.check.compare !== "envelope" && judged.some((c) => c.name === p.check.id && c.status === "fail" && c.chargedTo === undefined));
  if (!failing.length) return [...judged];
  const lenient = judgeChecks(failing, outcomes, expectedAt, (check) => {
    const strict = accepts(check);
    return (want, actual, i) => {
      if (strict(want, actual, i)) return true;
      const part = comparedPart(actual, check.compare ?? "content");
      return errorWithoutMessage(part) !== undefined && sameJson(withoutMessage(part), withoutMessage(want));
    };
  }, seed);
  const why = `Its errors leave out the message: ${LINE}'s mistake, charged there; it costs nothing more here.`;
  return judged.map((c) => (lenient.find((l) => l.name === c.name)?.status === "pass" ? { ...c, chargedTo: LINE, message: `${c.message ?? ""} ${why}`.trim() } : c));
}
