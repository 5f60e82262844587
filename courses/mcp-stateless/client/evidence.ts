// Task 3's evidence lines, each with how its value is computed from what the client did on the
// fixtures (the record of what it sent, what it returned or threw) and a diagnosis of a wrong
// value. Accepted values come from the grader's own mock script (cases.ts), never typed
// in; the test pins them as literals.
import type { EvidenceLine } from "../../../src/pack/types.js";
import { FIXTURE_CALLS, FIXTURE_REQUESTS, type FixtureCall } from "./cases.js";
import {
  CLIENT_CAPABILITIES, META_CAPABILITIES, firstText, META_CLIENT_INFO, META_VERSION, describeType, isRecord, metaOf, metaProblem, own,
  pageCapabilities, paramsOf, sameJson, sortedJson,
} from "./messages.js";
import { answersOf, callProblem, describeOutcome } from "./rules.js";
import { SERVER, replyTo, type CallTrace, type Rounds, type Sent } from "./trace.js";
import { MAX_ROUNDS, PROTOCOL_VERSION, TOO_MANY_ROUNDS, asksForInput, record, requestsOf, type ServerStep } from "./mock-server.js";
import type { CallCase } from "./cases.js";

/** What the fixture runs left: request's calls, in FIXTURE_REQUESTS's order, and each fixture call of callWithInput. */
export interface ClientFixtures {
  requests: CallTrace[];
  calls: Record<FixtureCall, { trace: CallTrace; rounds: Rounds }>;
}

/** The line's value cannot be computed: why, in the student's terms. */
export class Missing extends Error {}
const need: (ok: unknown, why: string) => asserts ok = (ok, why) => { if (!ok) throw new Missing(why); };

export interface ClientEvidence {
  line: EvidenceLine;
  /** The fixture run the line reads ("request", or a fixture call of callWithInput). */
  run: "request" | FixtureCall;
  compute: (fx: ClientFixtures) => string;
  /**
   * What the student most likely got wrong, when the value is not the accepted one: from the
   * value alone, or (with the fixture runs, when there were any) from what the code did.
   */
  diagnose?: (actual: string | undefined, fx?: ClientFixtures) => string | undefined;
  /** The line whose mistake this one only shows again, and when: then, that line wrong too, this one is charged there. */
  readsThrough?: readonly { line: string; when(fx: ClientFixtures): boolean }[];
}

const index = (method: string): number => FIXTURE_REQUESTS.cases.findIndex((c) => c.method === method);

function messageFor(fx: ClientFixtures, method: string): Sent {
  const trace = fx.requests[index(method)]!;
  const sent = trace.sent.find((s) => s.peer === SERVER);
  need(sent, `request(${JSON.stringify(method)}, …) sent nothing to send; it ${describeOutcome(trace.outcome)}`);
  need(isRecord(sent.value), `request(${JSON.stringify(method)}, …) handed send ${describeType(sent.value)}, not the request object`);
  return sent;
}

const metaField = (fx: ClientFixtures, method: string, key: string): unknown => {
  const meta = metaOf(messageFor(fx, method));
  need(isRecord(meta), `the ${method} request has no params._meta object`);
  return own(meta, key);
};

const toServer = (trace: CallTrace): Sent[] => trace.sent.filter((s) => s.peer === SERVER);

/**
 * Whether every request whose _meta is wrong carries the tools/list request's _meta, as it is:
 * one _meta written wrong once (a capability, a version) and sent with every request, which the
 * lines reading that request's _meta show (helper 99's client-capabilities-no-form and
 * client-old-protocol-version lost four points each to the lines of every request).
 */
function sameMetaEverywhere(fx: ClientFixtures): boolean {
  let meta: unknown;
  try { meta = metaOf(messageFor(fx, "tools/list")); } catch (error) { if (error instanceof Missing) return false; throw error; }
  if (!isRecord(meta)) return false;
  return sentByAll(fx).every((s) => metaProblem(s) === undefined || sameJson(metaOf(s), meta));
}
/** Every message the fixtures' requests and calls sent to the server. */
const sentByAll = (fx: ClientFixtures): Sent[] => [...fx.requests, ...Object.values(fx.calls).map((c) => c.trace)].flatMap(toServer);
/**
 * Whether every request whose _meta is wrong has no _meta at all: _meta left out, everywhere or
 * everywhere but where the client remembered it (helper 105's sl-mistake-meta-once-per-module and
 * its cheat's honest price, a client with no _meta, lost 5 and 6 points to the lines of each field).
 * The version's line shows it; the other fields' lines read through it.
 */
function metaLeftOut(fx: ClientFixtures): boolean {
  const wrong = sentByAll(fx).filter((s) => metaProblem(s) !== undefined);
  return wrong.length > 0 && wrong.every((s) => isRecord(paramsOf(s)) && own(paramsOf(s), "_meta") === undefined);
}
const META_LINES = ["t3_request_meta_version", "t3_request_capabilities", "t3_client_info"];
const throughMeta = META_LINES.map((line) => ({ line, when: (fx: ClientFixtures) => sameMetaEverywhere(fx) || metaLeftOut(fx) }));
const throughVersion = [{ line: META_LINES[0]!, when: metaLeftOut }];
const rounds = (fx: ClientFixtures, c: FixtureCall): Rounds => fx.calls[c].rounds;

/** Where the fixture's call ends: the round (from 0) whose step is not input_required, within the cap. */
const endOf = (c: FixtureCall): number => {
  const i = (FIXTURE_CALLS[c].server as ServerStep[]).findIndex((s) => !asksForInput(s));
  return i < 0 || i >= MAX_ROUNDS ? MAX_ROUNDS - 1 : i;
};

/**
 * The mock answers its script whatever it is sent: what a fixture call got back (and so what it
 * returned or threw) counts only when the rounds it sent, up to where the call ends, were the call.
 */
function needTheCall(fx: ClientFixtures, c: FixtureCall, what: string, level: "request" | "call" = "call"): void {
  const r = rounds(fx, c);
  need(r.rounds.length > 0, `callWithInput on "${FIXTURE_CALLS[c].label}" sent nothing to the server, so ${what} is not an answer to the call`);
  const wrong = callProblem(FIXTURE_CALLS[c] as CallCase, r, endOf(c) + 1, level);
  need(!wrong, `${wrong?.why ?? ""}: the mock server answers whatever it is sent, so ${what} is not the answer to the call`);
}

/**
 * Whether a page call's rounds were its tools/call requests but one sent its arguments otherwise
 * (the error call's {} left out, say): what the line reads is then no answer to the call, and the
 * arguments are t3_same_call_each_round's rule (task3.ts chargeArgumentsLines).
 */
export function argumentsSentOtherwise(fx: ClientFixtures, run: ClientEvidence["run"]): boolean {
  if (run === "request") return false;
  const r = rounds(fx, run);
  return !callProblem(FIXTURE_CALLS[run] as CallCase, r, endOf(run) + 1, "request") && / sent arguments /.test(callProblem(FIXTURE_CALLS[run] as CallCase, r, endOf(run) + 1, "call")?.why ?? "");
}

/** The page's runs whose requests need ids of their own: request's calls, and each callWithInput's rounds. */
const idRuns = (fx: ClientFixtures): { who: string; sent: Sent[] }[] => [
  { who: "request", sent: fx.requests.flatMap(toServer) },
  ...(Object.keys(fx.calls) as FixtureCall[]).map((c) => ({ who: `callWithInput on "${FIXTURE_CALLS[c].label}"`, sent: toServer(fx.calls[c].trace) })),
];
const distinctIds = (sent: readonly Sent[]): boolean => {
  const ids = sent.map((s) => own(s.value, "id"));
  return ids.every((id) => id !== undefined && id !== null) && new Set(ids).size === ids.length;
};

/** A count of rounds as a line reads it: the number, with the first round that was not a tools/call request for the call's tool. */
function roundCount(fx: ClientFixtures, c: FixtureCall): string {
  const r = rounds(fx, c);
  const wrong = callProblem(FIXTURE_CALLS[c] as CallCase, r, endOf(c) + 1, "request");
  return wrong ? `${r.rounds.length} (round ${wrong.round} is not the call)` : String(r.rounds.length);
}
const notTheCall = (actual: string | undefined, fx: ClientFixtures | undefined, c: FixtureCall): string | undefined => {
  if (!fx || !actual?.includes("is not the call")) return undefined;
  const wrong = callProblem(FIXTURE_CALLS[c] as CallCase, rounds(fx, c), endOf(c) + 1, "request");
  return wrong ? `Only requests of the call count: ${wrong.why}. Each round is a tools/call request for the call's tool.` : undefined;
};

/** The fixture calls that sent nothing to the server: a line about what was sent cannot be earned by sending nothing. */
function silentCalls(fx: ClientFixtures): string[] {
  return [
    ...fx.requests.flatMap((t, i) => (toServer(t).length ? [] : [`request(${JSON.stringify(FIXTURE_REQUESTS.cases[i]!.method)}, …)`])),
    ...(Object.keys(fx.calls) as FixtureCall[]).flatMap((c) => (toServer(fx.calls[c].trace).length ? [] : [`callWithInput on "${FIXTURE_CALLS[c].label}"`])),
  ];
}
const FIXTURE_CALL_COUNT = FIXTURE_REQUESTS.cases.length + Object.keys(FIXTURE_CALLS).length;
const silentValue = (fx: ClientFixtures): string | undefined => {
  const silent = silentCalls(fx);
  if (!silent.length) return undefined;
  return silent.length === FIXTURE_CALL_COUNT ? "nothing sent" : `nothing sent by ${silent.length} of ${FIXTURE_CALL_COUNT} fixture calls`;
};
const diagnoseSilent = (actual: string | undefined, fx: ClientFixtures | undefined): string | undefined =>
  actual?.startsWith("nothing sent") && fx ? `Nothing was sent to the server by ${silentCalls(fx).join(", ")}: every call of request sends its message, and every call of callWithInput sends tools/call.` : undefined;

function returnedText(fx: ClientFixtures, c: FixtureCall): string {
  const o = fx.calls[c].trace.outcome;
  need(o.kind === "returned", `callWithInput on "${FIXTURE_CALLS[c].label}" ${describeOutcome(o)}`);
  const text = firstText(o.value);
  need(text !== undefined, `what callWithInput returned has no content[0].text (it is ${describeType(o.value)}${isRecord(o.value) && Object.hasOwn(o.value, "result") ? ", a whole response" : ""})`);
  // The server's text comes back only in the round that ends the call: a text returned before that
  // round was sent is not the server's (a client that asks, then makes the answer up, never retrying).
  const sent = rounds(fx, c).rounds.length;
  need(sent > endOf(c), `callWithInput on "${FIXTURE_CALLS[c].label}" returned a text after ${sent} request${sent === 1 ? "" : "s"}, before the round the server ends the call in (${endOf(c) + 1}): it is not the server's answer`);
  return text;
}

/** The result the fixture call's server ends it with. */
const finalResult = (c: FixtureCall): unknown => (FIXTURE_CALLS[c].server.at(-1) as { result?: unknown }).result;

/**
 * Which part around or inside the server's final result the call returned instead of that result:
 * the response holding it, its content, the content's first block, that block's text, its
 * structuredContent; undefined where it returned none of them (the result itself included).
 */
function partReturned(fx: ClientFixtures, c: FixtureCall): string | undefined {
  const o = fx.calls[c].trace.outcome;
  if (o.kind !== "returned") return undefined;
  const result = finalResult(c);
  const content = own(result, "content");
  const first = Array.isArray(content) ? content[0] : undefined;
  const parts: [string, (v: unknown) => boolean][] = [
    ["response", (v) => sameJson(own(v, "result"), result)],
    ["content", (v) => content !== undefined && sameJson(v, content)],
    ["first block", (v) => first !== undefined && sameJson(v, first)],
    ["text", (v) => own(first, "text") !== undefined && v === own(first, "text")],
    ["structuredContent", (v) => own(result, "structuredContent") !== undefined && sameJson(v, own(result, "structuredContent"))],
  ];
  return parts.find(([, is]) => is(o.value))?.[0];
}

/** Both calls returned the same part of their final result instead of it: one mistake (returning the response, or result.content, from callWithInput). */
const samePartReturned = (fx: ClientFixtures): boolean => { const part = partReturned(fx, "accept"); return part !== undefined && part === partReturned(fx, "decline"); };

/**
 * The call's rounds were tools/call requests for its tool and it returned the final result, but a
 * retry changed the name or arguments, or left the answers out: that retry line's mistake, read
 * again by what the call returned (the mock answers whatever it is sent).
 */
/**
 * Whether the confirmed cancel's retry holds, under each key of the first answer's inputRequests
 * in order, what the ask made for it returned: one ask per key, whatever it was asked with.
 */
function sentWhatAskReturned(fx: ClientFixtures): boolean {
  const [one, two] = rounds(fx, "accept").rounds;
  if (!one?.step || !two) return false;
  const keys = Object.keys(requestsOf(one.step));
  if (one.asks.length !== keys.length || one.asks.some((a) => a.answer === undefined)) return false;
  return sameJson(own(paramsOf(two.message), "inputResponses"), record(keys.map((k, i) => [k, one.asks[i]!.answer!])));
}

/**
 * Whether the confirmed cancel's first round asked each input request more than once, and its retry
 * holds, under exactly the inputRequests' keys, what one of that request's asks returned: questions
 * asked again, which t3_ask_calls counts (helper 105's sl-mistake-ask-twice-per-key lost the retry's
 * line and the texts beside it).
 */
function askedAgain(fx: ClientFixtures): boolean {
  const [one, two] = rounds(fx, "accept").rounds;
  if (!one?.step || !two) return false;
  const requests = requestsOf(one.step);
  const keys = Object.keys(requests);
  const sent = own(paramsOf(two.message), "inputResponses");
  if (one.asks.length <= keys.length || !isRecord(sent) || !sameJson(Object.keys(sent).sort(), [...keys].sort())) return false;
  return keys.every((k) => one.asks.some((a) => sameJson(a.question.value, requests[k]) && a.answer !== undefined && sameJson(sent[k], a.answer)));
}

/**
 * Whether the confirmed cancel never called ask, and still retried: what its retry carries cannot
 * be what ask returned, so the line shows t3_ask_calls's mistake again (a client answering every
 * question {"action": "cancel"} itself lost both lines: cheats-round-2026-12-07i
 * sl-client-ask-one-boolean-forms-honest).
 */
function neverAsked(fx: ClientFixtures): boolean {
  const r = rounds(fx, "accept");
  return r.rounds.length >= 2 && r.early.length === 0 && r.rounds.every((round) => round.asks.length === 0);
}

const retriedOtherwise = (c: FixtureCall, line: "t3_retry_same_call" | "t3_retry_input_responses"): { line: string; when(fx: ClientFixtures): boolean } => ({
  line,
  when: (fx) => {
    const o = fx.calls[c].trace.outcome;
    const r = rounds(fx, c);
    return o.kind === "returned" && sameJson(o.value, finalResult(c))
      && r.rounds.length === endOf(c) + 1 && !callProblem(FIXTURE_CALLS[c] as CallCase, r, endOf(c) + 1, "request");
  },
});

/** The error call sent as tools/call for its tool, its arguments written otherwise, and threw the server's message: the arguments' mistake, t3_retry_same_call's line. */
const thrownWithArgumentsOtherwise = { line: "t3_retry_same_call", when: (fx: ClientFixtures): boolean => {
  const o = fx.calls.error.trace.outcome;
  const r = rounds(fx, "error");
  return o.kind === "threw" && o.message === ERROR_MESSAGE && r.rounds.length === endOf("error") + 1 && !callProblem(FIXTURE_CALLS.error as CallCase, r, endOf("error") + 1, "request");
} };

function thrownMessage(fx: ClientFixtures, c: FixtureCall): string {
  const o = fx.calls[c].trace.outcome;
  need(o.kind === "threw", `callWithInput on "${FIXTURE_CALLS[c].label}" ${describeOutcome(o)}, instead of throwing an Error`);
  return o.message;
}

const finalText = (step: ServerStep | undefined): string => {
  const text = step?.kind === "result" ? firstText(step.result) : undefined;
  if (text === undefined) throw new Error("the fixture's last step is not a text result");
  return text;
};
const { accept, decline, error } = FIXTURE_CALLS;
const errorStep = error.server[0]!;
const ERROR_MESSAGE = errorStep.kind === "error" ? errorStep.message : "";
const acceptAnswers = Object.fromEntries(Object.keys(requestsOf(accept.server[0]!)).map((k, i) => [k, accept.answers[i]]));

const line = (key: string, title: string, accepted: string | number, hint: string): EvidenceLine => ({ key, task: "task3", title, accepted: String(accepted), hint });
const returnsInstead = (fx: ClientFixtures, c: FixtureCall): string | undefined => {
  const o = fx.calls[c].trace.outcome;
  if (o.kind !== "returned") return undefined;
  if (own(o.value, "resultType") === "input_required") return "callWithInput returned a result whose resultType is \"input_required\": that is the server's question. Ask the user, retry with inputResponses, and return the result that ends the call.";
  if (isRecord(o.value) && Object.hasOwn(o.value, "result")) return "callWithInput returned the whole response: it returns the response's result.";
  const part = partReturned(fx, c);
  return part ? `callWithInput returned the result's ${part}, not the result: it returns the whole result ({content, isError, ...}).` : undefined;
};

export const CLIENT_EVIDENCE: ClientEvidence[] = [
  {
    line: line("t3_request_keys", "A request has exactly jsonrpc, id, method and params", "id,jsonrpc,method,params",
      "request builds {jsonrpc: \"2.0\", id, method, params} and nothing else; the _meta goes inside params."),
    run: "request",
    compute: (fx) => Object.keys(messageFor(fx, "tools/list").value as object).sort().join(","),
    diagnose: (actual) => actual?.split(",").includes("_meta") ? "_meta belongs inside params, not beside it: params: {...params, _meta}." : undefined,
  },
  {
    line: line("t3_request_meta_version", "The request says which protocol version it speaks", PROTOCOL_VERSION,
      `Every request's params._meta["${META_VERSION}"] names the version this client speaks, the stateless one.`),
    run: "request",
    compute: (fx) => String(metaField(fx, "tools/list", META_VERSION)),
    diagnose: (actual) => actual === "undefined" ? `The request's _meta has no "${META_VERSION}" key: spell the key in full, with its io.modelcontextprotocol/ prefix.`
      : actual !== undefined && actual !== PROTOCOL_VERSION ? "That is not the version of the stateless protocol this course follows: use PROTOCOL_VERSION from grade/course." : undefined,
  },
  {
    line: line("t3_request_capabilities", "The request declares the client's capabilities", sortedJson(CLIENT_CAPABILITIES),
      `Capabilities are declared per request now: _meta["${META_CAPABILITIES}"] says this client answers form elicitations.`),
    run: "request",
    // The specification's other spelling of the same declaration read as the page's (messages.ts declaresForm).
    compute: (fx) => sortedJson(pageCapabilities(metaField(fx, "tools/list", META_CAPABILITIES))),
    readsThrough: throughVersion,
  },
  {
    line: line("t3_client_info", "The request names the client: clientInfo with name and version", "true",
      `_meta["${META_CLIENT_INFO}"] is {name, version}, both strings.`),
    run: "request",
    compute: (fx) => {
      const info = metaField(fx, "tools/list", META_CLIENT_INFO);
      return String(typeof own(info, "name") === "string" && typeof own(info, "version") === "string");
    },
    readsThrough: throughVersion,
  },
  {
    line: line("t3_discover_meta", "server/discover carries _meta too", "true",
      "The 2026-07-28 schema's DiscoverRequest requires params._meta like every other request: do not leave it out for server/discover."),
    run: "request",
    compute: (fx) => String(metaProblem(messageFor(fx, "server/discover")) === undefined),
    readsThrough: throughMeta,
    diagnose: (actual) => actual === "false" ? "The server/discover request lacks part of _meta. Some older code leaves _meta off it, but in the 2026-07-28 schema DiscoverRequest's params require _meta with protocolVersion and clientCapabilities." : undefined,
  },
  {
    line: line("t3_requests_without_meta", "Requests besides server/discover (retries included) that lack a _meta field", 0,
      "Every message request sends, and so every round of callWithInput, carries the three _meta fields."),
    run: "request",
    compute: (fx) => {
      const silent = silentValue(fx);
      if (silent) return silent;
      // server/discover's _meta is t3_discover_meta's line (the page leaves it off there): one mistake, one line.
      const discover = fx.requests[index("server/discover")];
      const all = [...fx.requests.filter((t) => t !== discover), ...Object.values(fx.calls).map((c) => c.trace)].flatMap(toServer);
      return String(all.filter((s) => metaProblem(s) !== undefined).length);
    },
    diagnose: (actual, fx) => diagnoseSilent(actual, fx) ?? (Number(actual) > 0 ? "Some messages lack protocolVersion, clientCapabilities or clientInfo in params._meta: a retry built without going through request, say." : undefined),
    readsThrough: throughMeta,
  },
  {
    line: line("t3_ids_distinct", "No two requests share an id", "true",
      "Each request gets a new id (a counter kept outside the function), and a retry is a new request."),
    run: "request",
    // The run that repeats an id, named: request's own calls, or one callWithInput's rounds (a retry
    // reusing its call's id: slips-round-2026-12-08s sl-mistake-retry-reuses-call-id was told request's four distinct ids).
    diagnose: (actual, fx) => diagnoseSilent(actual, fx) ?? (actual !== "false" || !fx ? undefined : (() => {
      const run = idRuns(fx).find((r) => !distinctIds(r.sent));
      return run ? `The ids ${run.who} sent were ${run.sent.map((s) => JSON.stringify(own(s.value, "id")) ?? "missing").join(", ")}: each request needs one of its own.` : undefined;
    })()),
    compute: (fx) => silentValue(fx) ?? String(idRuns(fx).every((r) => distinctIds(r.sent))),
  },
  {
    line: line("t3_request_returns_reply", "request returns the response it got", "true",
      "request returns what send returned, the whole response, unchanged."),
    run: "request",
    // The reply counts only as the response to a request for the method given (the mock answers anything).
    compute: (fx) => String(fx.requests.every((t, i) => {
      const sent = toServer(t);
      return sent.length === 1 && own(sent[0]!.value, "method") === FIXTURE_REQUESTS.cases[i]!.method && t.outcome.kind === "returned" && sameJson(t.outcome.value, replyTo(FIXTURE_REQUESTS.reply, sent[0]!));
    })),
    diagnose: (actual, fx) => {
      if (actual !== "false" || !fx) return undefined;
      const i = fx.requests.findIndex((t, j) => toServer(t).length !== 1 || own(toServer(t)[0]!.value, "method") !== FIXTURE_REQUESTS.cases[j]!.method);
      if (i < 0) return undefined;
      const n = toServer(fx.requests[i]!).length;
      return `request(${JSON.stringify(FIXTURE_REQUESTS.cases[i]!.method)}, …) sent ${n === 1 ? "a message that is not a request for that method" : `${n} messages`}: request sends one request for its method and returns send's answer to it.`;
    },
  },
  {
    line: line("t3_rounds", "Requests sent for the confirmed cancel", accept.server.findIndex((s) => !asksForInput(s)) + 1,
      "The first answer is input_required: ask, then send the same call again; the second answer is complete, so stop there."),
    run: "accept",
    compute: (fx) => roundCount(fx, "accept"),
    diagnose: (actual, fx) => notTheCall(actual, fx, "accept") ?? (actual === "1" ? "callWithInput stopped after the first answer, whose resultType is \"input_required\": that answer is a question, not the result. Ask, then retry." : undefined),
  },
  {
    line: line("t3_ask_calls", "Questions put to the user for the confirmed cancel", accept.server.reduce((n, s) => n + Object.keys(requestsOf(s)).length, 0),
      "ask is called once for each entry of inputRequests."),
    run: "accept",
    // An ask counts when it put one of the server's input requests, as sent, after the answer that held it.
    compute: (fx) => {
      const r = rounds(fx, "accept");
      let asked = 0;
      let other = r.early.length;
      for (const round of r.rounds) {
        const requests = round.step ? Object.values(requestsOf(round.step)) : [];
        for (const a of round.asks) if (requests.some((q) => sameJson(a.question.value, q))) asked++; else other++;
      }
      return other ? `${asked} (and ${other} not with the server's input request)` : String(asked);
    },
    diagnose: (actual) => actual?.includes("not with the server's input request") ? "ask is called with each entry of the answer's inputRequests, as the server sent it, after that answer: not before the first request, not with anything else." : actual === "0" ? "ask was never called: each input request is a question for the user, and its answer goes into the retry." : undefined,
  },
  {
    line: line("t3_retry_same_call", "The retry repeats the call's name and arguments", "true",
      "The retry is the same tools/call: the same name and arguments, with inputResponses added."),
    run: "accept",
    compute: (fx) => {
      const [one, two] = rounds(fx, "accept").rounds;
      need(one && two, "there was no retry");
      const p = [paramsOf(one.message), paramsOf(two.message)];
      return String(p.every((x) => own(x, "name") === accept.name && sortedJson(own(x, "arguments")) === sortedJson(accept.args)));
    },
  },
  {
    line: line("t3_retry_input_responses", "The retry's inputResponses", sortedJson(acceptAnswers),
      "inputResponses holds, under each key of inputRequests, what ask returned for that request."),
    run: "accept",
    compute: (fx) => {
      const [one, two] = rounds(fx, "accept").rounds;
      need(one && two, "there was no retry");
      const sent = own(paramsOf(two.message), "inputResponses");
      need(sent !== undefined, "the retry has no params.inputResponses");
      // What ask returned for the server's questions: answers to questions it was not asked are not theirs.
      return answersOf(one) ? sortedJson(sent) : `${sortedJson(sent)} (ask was not asked each input request)`;
    },
    diagnose: (_actual, fx) => {
      if (!fx) return undefined;
      const [one, two] = rounds(fx, "accept").rounds;
      if (!one || !two || answersOf(one)) return undefined;
      return sentWhatAskReturned(fx) ? "ask was called once per input request, but not with the request itself (t3_ask_calls says with what); under each key the retry holds what ask returned." : "ask was not called once per input request, so the answers could not all be sent.";
    },
    // ask called once per key, in the keys' order, but with something else than the server's
    // request (its params, say), and each answer sent under its key: the one mistake is how ask
    // was called, t3_ask_calls's (client-asks-with-params).
    // Or ask never called at all: nothing ask returned could be sent.
    readsThrough: [{ line: "t3_ask_calls", when: (fx) => sentWhatAskReturned(fx) || askedAgain(fx) || neverAsked(fx) }],
  },
  {
    line: line("t3_final_text", "What the confirmed cancel returns", finalText(accept.server.at(-1)),
      "callWithInput returns the result of the round that is complete."),
    run: "accept",
    compute: (fx) => { needTheCall(fx, "accept", "what it returned"); return returnedText(fx, "accept"); },
    diagnose: (_actual, fx) => (fx ? returnsInstead(fx, "accept") : undefined),
    readsThrough: [retriedOtherwise("accept", "t3_retry_same_call"), retriedOtherwise("accept", "t3_retry_input_responses")],
  },
  {
    line: line("t3_declined_text", "What the declined cancel returns", finalText(decline.server.at(-1)),
      "A declined question is still an answer: send it in inputResponses and return what the server says then."),
    run: "decline",
    compute: (fx) => { needTheCall(fx, "decline", "what it returned"); return returnedText(fx, "decline"); },
    diagnose: (_actual, fx) => (fx ? returnsInstead(fx, "decline") : undefined),
    // Both calls returning the same part of the result's response (the whole response, the
    // content list...), not the result, is one mistake (slips-round-2026-12-08s sl-mistake-returns-content-only: 39).
    readsThrough: [{ line: "t3_final_text", when: samePartReturned }, retriedOtherwise("decline", "t3_retry_same_call"), retriedOtherwise("decline", "t3_retry_input_responses")],
  },
  {
    line: line("t3_round_cap", "A server that never stops asking ends in the Error", TOO_MANY_ROUNDS,
      `After ${MAX_ROUNDS} rounds answered input_required, callWithInput throws new Error("${TOO_MANY_ROUNDS}").`),
    run: "cap",
    compute: (fx) => { needTheCall(fx, "cap", "what it threw", "request"); return thrownMessage(fx, "cap"); },
    diagnose: (_actual, fx) => {
      const n = fx ? rounds(fx, "cap").rounds.length : 0;
      return n > MAX_ROUNDS ? `callWithInput sent ${n} requests to a server that kept asking (the grader's mock stops answering after a while): stop after ${MAX_ROUNDS} rounds and throw.` : undefined;
    },
    // No cap at all: the Error is missing because the call never stopped, t3_cap_requests's mistake.
    // Or the call ended before its third round without a result (a throw, a loop stopped at its
    // budget): the Error is missing because the rounds stopped short, the same mistake. A call that
    // returns a result it made up instead of retrying is not: that is its own (game-client-fabricates).
    readsThrough: [{ line: "t3_cap_requests", when: (fx) => {
      const n = rounds(fx, "cap").rounds.length;
      return n > MAX_ROUNDS || (n > 0 && n < MAX_ROUNDS && fx.calls.cap.trace.outcome.kind !== "returned");
    } }],
  },
  {
    line: line("t3_cap_requests", "Requests sent to a server that never stops asking", MAX_ROUNDS,
      `At most ${MAX_ROUNDS} rounds: the third input_required answer ends the call, with no fourth request.`),
    run: "cap",
    compute: (fx) => roundCount(fx, "cap"),
    diagnose: (actual, fx) => {
      const wrong = notTheCall(actual, fx, "cap");
      if (wrong) return wrong;
      const n = Number(actual);
      if (n > MAX_ROUNDS) return `More than ${MAX_ROUNDS} requests: count the rounds and stop after the third input_required answer, even if the server would go on asking.`;
      if (n < MAX_ROUNDS) return `Fewer than ${MAX_ROUNDS} requests: the cap is ${MAX_ROUNDS} rounds, so the third request is still sent.`;
      return undefined;
    },
  },
  {
    line: line("t3_error_message", "An unknown tool's error ends the call with its message", ERROR_MESSAGE,
      "A response with error instead of result: callWithInput throws an Error whose message is error.message."),
    run: "error",
    compute: (fx) => { needTheCall(fx, "error", "what it threw"); return thrownMessage(fx, "error"); },
    diagnose: (actual, fx) => actual?.includes(ERROR_MESSAGE)
      ? "The message must be the error's message and nothing else: no code, no prefix."
      : fx?.calls.error.trace.outcome.kind === "returned" ? "The server answered with a JSON-RPC error, and callWithInput returned instead of throwing: check for error before reading result." : undefined,
    // Arguments sent under another key in every call (args-key): the retry line shows it.
    readsThrough: [thrownWithArgumentsOtherwise],
  },
];
