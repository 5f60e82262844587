// One mistake, one point (issue 20 item 4): a client that throws when the user declines, where
// the page sends the decline back and returns the server's answer, fails the declined cancel's line
// (t3_declined_text) and every rule whose generated calls had a user who declined: the rounds' cap,
// the final result returned, the cancel flows (helper 100's sl-mistake-decline-throws, 37/41).
// Where the line's call threw right after a decline, each rule every failing call of which threw
// right after ask answered something other than accept shows that mistake again: charged there.
import type { CheckResult } from "../../../src/report/types.js";
import { own } from "./messages.js";
import { roundsOf, type CallTrace } from "./trace.js";
import type { CallCase } from "./cases.js";
import type { CallRunTrace } from "./verdicts.js";

const LINE = "t3_declined_text";

/** Whether the call threw right after the user's answers to a round, one of them no accept, with nothing sent after them. */
function threwOnDecline(spec: CallCase, trace: CallTrace): boolean {
  if (trace.outcome.kind !== "threw") return false;
  const { early, rounds } = roundsOf(trace, spec);
  const asks = rounds.length ? rounds[rounds.length - 1]!.asks : early;
  // The round's questions were the last messages: the throw is what the client did with their answers.
  const last = asks.at(-1);
  return last !== undefined && trace.sent.at(-1) === last.question && asks.some((a) => own(a.answer, "action") !== "accept");
}

/**
 * The rules charged to the declined cancel's line when it threw on its decline and they failed only
 * on calls that threw on one; the same checks otherwise. `failing(name)`: a rule's failing calls,
 * or undefined where a request case failed it too.
 */
export function chargeDeclinedThrows(lines: readonly CheckResult[], rules: CheckResult[], declined: CallRunTrace, failing: (name: string) => readonly CallRunTrace[] | undefined): CheckResult[] {
  const line = lines.find((c) => c.name === LINE && c.status === "fail" && c.chargedTo === undefined);
  if (!line || !threwOnDecline(declined.spec, declined.trace)) return rules;
  return rules.map((c) => {
    if (c.status !== "fail" || c.chargedTo !== undefined) return c;
    const calls = failing(c.name);
    if (!calls?.length || !calls.every((call) => threwOnDecline(call.spec, call.trace))) return c;
    return { ...c, chargedTo: LINE, message: `${c.message ?? ""} Every call it failed threw right after the user declined: the mistake ${LINE} shows on the declined cancel, charged there; it costs nothing more.` };
  });
}
