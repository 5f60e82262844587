// One mistake, one point (issue 20 item 4): a client that calls ask and drops what it returns,
// sending the same answer under each key whatever the user said, fails the declined cancel's line
// (t3_declined_text: its retry says accept) and the rule of the retry's answers on generated calls
// (t3_input_responses_keyed), which took the accepted cancel's right line with it
// (t3_retry_input_responses, whose rule it is). When every retry that is not what ask returned has
// exactly the keys it should, the declined cancel's among them, the rule shows the declined line's
// mistake again: it is charged there (client-always-sends-accept). So too for retries that leave
// out exactly the answers that were not an accept, the others as ask returned them (helper 111's
// sl-mistake-declines-filtered: 39/41).
import type { CheckResult } from "../../../src/report/types.js";
import type { CallRunTrace } from "./verdicts.js";
import { isRecord, own, paramsOf, sameJson } from "./messages.js";
import { asksForInput } from "./mock-server.js";
import { answersOf } from "./rules.js";
import { roundsOf } from "./trace.js";

const RULE = "t3_input_responses_keyed";
const LINE = "t3_declined_text";

/** How a call's retries hold ask's answers: all as returned, only other values under the right keys, or otherwise. */
function retriesOf({ spec, trace }: CallRunTrace): "right" | "values" | "other" {
  const rounds = roundsOf(trace, spec).rounds;
  let values = false;
  for (let i = 0; i + 1 < rounds.length; i++) {
    const answers = asksForInput(rounds[i]!.step) ? answersOf(rounds[i]!) : undefined;
    if (!answers) continue;
    const sent = own(paramsOf(rounds[i + 1]!.message), "inputResponses");
    if (sameJson(sent, answers)) continue;
    if (!isRecord(sent)) return "other";
    if (sameJson(Object.keys(sent).sort(), Object.keys(answers).sort()) || onlyDeclinesLeftOut(sent, answers)) { values = true; continue; }
    return "other";
  }
  return values ? "values" : "right";
}

/** Whether `sent` is `answers` less those that were no accept (a decline, a cancel), the rest as they were; at least one left out. */
function onlyDeclinesLeftOut(sent: Record<string, unknown>, answers: Record<string, unknown>): boolean {
  const keys = Object.keys(answers);
  const left = keys.filter((k) => !Object.hasOwn(sent, k));
  const accepted = (k: string): boolean => isRecord(answers[k]) && (answers[k] as Record<string, unknown>)["action"] === "accept";
  return left.length > 0 && Object.keys(sent).every((k) => Object.hasOwn(answers, k) && sameJson(sent[k], answers[k])) && left.every((k) => !accepted(k));
}

/** The rule charged to the declined cancel's line when both fail for answers dropped under the right keys; the same checks otherwise. */
export function chargeDroppedAnswers(lines: readonly CheckResult[], rules: CheckResult[], declined: CallRunTrace, calls: readonly CallRunTrace[]): CheckResult[] {
  const line = lines.find((c) => c.name === LINE && c.status === "fail" && c.chargedTo === undefined);
  const rule = rules.find((c) => c.name === RULE && c.status === "fail" && c.chargedTo === undefined);
  if (!line || !rule || retriesOf(declined) !== "values" || calls.some((c) => retriesOf(c) === "other")) return rules;
  const why = `${rule.message ?? ""} Each of those retries has the keys it should, with answers other than what ask returned: the mistake ${LINE} shows on the declined cancel, charged there; it costs nothing more.`.trim();
  return rules.map((c) => (c === rule ? { ...c, chargedTo: LINE, message: why } : c));
}
