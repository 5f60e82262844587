// One mistake, one point, across tasks 1 and 2 (issue 20): the -32022 refusal's message writes
// the version with Python's repr, and a handle that shares task 1's pyRepr (as the reference
// does) shows a repr mistake of task 1 in t2_version_check too. A check of handle that fails as
// judged, but passes when a -32022 message is judged only up to the version's repr, is marked as
// task 1's (src/pack/charges.ts charges it to task 1's failed check, or back here when task 1
// failed nothing). handle's other mistakes fail either way.
import type { CheckResult } from "../../../src/report/types.js";
import { judgeChecks, type Judged, type Outcome, type PlannedCheck } from "../behaviour/check.js";
import { comparedPart } from "../behaviour/compare.js";
import { isObject, UNSUPPORTED_PROTOCOL_VERSION } from "../behaviour/model.js";
import { sameJson } from "../evidence/reading.js";

type Check = PlannedCheck["check"];

/** An answer (or its compared part) with a -32022 message cut before the version's repr. */
function uptoRepr(answer: unknown): unknown {
  if (!isObject(answer) || !isObject(answer["error"])) return answer;
  const error = answer["error"];
  if (error["code"] !== UNSUPPORTED_PROTOCOL_VERSION || typeof error["message"] !== "string") return answer;
  return { ...answer, error: { ...error, message: `${error["message"].split(" ").slice(0, 3).join(" ")} …` } };
}

export function chargeReprReadThrough(
  plan: readonly PlannedCheck[], judged: readonly CheckResult[], outcomes: readonly (Outcome | undefined)[],
  expectedAt: (i: number, check: Check) => { value: unknown } | undefined, accepts: (check: Check) => Judged["accepts"], seed: number,
): CheckResult[] {
  const failing = plan.filter((p, k) => judged[k]!.status === "fail" && !p.check.part);
  if (!failing.length) return [...judged];
  const lenient = judgeChecks(failing, outcomes, expectedAt, (check) => {
    const strict = accepts(check);
    return (want, actual, i) => strict(want, actual, i) || sameJson(uptoRepr(comparedPart(actual, check.compare ?? "content")), uptoRepr(want));
  }, seed);
  return judged.map((c) => (lenient.find((l) => l.name === c.name)?.status === "pass" ? { ...c, chargedTo: "task1" } : c));
}
