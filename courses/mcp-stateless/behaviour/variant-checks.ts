// The fixtures' cases again with other ids and what their rules leave free: handle's answer to
// the page's request depends on the method, params and _meta by the rules, not on the id nor on
// the page's order, unknown name or key, and serve's answer to a line depends on the line, not on
// whether it is the page's. One check per evidence line that the other checks share
// (src/pack/score.ts): code that answers the fixtures from a table fails every one, and a wrong
// rule fails the check of its own line only. checkArgs's are in args-variants.ts.
import type { Random } from "../../../src/pack/random.js";
import { reversedKeys } from "../../../src/json/reversed-keys.js";
import type { BehaviourCheck } from "./check.js";
import { call, LINES, MESSAGES, messageIndex, request } from "../course/fixtures.js";
import { ORDERS } from "../course/index.js";
import { CLIENT_INFO_KEY, own, VERSION_KEY } from "./model.js";
import { NOT_JSON_LIKE_PAGE } from "../../../src/pack/line-by-line.js";
import { latePageBadCalls } from "./late-arguments.js";
import { everyOtherFromOtherClients, fromOtherClient } from "./other-clients.js";
import { badArguments, OTHER_METHODS, PAGE_REQUESTS, ruleRequest, unknownOrder, unknownTool } from "./rule-draws.js";

const at = (list: unknown, i: number): unknown => (Array.isArray(list) ? list[i] : undefined);

/** The page's lines with every id changed: the same answers, each with its own id. */
function relabelled(random: Random): string[] {
  const lines = LINES.map((line) => {
    let message: unknown;
    try { message = JSON.parse(line); } catch { return line; }
    if (message === null || typeof message !== "object" || !("id" in message)) return line;
    return JSON.stringify({ ...message, id: random.int(100, 999) });
  });
  // One or two more lines, notifications as the page's (answered by nothing) but each its own
  // text: the log's numbers and the parse errors' places move, so a log or an out copied from the
  // page's run does not fit. Not a copy of a page line: a line met twice is where a log numbered
  // by indexOf shows, which no page line shows, and it took all three lines' points
  // (stateless-round-2026-12-06u m-serve-log-indexof-repeats: t4_messages' case).
  for (let n = random.int(1, 2); n > 0; n--) {
    const at = random.int(0, lines.length);
    const requestId = 200 + 10 * n + ["", "   ", "{not json"].indexOf(random.pick(["", "   ", "{not json"]));
    lines.splice(at, 0, JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId } }));
  }
  return lines;
}

/** One of the page's kinds of request under `id` (drawn after the id). */
const pageRequest = (random: Random, id: number): Record<string, unknown> => random.pick(PAGE_REQUESTS)(random, id);

/**
 * The four requests of a same-kind list, shuffled: one of the page's kinds, a call with bad
 * arguments, an unknown tool or method, an unknown order or an old version (rule-draws.ts). A
 * table of handle's answers to the page's requests with a few shapes made general (a known or
 * unknown order, a method not found) kept all three lines while the lists held only the page's
 * kinds; serve is judged against the student's own handle, so any request it answers is fair.
 */
function fourRequests(random: Random): string[] {
  const id = (): number => random.int(100, 999);
  const made = [pageRequest(random, id()), ...[0, 1, 2].map((kind) => ruleRequest(random, id(), kind))];
  for (let i = made.length - 1; i > 0; i--) { const j = random.int(0, i); [made[i], made[j]] = [made[j]!, made[i]!]; }
  return made.map((m) => JSON.stringify(m));
}


/**
 * The page's lines with each one swapped for another of its kind, in the same places: another
 * request, another notification, another text that is not JSON; the blank lines stay as they are
 * (other blanks are t4_blank_lines'). The same kinds give answers of the same shape, which a table of
 * the page's lines (even one that puts any id back) cannot give: only reading each line can.
 */
function sameKinds(random: Random): string[] {
  const requests = fourRequests(random);
  return LINES.map((line) => {
    if (line.trim() === "") return line;
    let message: unknown;
    try { message = JSON.parse(line); } catch { return random.pick(NOT_JSON_LIKE_PAGE); }
    if (message === null || typeof message !== "object" || !("id" in message)) {
      return JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: random.int(100, 999) } });
    }
    return requests.shift()!;
  });
}

export const TASK4_VARIANT_CHECKS: readonly BehaviourCheck[] = [
  {
    id: "t4_same_lines", task: "task4", title: "The page's lines with other ids (a blank or unreadable line more), or other lines of the same kinds, get answers of the same shape",
    rule: "Task 4 rules 1–4: each line is answered by what it is (blank, not JSON, a notification, a request for handle), whatever its id and text.",
    hint: "Look for code that recognises the page's exact lines (a table of answers) instead of handling each line.",
    inputs: (random) => [...Array.from({ length: 4 }, () => relabelled(random)), ...Array.from({ length: 2 }, () => sameKinds(random))],
  },
];

type Part = (answer: unknown) => unknown;
/** The result or the error, without the id and jsonrpc: t2_notifications and the schema checks judge those. */
const content: Part = (a) => ({ result: own(a, "result"), error: own(a, "error") });
const firstText = (a: unknown): unknown => own(at(own(own(a, "result"), "content"), 0), "text");
/** What t2_z9_text and t2_z9_is_error read: the text and isError (left out: false, as the spec reads it). */
const toolError: Part = (a) => ({ text: firstText(a), isError: own(own(a, "result"), "isError") ?? false });
/** What t2_bad_args_text reads: the text alone (isError is t2_z9_is_error's rule). */
const textOnly: Part = (a) => firstText(a) ?? null;
/**
 * What t2_a100_structured reads of the order, its status aside: the orders' statuses change as the
 * session cancels them, so a cancel's mistake earlier in the run would read through (the cancel's
 * own rules charge it).
 */
const orderOf: Part = (a) => {
  const order = own(own(a, "result"), "structuredContent");
  if (order === null || typeof order !== "object" || Array.isArray(order)) return order ?? null;
  const { status: _status, ...rest } = order as Record<string, unknown>;
  return rest;
};
/**
 * What both old-version lines share: the refusal's code. Its data (the data line's) is
 * t2_version_data's on every refusal, other old versions included, and the message's repr of the
 * version t2_version_check's: read here, a data mistake the page's example does not show
 * (requested copied from it) would take the code line's point too.
 */
const refusal: Part = (a) => own(own(a, "error"), "code") ?? null;
/** What the envelope lines read: resultType, serverInfo in _meta, the cache hints; an answer without a result has none. */
const envelope: Part = (a) => a ?? null;

/**
 * How varied() draws a check's requests: otherMethod, the old version's request on the methods
 * besides tools/list; pageShapes, the unknown order in the page's shape (Z and digits).
 */
interface Draw { otherMethod?: true; pageShapes?: true }

/** handle's fixture requests by id, each varied (varied() below): what its line reads, the same. */
const HANDLE_VARIANTS: ({ id: string; fixtures: number[]; title: string; rule: string; part?: Part; compare?: "envelope" | "version" } & Draw)[] = [
  { id: "t2_same_discover", fixtures: [1], title: "The page's server/discover with other ids gets the same answer", rule: "Rule 3: server/discover lists the supported versions, the capabilities and serverInfo, under the request's own id." },
  { id: "t2_same_tools_list", fixtures: [2], title: "The page's tools/list with other ids lists the same tools", rule: "Rule 4: tools/list lists TOOLS in their order, under the request's own id." },
  { id: "t2_same_a100", fixtures: [3], part: orderOf, title: "The page's call for order A100, for a known order under other ids, returns that order", rule: "Rule 6: get_order_status of a known order returns it as structuredContent and as text, under the request's own id." },
  { id: "t2_same_z9", fixtures: [4], part: toolError, title: "The page's call for the unknown order Z9, for other unknown orders under other ids, is the same tool error", rule: "Rule 6: an unknown order is a result with isError true and the page's text, under the request's own id." },
  { id: "t2_same_bad_args", fixtures: [5], part: textOnly, title: "The page's call with bad arguments, with another unexpected key under other ids, reports the same problems", rule: "Rule 5: arguments checkArgs finds problems in give a tool error with its problems, under the request's own id." },
  { id: "t2_same_unknown_tool", fixtures: [6], title: "The page's unknown tool, other unknown tools under other ids, is the same protocol error", rule: "Rule 5: a tool the server does not have is the -32602 protocol error, under the request's own id." },
  { id: "t2_same_resources", fixtures: [7, 8], title: "The page's resources/list and resources/read with other ids get the same answers", rule: "Rules 10 and 11: the resources and the policy's text, under the request's own id." },
  { id: "t2_same_old_version", fixtures: [99], part: refusal, compare: "version", title: "The page's request in an old version, in other old versions under other ids, is refused the same way", rule: "Rule 2: a request whose _meta names a version the server does not support is -32022, under the request's own id (its data is t2_version_data's)." },
  // The code line's alone: a server that checks the version in some methods' code only (one
  // mistake) loses that line, and the data line keeps what t2_same_old_version and
  // t2_version_data show of it.
  { id: "t2_same_old_version_methods", fixtures: [99], otherMethod: true, part: refusal, compare: "version", title: "An old version on the other methods (tools/call, resources/list, resources/read) is refused as tools/list's is", rule: "Rule 2: every method but server/discover refuses a version the server does not support with -32022, under the request's own id." },
  { id: "t2_same_cancel_ask", fixtures: [10], title: "The page's first cancel_order round, for a known order under other ids, asks the same question", rule: "Rule 8: cancel_order without inputResponses answers input_required with the confirm question, under the request's own id." },
  { id: "t2_same_cancel_accept", fixtures: [11], title: "The page's accepted retry, for a known order under other ids, answers the same way", rule: "Rule 8: the retry with an accept and confirm true cancels the order, under the request's own id." },
  { id: "t2_same_cancel_decline", fixtures: [12], title: "The page's declined retry, for a known order under other ids, keeps the order", rule: "Rule 8: the retry with a decline keeps the order, under the request's own id." },
  {
    // The unknown order in the page's shape: which unknown orders the code knows is t2_same_z9's.
    id: "t2_same_envelope", fixtures: [1, 2, 3, 4, 7, 8], compare: "envelope", part: envelope, pageShapes: true,
    title: "The page's requests with other ids get results with the same envelope",
    rule: "Rules 3, 4, 6, 10 and 11: every result has resultType, serverInfo in _meta and, on server/discover, tools/list, resources/list and resources/read, the cache hints.",
  },
];

/**
 * A server/discover request is t2_same_discover's case whatever else a check tries on it: a
 * discover the code does not answer (its method typed server/discovery) fails the envelope's, the
 * version's and the odd params' checks there too, each charged to it where every failing input is
 * one (BehaviourCheck.reachedBy; helper 96's mcp-stateless-discover-typo lost four points).
 */
export const discoverReached = (input: unknown): readonly string[] => (own(input, "method") === "server/discover" ? ["t2_same_discover"] : []);

const HANDLE_HINT = "The answer depends on the method, params and _meta by the rules; the id is only copied into the response, and clientInfo changes nothing. Look for code that recognises the page's exact messages (a table of answers, a test of the id, of the order or the tool's name) instead of following the rule.";

type Json = Record<string, unknown>;
const paramsOf = (message: Json): Json => message["params"] as Json;

/**
 * The page's request again as another request its rule answers the same way: a new id, another
 * clientInfo (no answer reads it), and what the rule leaves free: which known order, which unknown
 * order, tool or key, which older version, the accept's keys in either order. A table of the
 * page's messages keyed on anything but the id knows none of them; a handle that follows the rule
 * cannot tell them from the page's.
 */
function varied(fixture: number, random: Random, index: number, { otherMethod, pageShapes }: Draw): Json {
  const message = { ...structuredClone(MESSAGES[messageIndex(fixture)]!), id: random.int(1000, 999_999) } as Json;
  const params = paramsOf(message);
  (params["_meta"] as Json)[CLIENT_INFO_KEY] = { name: random.word(3, 10, true), version: `${random.int(0, 9)}.${random.int(0, 20)}` };
  const args = params["arguments"] as Json | undefined;
  // Every known order in turn (the page's one among them), so no run of draws leaves only the page's.
  const known = (): string => { const orders = Object.keys(ORDERS); return orders[index % orders.length]!; };
  switch (fixture) {
    case 3: case 10: case 12: args!["order_id"] = known(); break;
    case 4: args!["order_id"] = unknownOrder(random, pageShapes ? 0 : index); break;
    case 5: params["arguments"] = badArguments(random, index); break;
    case 6: params["name"] = unknownTool(random, index); break;
    case 11: {
      args!["order_id"] = known();
      const accept = index % 4 < 2 ? { content: { confirm: true }, action: "accept" } : { action: "accept", content: { confirm: true } };
      params["inputResponses"] = { confirm: accept };
      break;
    }
    case 99: {
      // Another old version, as the page's is: newer ones are t2_version_check's (a server that
      // refuses only older dates breaks that rule, not this line's).
      const version = `20${random.int(10, 25)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`;
      (params["_meta"] as Json)[VERSION_KEY] = version;
      if (otherMethod) {
        const [method, rest] = OTHER_METHODS[index % OTHER_METHODS.length]!(known());
        message["method"] = method;
        message["params"] = { ...rest, _meta: params["_meta"] };
      }
      break;
    }
  }
  return message;
}

export const TASK2_VARIANT_CHECKS: readonly BehaviourCheck[] = HANDLE_VARIANTS.map(({ id, fixtures, title, rule, part, compare, ...draw }) => ({
  id, task: "task2", title, rule, hint: HANDLE_HINT, part: part ?? content, ...(compare ? { compare } : {}), ...(id === "t2_same_envelope" ? { reachedBy: discoverReached } : {}),
  // Every other one with its keys reversed, at every depth (made without the random stream): a
  // handle that followed the rules only for the page's key order kept 15/16.
  inputs: (random: Random) => [
    ...fixtures.flatMap((fixture) => Array.from({ length: 4 }, (_, i) => (i % 2 ? reversedKeys(fromAnotherClient(fixture, varied(fixture, random, i, draw), i, draw)) : varied(fixture, random, i, draw)))),
    ...(fixtures.includes(5) ? everyOtherFromOtherClients([unexpectedBeyondAscii(), ...latePageBadCalls()]) : []),
  ],
}));

/**
 * The reversed ones of two lines from a client other than the page's. The bad call's from other
 * clientCapabilities and clientInfo (other-clients.ts): checkArgs skipped for other clients kept
 * every point while every bad call came from the page's client (cheats-round-2026-12-07i
 * sl-args-page-capabilities; with t2_arguments', the price of checkArgs never run, 39/41). The old
 * version on the other methods with a key beside the page's three in _meta (RequestMetaObject's
 * progressToken, a client's own key): the version check skipped for such a _meta kept every point
 * (sl-version-extra-meta-key; with t2_version_check's, the price of no version check, 39; on
 * t2_same_old_version, which reads both old-version lines, it cost 38). The unknown tool's stay the
 * page's client's: t2_unknown_names holds other clients' unknown tools, and here too they cost that
 * one rule twice (39 where the -32602 never given costs 40).
 */
const fromAnotherClient = (fixture: number, message: Json, i: number, { otherMethod }: Draw): Json =>
  (fixture === 5 ? (fromOtherClient(message, (i - 1) / 2) as Json) : fixture === 99 && otherMethod ? withExtraMetaKey(message, i) : message);

/** The request with a progressToken or a client's own key beside the page's three in _meta. */
function withExtraMetaKey(message: Json, i: number): Json {
  const params = paramsOf(message);
  const extra = i % 4 === 1 ? { progressToken: `p-${i}` } : { "com.example/trace": `t-${i}` };
  return { ...message, params: { ...params, _meta: { ...(params["_meta"] as Json), ...extra } } };
}

/**
 * Last, with no draw: the page's bad call with its unexpected key named beyond ASCII, the BMP and
 * [a-z_], under a string id. checkArgs run only for ASCII params or plain keys kept this line
 * (cheats-round-2026-12-07f sl-args-ascii-only, sl-args-plain-keys-only).
 */
function unexpectedBeyondAscii(): Json {
  const message = { ...structuredClone(MESSAGES[messageIndex(5)]!), id: "bad-args-é" } as Json;
  const params = paramsOf(message);
  params["arguments"] = { "clé-📦": 100 };
  return message;
}
