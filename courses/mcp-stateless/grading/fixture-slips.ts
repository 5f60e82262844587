// One mistake, one point (issue 20): a slip in how the code writes every protocol error, or reads
// every retry, shows in a fixture's line and again in every rule check whose answers it reaches.
// The line charges it; a rule check that fails only by that slip is charged there.
// - The message left out (a code and data only): t2_unknown_tool_error shows it on the fixture's
//   unknown tool.
// - One code for every error (the error's code parameter never used, say -32602 throughout):
//   t2_old_version_code shows it on the fixture's old version; an unknown method's -32601 then
//   comes out as that code too.
// - The answers to a question never read (inputResponses looked for elsewhere): every retry is
//   asked again. t2_cancel_accept_text shows it on the fixture's accepted retry; the declined
//   retry's line reads through it (evidence/lines.ts), and so do the retries' rule checks here.
import type { CheckResult } from "../../../src/report/types.js";
import { judgeChecks, type Judged, type Outcome, type PlannedCheck } from "../behaviour/check.js";
import { comparedPart } from "../behaviour/compare.js";
import { isObject, UNSUPPORTED_PROTOCOL_VERSION } from "../behaviour/model.js";
import { messageIndex } from "../course/fixtures.js";
import { sameJson } from "../evidence/reading.js";

type Check = PlannedCheck["check"];
type Accepts = Judged["accepts"];

/** The error object of an answer that is an error. */
const errorOf = (answer: unknown): Record<string, unknown> | undefined => {
  const error = isObject(answer) && !Object.hasOwn(answer, "result") ? answer["error"] : undefined;
  return isObject(error) ? error : undefined;
};

const INPUT_REQUIRED = "input_required";
const resultType = (answer: unknown): unknown => (isObject(answer) && isObject(answer["result"]) ? answer["result"]["resultType"] : undefined);

/** The answer with its error's fields changed. */
const withError = (answer: unknown, change: (error: Record<string, unknown>) => Record<string, unknown>): unknown =>
  isObject(answer) && isObject(answer["error"]) ? { ...answer, error: change(answer["error"]) } : answer;

interface Slip {
  /** The line that shows it, the fixture message whose answer that line reads, and the slip in words. */
  line: string;
  fixtureId: number;
  why: string;
  /** Whether checks that read a part of each answer (the variant checks) are charged too: the error slips' parts hold no error field. */
  withParts?: true;
  /** What the fixture's answer shows of the slip (the code it used, say), or undefined when the fixture's answers (`all`) do not show it. */
  seen(answer: unknown, all: readonly unknown[]): unknown;
  /**
   * Whether an answer is the rules' answer but for the slip seen: `part` is the answer's compared
   * part, `actual` the whole answer; `strictWith` judges the answer with its error changed.
   */
  only(seen: unknown, want: unknown, part: unknown, actual: unknown, strictWith: (change: (error: Record<string, unknown>) => Record<string, unknown>) => boolean): boolean;
}

const withoutMessage = (error: Record<string, unknown>): Record<string, unknown> => {
  const { message: _, ...rest } = error;
  return rest;
};

const SLIPS: readonly Slip[] = [
  {
    line: "t2_unknown_tool_error", fixtureId: 6, why: "Its errors leave out the message",
    // An error without a message (a result there is another mistake, and vouches for nothing).
    seen: (answer) => (errorOf(answer) !== undefined && typeof errorOf(answer)!["message"] !== "string" ? true : undefined),
    only: (_seen, want, part) => errorOf(part) !== undefined && typeof errorOf(part)!["message"] !== "string" &&
      sameJson(withError(part, withoutMessage), withError(want, withoutMessage)),
  },
  {
    line: "t2_old_version_code", fixtureId: 99, why: "Its errors all carry one code",
    // Only where every error the fixture got carries that code: a wrong refusal code beside an
    // unknown tool's right -32602 is the version's own slip, and does not vouch for other codes.
    seen: (answer, all) => {
      const code = errorOf(answer)?.["code"];
      const codes = all.flatMap((a) => (errorOf(a) ? [errorOf(a)!["code"]] : []));
      return code !== undefined && code !== UNSUPPORTED_PROTOCOL_VERSION && codes.every((c) => sameJson(c, code)) ? code : undefined;
    },
    // Its code in place of the rules' code, and right once the rules' code is put back.
    only: (seen, want, part, _actual, strictWith) => {
      const code = errorOf(want)?.["code"];
      return code !== undefined && code !== seen && sameJson(errorOf(part)?.["code"], seen) && strictWith((e) => ({ ...e, code }));
    },
  },
  {
    line: "t2_cancel_accept_text", fixtureId: 11, why: "Its retries are all asked again: the answers in inputResponses are never read", withParts: true,
    seen: (answer) => (resultType(answer) === INPUT_REQUIRED ? true : undefined),
    // The compared part may leave resultType out: the whole answer says it asked.
    only: (_seen, want, _part, actual) => resultType(actual) === INPUT_REQUIRED && resultType(want) !== INPUT_REQUIRED && errorOf(want) === undefined,
  },
];

/**
 * `fixture`: handle's answers to the fixture's messages, in order. Only when the slip's line
 * failed and the fixture's answer shows the slip; only checks judged on an answer's error (no
 * part), and only if each answer is right, or right but for the slip.
 */
export function chargeFixtureSlips(
  lines: readonly CheckResult[], fixture: readonly (Outcome | undefined)[], plan: readonly PlannedCheck[], judged: readonly CheckResult[],
  outcomes: readonly (Outcome | undefined)[], expectedAt: (i: number, check: Check) => { value: unknown } | undefined,
  accepts: (check: Check) => Accepts, seed: number,
): CheckResult[] {
  let result = [...judged];
  for (const slip of SLIPS) {
    const answer = fixture[messageIndex(slip.fixtureId)];
    const seen = answer?.ok ? slip.seen(answer.value, fixture.flatMap((o) => (o?.ok ? [o.value] : []))) : undefined;
    if (seen === undefined || !lines.some((l) => l.name === slip.line && l.status === "fail" && l.chargedTo === undefined)) continue;
    // An envelope's part holds no error, nor does a variant check's part: only checks that compare
    // an error's fields, unless the slip is seen in the whole answer.
    const failing = plan.filter((p) => (slip.withParts || !p.check.part) && p.check.compare !== "envelope" && result.some((c) => c.name === p.check.id && c.status === "fail" && c.chargedTo === undefined));
    if (!failing.length) continue;
    const lenient = judgeChecks(failing, outcomes, expectedAt, (check) => {
      const strict = accepts(check);
      const compared = check.compare ?? "content";
      return (want, actual, i) => strict(want, actual, i) ||
        slip.only(seen, want, comparedPart(actual, compared), actual, (change) => strict(want, withError(actual, change), i));
    }, seed);
    const why = `${slip.why}: ${slip.line}'s mistake, charged there; it costs nothing more here.`;
    result = result.map((c) => (lenient.find((l) => l.name === c.name)?.status === "pass" ? { ...c, chargedTo: slip.line, message: `${c.message ?? ""} ${why}`.trim() } : c));
  }
  return result;
}
