// One mistake, one point (issue 20 item 4): a client whose call throws right after a mistake at
// ask fails every rule whose inputs reach that place, and each of those failures is the same
// mistake again. Two such mistakes are charged to the check that shows them:
// - throwing, or returning the server's question, when the user declines, where the page sends the
//   decline back and returns the server's answer: the declined cancel's line (t3_declined_text)
//   fails, and so does every rule whose generated calls had a user who declined (helper 100's
//   sl-mistake-decline-throws, 37/41; helper 105's sl-mistake-decline-returns-unsent, 36/41);
// - handing ask something that is not one of the server's questions (a key read that the server's
//   inputRequests does not hold: `ask(inputRequests.confirm)`), which the grader's mock, carrying
//   JSON only, refuses by throwing as the course's own ask would on `undefined`: t3_ask_each_request
//   fails, and so does every rule with a call whose server asked under another key (helper 99's
//   sl-mistake-client-confirm-key-only, 36-37/41).
// A rule every failing call of which ended right there shows that mistake again: charged there.
// The second only with that mistake's mark on every round the client was asked in: one key K held
// by each round it answered and by none it threw in (the page's "confirm"). Code answering the
// page's calls from a table and handing ask nothing elsewhere threw in a round holding the page's
// key too (another tool's: the generated calls ask under "confirm" beside other keys), and each
// rule it fails is its own.
import type { CheckResult } from "../../../src/report/types.js";
import { own } from "./messages.js";
import { roundsOf, USER, type CallTrace } from "./trace.js";
import type { CallCase } from "./cases.js";
import type { CallRunTrace } from "./verdicts.js";

const DECLINED_LINE = "t3_declined_text";
const ASK_RULE = "t3_ask_each_request";

/** Whether the call ended (threw, or returned) right after the user's answers to a round, one of them no accept, with nothing sent after them. */
function endedOnDecline(spec: CallCase, trace: CallTrace): boolean {
  if (trace.outcome.kind !== "threw" && trace.outcome.kind !== "returned") return false;
  const { early, rounds } = roundsOf(trace, spec);
  const asks = rounds.length ? rounds[rounds.length - 1]!.asks : early;
  // The round's questions were the last messages: the throw is what the client did with their answers.
  const last = asks.at(-1);
  return last !== undefined && trace.sent.at(-1) === last.question && asks.some((a) => own(a.answer, "action") !== "accept");
}

/** Whether the call threw as ask was handed a value JSON cannot carry, the last thing it did. */
function threwOnNoQuestion(_spec: CallCase, trace: CallTrace): boolean {
  const last = trace.sent.at(-1);
  return trace.outcome.kind === "threw" && last?.peer === USER && last.problem?.startsWith("not JSON") === true;
}

/**
 * The failing rules charged to `target` (a check that failed and is charged nowhere) when every
 * call they failed ended as `ended` says; the same checks otherwise. `failing(name)`: a rule's
 * failing calls, or undefined where a request case failed it too.
 */
function chargeThrows(target: CheckResult | undefined, rules: CheckResult[], failing: (name: string) => readonly CallRunTrace[] | undefined, ended: (spec: CallCase, trace: CallTrace) => boolean, why: string): CheckResult[] {
  if (target?.status !== "fail" || target.chargedTo !== undefined) return rules;
  return rules.map((c) => {
    if (c === target || c.status !== "fail" || c.chargedTo !== undefined) return c;
    const calls = failing(c.name);
    if (!calls?.length || !calls.every((call) => ended(call.spec, call.trace))) return c;
    return { ...c, chargedTo: target.name, message: `${c.message ?? ""} ${why}: the mistake ${target.name} shows, charged there; it costs nothing more.` };
  });
}

/** The rules charged to the declined cancel's line when it ended on its decline and they failed only on calls that ended on one. */
export function chargeDeclinedThrows(lines: readonly CheckResult[], rules: CheckResult[], declined: CallRunTrace, failing: (name: string) => readonly CallRunTrace[] | undefined): CheckResult[] {
  if (!endedOnDecline(declined.spec, declined.trace)) return rules;
  return chargeThrows(lines.find((c) => c.name === DECLINED_LINE), rules, failing, endedOnDecline, "Every call it failed ended right after the user declined");
}

/** Whether one key is held by every input round answered and by no round thrown in as ask was handed no question. */
function oneKeyRead(calls: readonly CallRunTrace[]): boolean {
  const answered: string[][] = [];
  const thrown: string[][] = [];
  for (const { spec, trace } of calls) {
    const { rounds } = roundsOf(trace, spec);
    rounds.forEach((round, i) => {
      if (round.step?.kind !== "input" || !round.asks.length) return;
      const keys = Object.keys(round.step.requests);
      if (i === rounds.length - 1 && threwOnNoQuestion(spec, trace)) thrown.push(keys);
      else answered.push(keys);
    });
  }
  return thrown.length > 0 && (answered[0] ?? []).some((k) => answered.every((keys) => keys.includes(k)) && !thrown.some((keys) => keys.includes(k)));
}

/** The rules charged to t3_ask_each_request when they failed only on calls that threw as ask was handed no question, one key read throughout. */
export function chargeNoQuestionThrows(rules: CheckResult[], failing: (name: string) => readonly CallRunTrace[] | undefined, calls: readonly CallRunTrace[]): CheckResult[] {
  if (!oneKeyRead(calls)) return rules;
  return chargeThrows(rules.find((c) => c.name === ASK_RULE), rules, failing, threwOnNoQuestion, "Every call it failed threw as ask was handed something that is not one of the server's questions");
}
