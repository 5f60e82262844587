// One mistake, one point, between task 3's rules: a rule that only shows the mistake another rule
// or line shows is charged there (CheckResult.chargedTo), each where the mistake's own signature
// is seen, so that code doing less work than the mistake's keeps its price.
import type { CheckResult } from "../../../src/report/types.js";
import type { RequestCase } from "./cases.js";
import { META_CAPABILITIES, META_CLIENT_INFO, META_VERSION, own, paramsOf, sameJson } from "./messages.js";
import { MAX_ROUNDS, TOO_MANY_ROUNDS } from "./mock-server.js";
import { SERVER, type CallTrace } from "./trace.js";
import type { CallRunTrace } from "./verdicts.js";

/** Whether the call threw the cap's Error before it had sent the cap's rounds. */
export const capCarriedOver = (trace: CallTrace): boolean =>
  trace.outcome.kind === "threw" && trace.outcome.message === TOO_MANY_ROUNDS && trace.sent.filter((s) => s.peer === SERVER).length < MAX_ROUNDS;

/**
 * The rules broken only by calls after another in one module instance, ended by the cap, after the
 * first of them, charged to it: one round counter carried from call to call (helper 105's
 * sl-mistake-round-counter-module-level, a round counter never reset, broke two rules so).
 */
export function chargeSecondCalls(rules: CheckResult[], failing: (name: string) => readonly CallRunTrace[] | undefined): CheckResult[] {
  const second = (c: CheckResult): boolean => c.status === "fail" && c.chargedTo === undefined && c.beyondLines === true && (failing(c.name) ?? []).length > 0 && failing(c.name)!.every((call) => call.earlierIds !== undefined && capCarriedOver(call.trace));
  const first = rules.find(second);
  return first ? rules.map((c) => (c !== first && second(c) ? { ...c, chargedTo: first.name, message: `${c.message ?? ""} The same state kept from call to call broke ${first.name}, charged there; it costs nothing more.` } : c)) : rules;
}

/**
 * t3_request_as_given charged to t3_meta_every_request where both fail and every request the
 * first failed sent the caller's own _meta as it came: a client that left its _meta out there as it
 * did elsewhere (helper 105's sl-mistake-meta-once-per-module lost this point too, told the two
 * _meta were merged). A client that sends its _meta everywhere else and lets the caller's win
 * (`{_meta, ...params}`) breaks as_given alone: its point (client-meta-first). So too where every
 * such request sent the given params with the client's _meta fields beside them instead of under
 * _meta (`{...params, ...meta}`: slips-round-2026-12-08s sl-mistake-meta-spread-flat, 39).
 */
export function chargeCallerMetaKept(rules: CheckResult[], requests: (name: string) => readonly { c: RequestCase; trace: CallTrace }[] | undefined): CheckResult[] {
  const [asGiven, every] = ["t3_request_as_given", "t3_meta_every_request"].map((name) => rules.find((c) => c.name === name && c.status === "fail" && c.chargedTo === undefined));
  const failed = asGiven && every ? requests(asGiven.name) : undefined;
  const sentOnce = (trace: CallTrace): unknown => { const sent = trace.sent.filter((m) => m.peer === SERVER); return sent.length === 1 ? paramsOf(sent[0]!) : undefined; };
  const keptOne = ({ c, trace }: { c: RequestCase; trace: CallTrace }): boolean => c.params !== undefined && Object.hasOwn(c.params, "_meta") && sameJson(own(sentOnce(trace), "_meta"), c.params["_meta"]);
  const flatOne = ({ c, trace }: { c: RequestCase; trace: CallTrace }): boolean => metaSpreadFlat(c.params, sentOnce(trace));
  if (!failed?.length || !failed.every((r) => keptOne(r) || flatOne(r))) return rules;
  const why = failed.some(flatOne) ? "sent the client's _meta fields beside the given params (a caller's _meta as it came), not under _meta" : "sent the caller's _meta as it came, with none of the client's: the _meta left out";
  return rules.map((c) => (c === asGiven ? { ...c, chargedTo: every!.name, message: `${c.message ?? ""} Each request it broke ${why}, ${every!.name}'s mistake, charged there; it costs nothing more.` } : c));
}

/** Whether `sent` is the given params (their _meta aside) with only the client's _meta fields beside them and no _meta. */
function metaSpreadFlat(given: Record<string, unknown> | undefined, sent: unknown): boolean {
  if (sent === null || typeof sent !== "object" || Array.isArray(sent) || Object.hasOwn(sent, "_meta")) return false;
  const params = Object.fromEntries(Object.entries(given ?? {}).filter(([k]) => k !== "_meta"));
  const extra = Object.keys(sent).filter((k) => !Object.hasOwn(params, k));
  return extra.length > 0 && extra.every((k) => CLIENT_META_FIELDS.includes(k)) && Object.keys(params).every((k) => sameJson(own(sent, k), params[k]));
}
const CLIENT_META_FIELDS: readonly string[] = [META_VERSION, META_CAPABILITIES, META_CLIENT_INFO];

/**
 * t3_request_as_given charged to t3_error_message where both fail and every request the first
 * failed was sent twice as it was (the same method and params): a request sent again when its
 * answer was an error, which the error line shows (helper 105's sl-mistake-request-retries-on-error).
 */
export function chargeResentOnError(lines: readonly CheckResult[], rules: CheckResult[], requests: (name: string) => readonly { c: RequestCase; trace: CallTrace }[] | undefined): CheckResult[] {
  const line = lines.find((c) => c.name === "t3_error_message" && c.status === "fail" && c.chargedTo === undefined);
  const asGiven = rules.find((c) => c.name === "t3_request_as_given" && c.status === "fail" && c.chargedTo === undefined);
  const failed = line && asGiven ? requests(asGiven.name) : undefined;
  const resent = failed?.length && failed.every(({ trace }) => {
    const sent = trace.sent.filter((m) => m.peer === SERVER);
    const same = (k: string): boolean => sameJson(own(sent[0]!.value, k), own(sent[1]!.value, k));
    return sent.length === 2 && same("method") && same("params");
  });
  return resent ? rules.map((c) => (c === asGiven ? { ...c, chargedTo: line!.name, message: `${c.message ?? ""} Each request it broke was sent again as it was after an error: ${line!.name}'s mistake, charged there; it costs nothing more.` } : c)) : rules;
}

/**
 * t3_final_result_returned charged to t3_ask_each_request where both fail and every call the first
 * failed the second failed too: questions asked where no round was due (a result holding
 * inputRequests, whatever its resultType), and a round sent in place of returning the result, one
 * mistake (gaming-round-2026-12-07r sl-narrow-rounds-by-inputrequests-key cost 2).
 */
export function chargeAskedWhenDone(rules: CheckResult[], failing: (name: string) => readonly CallRunTrace[] | undefined): CheckResult[] {
  const [returned, asked] = ["t3_final_result_returned", "t3_ask_each_request"].map((name) => rules.find((c) => c.name === name && c.status === "fail" && c.chargedTo === undefined));
  const calls = returned && asked ? failing(returned.name) : undefined;
  const askedToo = asked ? failing(asked.name) : undefined;
  const same = calls?.length && askedToo && calls.every((call) => askedToo.includes(call));
  return same ? rules.map((c) => (c === returned ? { ...c, chargedTo: asked!.name, message: `${c.message ?? ""} Each call it broke also asked where no round was due (${asked!.name}): one mistake, charged there; it costs nothing more.` } : c)) : rules;
}
