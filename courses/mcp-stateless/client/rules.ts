// Task 3's rules, each judged on every case it applies to from the record the sandbox made of
// what the client sent (never from what the client says it sent). A rule names one thing, so a
// client that breaks one rule fails that check and no other: the retry's inputResponses are not
// judged in a round whose questions were not asked one per input request, say.
import type { CallCase, RequestCase } from "./cases.js";
import { NotData } from "../../../src/sandbox/value.js";
import {
  META_CAPABILITIES, META_CLIENT_INFO, META_VERSION,
  firstText, isRecord, isRequestId, metaProblem, notARequest, own, paramsOf, sameJson, show,
} from "./messages.js";
import { replyTo, type CallTrace, type Outcome, type Round, type Rounds, type Sent } from "./trace.js";
import { MAX_ROUNDS, TOO_MANY_ROUNDS, asksForInput, record, requestsOf, type Json, type ServerStep } from "./mock-server.js";

/** Passed (undefined), not this rule's case ("n/a"), or what was expected and what happened. */
export type Verdict = undefined | "n/a" | { expected: string; actual: string };

export interface RequestContext { c: RequestCase; trace: CallTrace; reply: ServerStep; earlierIds: unknown[] }
/** earlierIds: what an earlier call of callWithInput in the same module instance sent as ids. */
export interface CallContext { c: CallCase; trace: CallTrace; rounds: Rounds; earlierIds?: unknown[] }

export interface ClientRule {
  id: string;
  kind: "behaviour" | "output";
  title: string;
  /** The task's rule, as the student reads it. */
  rule: string;
  /** Where to look, not the code to write. */
  hint: string;
  request?: (x: RequestContext) => Verdict;
  call?: (x: CallContext) => Verdict;
}

export function describeOutcome(o: Outcome): string {
  if (o.kind === "returned") return `returned ${show(o.value)}`;
  if (o.kind === "threw") return o.name ? `threw ${o.name}: ${o.message}` : `threw the value ${o.message} (not an Error)`;
  if (o.kind === "failed") return `did not return: ${o.failure.message}`;
  return `was not called: ${o.why}`;
}

const toServer = (t: CallTrace): Sent[] => t.sent.filter((s) => s.peer === 0);
const ids = (sent: Sent[]): unknown[] => sent.map((s) => own(s.value, "id"));

function idProblem(messages: Sent[], earlier: unknown[]): string | undefined {
  const seen = [...earlier];
  for (const [i, id] of ids(messages).entries()) {
    if (!isRequestId(id)) return `message ${i + 1} has id ${show(id)}: an id is a string or an integer`;
    if (seen.some((s) => s === id)) return `message ${i + 1}'s id ${show(id)} was already used by an earlier request`;
    seen.push(id);
  }
  return undefined;
}

const first = <T>(items: readonly T[], problem: (item: T, i: number) => string | undefined): string | undefined => {
  for (const [i, item] of items.entries()) {
    const p = problem(item, i);
    if (p) return p;
  }
  return undefined;
};

/**
 * A call whose server would have asked for input that sent nothing and never ended on its own
 * terms (a Promise where the result is due, a loop stopped at its budget, a crash): the rules of the
 * questions and the retry could not judge it because of the code, so they fail. A call that
 * returns or throws without sending is t3_same_call_each_round's alone (one mistake, one point).
 * Before, code that stalled on every call it had not seen kept those two rules' lines.
 */
function stalledUnsent(c: CallCase, trace: CallTrace, rounds: Rounds, expected: string): Verdict {
  const o = trace.outcome;
  const neverEnded = o.kind === "failed" || (o.kind === "returned" && o.value instanceof NotData && o.value.what === "promise");
  if (rounds.rounds.length || rounds.early.length || !neverEnded || !c.server[0] || !asksForInput(c.server[0])) return undefined;
  return { expected, actual: `nothing sent; it ${describeOutcome(trace.outcome)}` };
}

/** The round that ends the call: the first whose step does not ask for input, if within the cap. */
function ending(c: CallCase): { at: number; step: ServerStep } | undefined {
  for (let i = 0; i < MAX_ROUNDS; i++) {
    const step = c.server[Math.min(i, c.server.length - 1)]!;
    if (i >= c.server.length && !c.serverRepeats) return undefined;
    if (!asksForInput(step)) return { at: i, step };
  }
  return undefined;
}

/** Which key each question of a round answers, matched to the input requests as given; undefined unless one per key. */
export function answersOf(round: Round): Record<string, Json> | undefined {
  if (!round.step) return undefined;
  const requests = requestsOf(round.step);
  const keys = Object.keys(requests);
  if (round.asks.length !== keys.length) return undefined;
  const left = new Set(keys);
  const entries: [string, Json][] = [];
  for (const ask of round.asks) {
    const key = [...left].find((k) => sameJson(ask.question.value, requests[k]));
    if (key === undefined || ask.answer === undefined) return undefined;
    left.delete(key);
    entries.push([key, ask.answer]);
  }
  return record(entries);
}

const sentCount = (n: number): string => `${n} request${n === 1 ? "" : "s"} to the server`;

/**
 * Why round i (from 0) of a call is not the call itself. The mock answers its script whatever it
 * is sent, so what came back counts for a rule or a line only when the rounds sent were the call.
 * A round of the call ("request") is a tools/call request for the case's tool; the call itself
 * ("call", what its result stands for) has the case's arguments in every round too, and each
 * retry, sent after an input_required answer whose questions were each put to ask once, carries
 * what ask returned as inputResponses.
 */
export function roundProblem(c: CallCase, rounds: readonly Round[], i: number, level: "request" | "call" = "call"): string | undefined {
  const m = rounds[i]!.message;
  const wrong = notARequest(m);
  if (wrong) return `round ${i + 1}: ${wrong}`;
  // Its jsonrpc is how every request is written (t3_request_keys' line, t3_request_as_given), not
  // which call it is: rounds without it were not the call, and eight lines and rules went with
  // them (helper 99's client-no-jsonrpc, 33/41).
  if (own(m.value, "method") !== "tools/call") return `round ${i + 1} sent method ${show(own(m.value, "method"))}, not a tools/call request`;
  const params = paramsOf(m);
  if (own(params, "name") !== c.name) return `round ${i + 1} sent name ${show(own(params, "name"))}, not ${show(c.name)}`;
  if (level === "request") return undefined;
  const args = isRecord(params) && Object.hasOwn(params, "arguments") ? params["arguments"] : undefined;
  if (!sameJson(args, c.args)) return `round ${i + 1} sent arguments ${show(args)}, not ${show(c.args)}`;
  if (i === 0) return undefined;
  const before = rounds[i - 1]!;
  if (!asksForInput(before.step)) return `round ${i + 1} was sent after an answer that was not input_required`;
  const answers = answersOf(before);
  if (!answers) return `round ${i + 1} is not a retry with the user's answers: after round ${i}, ask was not called once with each input request`;
  const sent = own(params, "inputResponses");
  return sameJson(sent, answers) ? undefined : `round ${i + 1}'s inputResponses are ${sent === undefined ? "missing" : show(sent)}, not what ask returned (${show(answers)})`;
}

/** The first of a call's first `upTo` rounds that is not the call (or not a request of it), with why; undefined when they all are. */
export function callProblem(c: CallCase, rounds: Rounds, upTo = rounds.rounds.length, level: "request" | "call" = "call"): { round: number; why: string } | undefined {
  for (let i = 0; i < Math.min(upTo, rounds.rounds.length); i++) {
    const why = roundProblem(c, rounds.rounds, i, level);
    if (why) return { round: i + 1, why };
  }
  return undefined;
}

/**
 * A client that gave up with the cap's Error before the round its server ended the call in: a
 * cap set too low, t3_at_most_three_rounds's mistake (and its lines'), not the end's rule too.
 */
const cappedEarly = (rounds: Rounds, endAt: number, o: CallTrace["outcome"]): boolean =>
  rounds.rounds.length <= endAt && endAt < MAX_ROUNDS && o.kind === "threw" && o.message === TOO_MANY_ROUNDS;

/**
 * Whether the call sent its rounds up to the server's end and returned a result with that result's
 * text: what the page's lines read (t3_rounds, t3_final_text, t3_declined_text). The whole result,
 * unchanged, is t3_final_result_returned's: a client that rebuilds it is that one mistake.
 */
function returnedTheText(at: number, step: Extract<ServerStep, { kind: "result" }>, rounds: Rounds, o: CallTrace["outcome"]): Verdict {
  const n = rounds.rounds.length;
  if (n === at + 1 && o.kind === "returned" && firstText(o.value) === firstText(step.result)) return undefined;
  return { expected: `${sentCount(at + 1)}, then returned a result whose text is ${show(firstText(step.result))}`, actual: `${sentCount(n)}, then it ${describeOutcome(o)}` };
}

/** Whether the call sent its rounds up to the server's end and returned that result, unchanged. */
function returnedTheEnd(at: number, step: Extract<ServerStep, { kind: "result" }>, rounds: Rounds, o: CallTrace["outcome"]): Verdict {
  const n = rounds.rounds.length;
  if (n === at + 1 && o.kind === "returned" && sameJson(o.value, step.result)) return undefined;
  return { expected: `${sentCount(at + 1)}, then returned ${show(step.result)}`, actual: `${sentCount(n)}, then it ${describeOutcome(o)}` };
}

/** A key of the caller's _meta that the sent _meta still holds (the client's own three aside). */
function keptCallerMeta(sent: unknown, given: unknown): string | undefined {
  if (!isRecord(sent) || !isRecord(given)) return undefined;
  const kept = Object.keys(given).find((k) => ![META_VERSION, META_CAPABILITIES, META_CLIENT_INFO].includes(k) && Object.hasOwn(sent, k));
  return kept === undefined ? undefined : `params._meta still holds the caller's ${JSON.stringify(kept)}: the two were merged`;
}

/** Why a _meta is no object of the client's, or undefined. */
const notAnObject = (meta: unknown): string | undefined => (isRecord(meta) ? undefined : `params._meta is ${show(meta)}, not the client's`);

export const CLIENT_RULES: ClientRule[] = [
  {
    id: "t3_meta_every_request", kind: "behaviour",
    title: "Every request carries _meta with the protocol version, the client's capabilities and clientInfo",
    rule: "In the stateless 2026-07-28 protocol nothing is remembered between requests, so every request's params._meta carries io.modelcontextprotocol/protocolVersion \"2026-07-28\", io.modelcontextprotocol/clientCapabilities and io.modelcontextprotocol/clientInfo {name, version}: server/discover too, and every retry.",
    hint: "Build _meta in one place (request) and add it to every message it sends, whatever params it was given.",
    // Nothing sent is not a message with _meta: request_as_given's and the rounds' rules' to judge.
    // params with a _meta of the caller's: whether the client's replaces it is t3_request_as_given's.
    request: ({ c, trace }) => (toServer(trace).length && !Object.hasOwn(c.params ?? {}, "_meta") ? check(first(toServer(trace), (s, i) => prefix(i, metaProblem(s))), "every message's params._meta with the three fields") : "n/a"),
    call: ({ trace }) => (toServer(trace).length ? check(first(toServer(trace), (s, i) => prefix(i, metaProblem(s))), "every message's params._meta with the three fields") : "n/a"),
  },
  {
    id: "t3_new_id_each_request", kind: "behaviour",
    title: "Every request, every retry included, has an id of its own",
    rule: "A request's id (a string or an integer) identifies it and its response: no two requests of a client share one, and a retry with inputResponses is a new request with a new id.",
    hint: "Keep the counter outside request (at module level) and move it on before every message, never per call of callWithInput.",
    request: ({ trace, earlierIds }) => (toServer(trace).length ? check(idProblem(toServer(trace), earlierIds), "an id no earlier request had") : "n/a"),
    call: ({ trace, earlierIds }) => (toServer(trace).length ? check(idProblem(toServer(trace), earlierIds ?? []), earlierIds ? "a new id on every message, none an earlier call sent" : "a new id on every message") : "n/a"),
  },
  {
    id: "t3_request_as_given", kind: "behaviour",
    title: "request sends one JSON-RPC message with the method and params it was given",
    rule: "request(method, params, send) sends exactly one message, {jsonrpc: \"2.0\", id, method, params}, whose params are the given params, every key as given (\"__proto__\" and \"constructor\" too), plus _meta (the client's, in place of any _meta given: not merged with it); params left out (undefined, as in the page's request(\"server/discover\")) is {} plus _meta.",
    hint: "Copy params with spread ({...params, _meta}) rather than assigning key by key: obj[\"__proto__\"] = v sets the prototype, not a key.",
    request: ({ c, trace }) => {
      const given = c.params ?? {};
      const expected = `one message {jsonrpc: "2.0", id, method: ${show(c.method)}, params: ${show(given)} plus _meta}`;
      const messages = toServer(trace);
      if (messages.length !== 1) return { expected, actual: `${sentCount(messages.length)}; ${describeOutcome(trace.outcome)}` };
      const m = messages[0]!;
      const wrong = notARequest(m);
      if (wrong) return { expected, actual: wrong };
      if (own(m.value, "jsonrpc") !== "2.0") return { expected, actual: `jsonrpc is ${show(own(m.value, "jsonrpc"))}` };
      if (own(m.value, "method") !== c.method) return { expected, actual: `method is ${show(own(m.value, "method"))}` };
      const params = paramsOf(m);
      if (!isRecord(params)) return { expected, actual: `params is ${show(params)}` };
      const keys = Object.keys(given).filter((k) => k !== "_meta");
      const changed = keys.find((k) => !Object.hasOwn(params, k) || !sameJson(params[k], given[k]));
      if (changed !== undefined) return { expected, actual: `params[${JSON.stringify(changed)}] is ${Object.hasOwn(params, changed) ? show(params[changed]) : "missing"}` };
      const extra = Object.keys(params).find((k) => k !== "_meta" && !keys.includes(k));
      if (extra !== undefined) return { expected, actual: `params has a key ${JSON.stringify(extra)} it was not given` };
      // A _meta of the caller's is replaced by the client's ({...params, _meta}): the client's
      // three fields, and none of the caller's keys (a merge kept them and passed).
      // Whether the caller's _meta was replaced, not what the client's holds: its fields are
      // t3_meta_every_request's (a capability written wrong, clientInfo left out, cost this rule too).
      const meta = Object.hasOwn(given, "_meta") ? notAnObject(own(params, "_meta")) ?? keptCallerMeta(own(params, "_meta"), given["_meta"]) : undefined;
      return meta === undefined ? undefined : { expected: `${expected}, the client's _meta in place of the one given`, actual: meta };
    },
  },
  {
    id: "t3_returns_send_reply", kind: "behaviour",
    title: "request returns the response send returned, as it is",
    rule: "request returns what send returned: the whole JSON-RPC response (result or error), unchanged.",
    hint: "Return send's answer itself: do not unwrap result, throw on error or rebuild it (that is callWithInput's job).",
    request: ({ c, trace, reply }) => {
      const messages = toServer(trace);
      // request_as_given's to judge: one message, a request for the method given (the mock answers anything).
      if (messages.length !== 1 || own(messages[0]!.value, "method") !== c.method) return "n/a";
      const expected = replyTo(reply, messages[0]!);
      if (trace.outcome.kind === "returned" && sameJson(trace.outcome.value, expected)) return undefined;
      return { expected: `returned ${show(expected)}`, actual: describeOutcome(trace.outcome) };
    },
  },
  {
    id: "t3_same_call_each_round", kind: "behaviour",
    title: "Every round sends tools/call with the same name and arguments",
    rule: "A retry is the same call again: method tools/call, params.name and params.arguments exactly as callWithInput was given them, in every round.",
    hint: "Build each round's params from name and args afresh and add inputResponses; do not change args itself.",
    call: ({ c, trace, rounds }) => {
      const expected = `tools/call with name ${show(c.name)} and arguments ${show(c.args)} in every round`;
      // Nothing sent is no round of the call: every call of callWithInput sends one, as the
      // fixture lines read it. Left to the rounds' count (a general rule for a call ending in a
      // result), a callWithInput that stalled on every call it had not seen kept this line.
      if (rounds.rounds.length === 0) return trace.outcome.kind === "not-run" ? "n/a" : { expected, actual: `nothing sent; it ${describeOutcome(trace.outcome)}` };
      return check(first(rounds.rounds, ({ message: m }, i) => {
        const wrong = notARequest(m);
        if (wrong) return `round ${i + 1}: ${wrong}`;
        // Its jsonrpc is how requests are written, t3_request_as_given's (roundProblem).
        if (own(m.value, "method") !== "tools/call") return `round ${i + 1} sent method ${show(own(m.value, "method"))}`;
        const params = paramsOf(m);
        if (own(params, "name") !== c.name) return `round ${i + 1} sent name ${show(own(params, "name"))}`;
        const args = isRecord(params) && Object.hasOwn(params, "arguments") ? params["arguments"] : undefined;
        return sameJson(args, c.args) ? undefined : `round ${i + 1} sent arguments ${show(args)}`;
      }), expected);
    },
  },
  {
    id: "t3_first_round_no_answers", kind: "behaviour",
    title: "The first round of a call carries no inputResponses",
    rule: "callWithInput's first tools/call has params {name, arguments} and _meta only: the user has been asked nothing yet in this call, so it carries no inputResponses, whatever an earlier call was answered.",
    hint: "Keep the answers in a variable inside callWithInput, made afresh on every call, not at module level.",
    call: ({ c, rounds }) => {
      const r = rounds.rounds[0];
      // Not a tools/call request for the tool: the rounds' rules' to judge.
      if (!r || roundProblem(c, rounds.rounds, 0, "request")) return "n/a";
      const params = paramsOf(r.message);
      const sent = isRecord(params) && Object.hasOwn(params, "inputResponses") ? params["inputResponses"] : undefined;
      return sent === undefined ? undefined : { expected: "round 1 without inputResponses", actual: `round 1 sent inputResponses ${show(sent)}` };
    },
  },
  {
    id: "t3_ask_each_request", kind: "behaviour",
    title: "ask is called once for each input request, with the request as the server sent it",
    rule: "When a result has resultType \"input_required\", ask(question) is called once per entry of inputRequests, with that entry as it is, before the retry; never before the first request, nor after a complete result.",
    hint: "Loop over Object.entries(result.inputRequests) and pass each value to ask unchanged.",
    call: ({ c, trace, rounds }) => {
      if (rounds.early.length) return { expected: "no question before the first request", actual: `ask was called with ${show(rounds.early[0]!.question.value)} before anything was sent` };
      const stalled = stalledUnsent(c, trace, rounds, "after round 1, ask called once with each of its input requests");
      if (stalled) return stalled;
      let judged = false;
      for (const [i, round] of rounds.rounds.entries()) {
        // A round past the cap is no round of the call: t3_at_most_three_rounds's mistake alone. A
        // client with no cap is cut by the mock (64 messages a call) wherever it is, mid-round after
        // a round of many questions (many-questions.ts): judged here, that one mistake cost two points.
        if (i >= MAX_ROUNDS) break;
        const asking = asksForInput(round.step);
        // After the last round's input_required, asking is allowed but not needed: its answers are never sent.
        if (asking && i === MAX_ROUNDS - 1 && round.asks.length === 0) continue;
        if (asking) judged = true;
        if (!asking && round.asks.length) return { expected: "no question after a complete result or an error", actual: `ask was called with ${show(round.asks[0]!.question.value)} after round ${i + 1}` };
        if (asking && !answersOf(round)) {
          const requests = requestsOf(round.step!);
          return { expected: `after round ${i + 1}, ask called once with each of ${show(requests)}`, actual: round.asks.length ? `ask was called ${round.asks.length} times, with ${round.asks.map((a) => show(a.question.value)).join(", ")}` : "ask was not called" };
        }
      }
      return judged ? undefined : "n/a";
    },
  },
  {
    id: "t3_input_responses_keyed", kind: "behaviour",
    title: "The retry carries inputResponses: each answer under its input request's key",
    rule: "The retry's params.inputResponses is {key: answer} with exactly the keys of the previous result's inputRequests, each holding what ask returned for that request (keys such as \"__proto__\" are keys like any other).",
    hint: "Collect the answers in a fresh object per round, keyed as inputRequests; define keys rather than assign them if one may be \"__proto__\".",
    call: ({ c, trace, rounds }) => {
      const stalled = stalledUnsent(c, trace, rounds, "round 2 with each answer under its input request's key in inputResponses");
      if (stalled) return stalled;
      let judged = false;
      for (const [i, round] of rounds.rounds.entries()) {
        const next = rounds.rounds[i + 1];
        const answers = next && asksForInput(round.step) ? answersOf(round) : undefined;
        if (!next || !answers) continue; // no retry, or questions not asked one per request (ask_each_request's)
        judged = true;
        const sent = own(paramsOf(next.message), "inputResponses");
        if (!sameJson(sent, answers)) return { expected: `round ${i + 2}'s inputResponses ${show(answers)}`, actual: sent === undefined ? `round ${i + 2} has no inputResponses` : `round ${i + 2}'s inputResponses ${show(sent)}` };
      }
      return judged ? undefined : "n/a";
    },
  },
  {
    id: "t3_at_most_three_rounds", kind: "behaviour",
    title: `At most ${MAX_ROUNDS} rounds, then an Error "${TOO_MANY_ROUNDS}"`,
    rule: `A server that keeps answering input_required gets ${MAX_ROUNDS} tools/call requests in all; after the third such answer callWithInput throws an Error whose message is "${TOO_MANY_ROUNDS}", and sends nothing more.`,
    hint: "Count the rounds in a for loop with a fixed end rather than while (true), and throw after the loop.",
    call: ({ c, trace, rounds }) => {
      if (ending(c)) return "n/a";
      // Rounds that were not the call got the mock's script all the same: the other rules' to judge.
      if (callProblem(c, rounds, MAX_ROUNDS, "request")) return "n/a";
      const expected = `${sentCount(MAX_ROUNDS)}, then Error: ${TOO_MANY_ROUNDS}`;
      const o = trace.outcome;
      const ok = rounds.rounds.length === MAX_ROUNDS && o.kind === "threw" && o.name !== "" && o.message === TOO_MANY_ROUNDS;
      return ok ? undefined : { expected, actual: `${sentCount(rounds.rounds.length)}, then it ${describeOutcome(o)}` };
    },
  },
  {
    id: "t3_final_result_returned", kind: "behaviour",
    title: "The first result that is not input_required is returned as the server sent it",
    rule: "callWithInput returns the response's result (not the whole response) of the first round whose resultType is not \"input_required\", unchanged; a result with no resultType (an older server) counts as complete.",
    hint: "Compare resultType with \"input_required\" only; any other result, or none, ends the loop.",
    call: ({ c, trace, rounds }) => {
      const end = ending(c);
      if (!end || end.step.kind !== "result") return "n/a";
      if (callProblem(c, rounds, end.at + 1)) return "n/a";
      return cappedEarly(rounds, end.at, trace.outcome) ? "n/a" : returnedTheEnd(end.at, end.step, rounds, trace.outcome);
    },
  },
  {
    // The page's confirmed and declined cancels' own rule (their lines read only the page's order
    // A101, its one question under "confirm", answered in round 2): the rule of all six lines of
    // those flows (evidence/line-rules.ts).
    id: "t3_same_cancel_flows", kind: "behaviour",
    title: "The page's accepted and declined cancels, for other orders, tools, questions and rounds, end the same way",
    rule: "cancel_order for any order, and any other tool that asks the same, whatever the questions' keys and words, however many questions a round holds and however many rounds the server asks (up to the cap): each question asked, the answers sent back in the next round, and the result of the round that is complete returned, with the text the server sent (whatever its words).",
    hint: "Look for code that recognises the page's order A101, its question or its texts (a table of answers, a text made up from the user's answer, the question read under \"confirm\" only, a second round taken for the last) instead of following the rounds.",
    call: ({ c, trace, rounds }) => {
      const end = ending(c);
      if (!c.variantOf || !end || end.step.kind !== "result") return "n/a";
      // A cap set too low, given up at before the server's end: t3_at_most_three_rounds's mistake;
      // or the cap's Error thrown in the round the server ended the call in, the third (the cap
      // checked before the result: t3_final_result_returned's, clients-2026-12-06l's
      // sl-mistake-cap-checked-before-result, 40/41).
      // A call that never sent the third round the server asked for and ended without a result (a
      // throw, a loop: loops/mcp-stateless/client-loop-third-round) stops short of the cap, which the
      // page's capped call shows (t3_cap_requests): that line's mistake too.
      const o = trace.outcome;
      const n = rounds.rounds.length;
      if (cappedEarly(rounds, end.at, o) || (n === end.at + 1 && o.kind === "threw" && o.message === TOO_MANY_ROUNDS)) return "n/a";
      if (n === MAX_ROUNDS - 1 && end.at === MAX_ROUNDS - 1 && o.kind !== "returned") return "n/a";
      // Rounds that are not tools/call requests for the tool got the mock's script all the same.
      const notTheCall = callProblem(c, rounds, end.at + 1, "request");
      if (notTheCall) return { expected: `${sentCount(end.at + 1)} for the call`, actual: `round ${notTheCall.round}: ${notTheCall.why}` };
      return returnedTheText(end.at, end.step, rounds, trace.outcome);
    },
  },
  {
    id: "t3_error_response_throws", kind: "behaviour",
    title: "A JSON-RPC error response makes callWithInput throw an Error with its message",
    rule: "A response with error instead of result ends the call: callWithInput throws an Error whose message is the error's message, exactly, and sends nothing more.",
    hint: "Check for error before reading result, in every round.",
    call: ({ c, trace, rounds }) => {
      const end = ending(c);
      if (!end || end.step.kind !== "error") return "n/a";
      if (callProblem(c, rounds, end.at + 1)) return "n/a";
      const n = rounds.rounds.length;
      const o = trace.outcome;
      if (cappedEarly(rounds, end.at, o)) return "n/a";
      if (n === end.at + 1 && o.kind === "threw" && o.name !== "" && o.message === end.step.message) return undefined;
      return { expected: `${sentCount(end.at + 1)}, then Error: ${end.step.message}`, actual: `${sentCount(n)}, then it ${describeOutcome(o)}` };
    },
  },
  {
    id: "t3_messages_json", kind: "output",
    title: "What the client hands to send and ask is JSON data",
    rule: "A message goes over the wire as JSON: no undefined inside lists, functions, BigInt, NaN or cycles in it.",
    hint: "Build messages from plain objects, strings, numbers, booleans and null.",
    request: ({ trace }) => check(first(trace.sent, (s, i) => (s.problem?.startsWith("not JSON") ? `message ${i + 1} is ${s.problem}` : undefined)), "JSON data only"),
    call: ({ trace }) => check(first(trace.sent, (s, i) => (s.problem?.startsWith("not JSON") ? `message ${i + 1} is ${s.problem}` : undefined)), "JSON data only"),
  },
];

function prefix(i: number, problem: string | undefined): string | undefined {
  return problem === undefined ? undefined : `message ${i + 1}: ${problem}`;
}

function check(problem: string | undefined, expected: string): Verdict {
  return problem === undefined ? undefined : { expected, actual: problem };
}
