// Task 3's rules, each judged on every scenario's record: what the client sent (recorded by the
// peers, outside the sandbox) against what the model client sends, what each operation gave,
// and the tools cache after it. The scripted server answers each request (REQUEST_METHODS) with
// its script's next reply whatever it asked, and any other message with null (src/sandbox/peers.ts,
// `answers`), so after the first request that differs from the model's the replies are no longer
// the ones meant: what each operation gave and the ids are judged in the operations before the
// first that sent other requests or another number of them (the driver's mark peer records where
// each began). A notification left out, added or sent with an id shifts no reply: what it sent is
// t3_handshake's and t3_messages' to charge, and the ops after it are read.
import { same, shown } from "../behaviour/compare.js";
import { PROTOCOL_VERSION } from "../course/index.js";
import { freshTurns, takesReply, turnOf, type Turn } from "../../../src/sandbox/peers.js";
import { againOf, ASKED_AGAIN, REQUEST_METHODS, type Expected, type Json } from "./model.js";

export interface ClientRecord {
  /** The send peer's messages (parsed, or the text when not JSON), in order. */
  sent: unknown[];
  /** The same, op by op (the driver's mark peer says where each op began); [0] holds what came before the first op. */
  byOp: unknown[][];
  /** The driver's outcomes, one per op, or undefined when the run failed. */
  outcomes?: { value?: unknown; threw?: { name: string; message: string; code: number | null }; cache?: unknown }[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const ANSWERED = new Set(REQUEST_METHODS);
/** Whether a message the client sent took the script's next reply, as the send peer decided. */
export const inTurn = (message: unknown): boolean => takesReply(ANSWERED, message);
const methodsOf = (messages: readonly unknown[]): unknown[] => messages.filter(inTurn).map((m) => (m as Record<string, unknown>)["method"]);
const AGAIN = new Set(ASKED_AGAIN);

/** Op by op ([0]: before the first op), each message's turn at the send peer, as the peer decided (src/sandbox/peers.ts turnOf). */
export function turnsOf(expected: Expected, record: ClientRecord): Turn[][] {
  const again = againOf(expected);
  const script = { answers: ANSWERED, again: { ...again, methods: new Set(again.methods) }, repeatLast: false };
  const state = freshTurns();
  // byOp[0] is before the first mark (phase -1), byOp[i + 1] op i's (phase i).
  return record.byOp.map((sent, i) => { state.phase = i - 1; return sent.map((message) => turnOf(script, expected.replies.length, state, message)); });
}
/** The reply a turn got (its index in the script), or undefined for a message answered null. */
export const replyAt = (turn: Turn): number | undefined => ("take" in turn ? turn.take : "again" in turn ? turn.again : undefined);
/** The model's requests' methods in op i. */
const modelRequests = (expected: Expected, i: number): string[] => {
  const [from, to] = expected.ranges[i] ?? [0, 0];
  return expected.sent.slice(from, to).filter((m) => m.request).map((m) => m.method);
};
const nonEmpty = (v: unknown): boolean => typeof v === "string" && v !== "";

/** The handshake: initialize (a request with the version, capabilities and the client's own clientInfo), then initialized (no id), before anything else. */
export function handshakeProblem(expected: Expected, record: ClientRecord): string | undefined {
  const [first, second] = record.sent;
  if (!isObject(first) || first["method"] !== "initialize") return `the first message was ${shown(first)}; initialize comes first`;
  if (!Object.hasOwn(first, "id")) return "initialize was sent without an id: it is a request";
  const params = first["params"];
  if (!isObject(params) || params["protocolVersion"] !== PROTOCOL_VERSION) return `initialize's params.protocolVersion is ${shown(isObject(params) ? params["protocolVersion"] : params)}, not "${PROTOCOL_VERSION}"`;
  if (!isObject(params["capabilities"])) return "initialize's params.capabilities is not an object";
  const info = params["clientInfo"];
  // The page's trace elides it ("clientInfo":{...}): any Implementation (2025-06-18) is the client's own.
  if (!isObject(info) || !nonEmpty(info["name"]) || !nonEmpty(info["version"])) return `initialize's params.clientInfo is ${shown(info)}, not an Implementation {name, version} (non-empty strings; CLIENT_INFO is one)`;
  // After a refused initialize, what the client does is t3_messages' and t3_errors' to judge.
  if (expected.sent.length === 1) return undefined;
  if (!isObject(second) || second["method"] !== "notifications/initialized") return `the second message was ${shown(second)}; notifications/initialized comes right after initialize's response`;
  if (Object.hasOwn(second, "id")) return `notifications/initialized carries an id (${shown(second["id"])}): a notification has no id key`;
  return undefined;
}

/** Params without a `_meta` object: the specification lets any request's params carry one (a progressToken). */
function withoutMeta(params: unknown): unknown {
  if (!isObject(params) || !isObject(params["_meta"])) return params;
  const { _meta: _, ...rest } = params;
  return rest;
}

function messageProblem(want: Expected["sent"][number], got: unknown): string | undefined {
  if (!isObject(got)) return `${shown(got)} is not a message`;
  if (got["jsonrpc"] !== "2.0") return `${shown(got)} has no jsonrpc "2.0"`;
  if (got["method"] !== want.method) return `it sent ${shown(got["method"])} where ${want.method} was due`;
  if (Object.hasOwn(got, "id") !== want.request) return want.request ? `${want.method} was sent without an id` : `${want.method} was sent with an id`;
  const params = withoutMeta(got["params"]);
  if (want.method === "tools/call" && !same(params, want.params)) return `tools/call's params are ${shown(got["params"])}, not ${shown(want.params)}`;
  if (want.method === "tools/list" && Object.hasOwn(got, "params") && !same(params, {})) return `tools/list carries params ${shown(got["params"])}`;
  return undefined;
}

/** Op by op, exactly the model's messages (a re-fetch exactly on list_changed): the first op that differs, and how. */
export function messagesProblem(ops: readonly (readonly unknown[])[], expected: Expected, record: ClientRecord, until = Infinity): { op: number; why: string } | undefined {
  const [before, ...each] = record.byOp;
  if (before?.length) return { op: 0, why: `it sent ${shown(before[0])} before any call (in its constructor)` };
  for (let i = 0; i < expected.ranges.length && i <= until; i++) {
    const [from, to] = expected.ranges[i]!;
    const want = expected.sent.slice(from, to);
    const got = each[i] ?? [];
    const name = `${String(ops[i]?.[0])}()`;
    for (let k = 0; k < Math.max(want.length, got.length); k++) {
      if (!want[k]) {
        // After an error it did not throw, what the client sends next is t3_errors' mistake.
        if (i === until) break;
        return { op: i, why: `${name} sent ${shown(got[k])} after the ${want.length} message(s) due` };
      }
      if (k >= got.length) return { op: i, why: `${name} sent ${got.length} message(s); ${want[k]!.method} was due next` };
      const why = messageProblem(want[k]!, got[k]);
      if (why) return { op: i, why: `${name}: ${why}` };
    }
  }
  return undefined;
}

/**
 * How many ops, from the first, sent the model's requests and got the model's replies to them:
 * the requests of other methods than the tools list the model's, in order, each taking the
 * reply meant for it, and each tools/list of the model's answered with the reply meant for it (a
 * tools/list more, which the scripted server answers again, shifts no reply: an eager list at
 * connect is t3_messages' one mistake). The scripted replies stay in step with the calls that
 * far, so what those ops gave can be read (their details, an id or a param, and the
 * notifications sent or not, are t3_messages' and t3_handshake's to judge).
 */
export function alignedOps(expected: Expected, record: ClientRecord): number {
  if (record.byOp[0]?.some(inTurn)) return 0;
  const turns = turnsOf(expected, record);
  const methods = againOf(expected).replies.map((r) => r.method);
  let first = 0;
  for (let i = 0; i < expected.ranges.length; i++) {
    const due = modelRequests(expected, i).map((_, j) => first + j);
    first += due.length;
    const got = (record.byOp[i + 1] ?? []).flatMap((message, k) => {
      const at = replyAt(turns[i + 1]![k]!);
      return at === undefined ? [] : [{ method: (message as Record<string, unknown>)["method"], at }];
    });
    const fixed = got.filter((g) => !AGAIN.has(g.method as string));
    const fixedDue = due.filter((k) => !AGAIN.has(methods[k]!));
    if (fixed.length !== fixedDue.length || fixed.some((g, j) => g.at !== fixedDue[j])) return i;
    // A tools/list more is no shift only where it got a list: before any, it took the next reply, whatever it was for.
    if (got.some((g) => g.method !== methods[g.at])) return i;
    if (due.some((k) => AGAIN.has(methods[k]!) && !got.some((g) => g.at === k && g.method === methods[k]))) return i;
    // A list taken ahead of its op is the same list only where it is one: an error meant for a later list op is that op's.
    if (got.some((g) => !due.includes(g.at) && isObject(expected.replies[g.at]) && Object.hasOwn(expected.replies[g.at] as object, "error"))) return i;
  }
  return expected.ranges.length;
}

/**
 * Whether op i's requests begin with the model's (more may follow): then the reply to its own
 * request was the one meant, even where what it sent after misaligned the rest.
 */
export function startsAsModel(expected: Expected, record: ClientRecord, i: number): boolean {
  const want = modelRequests(expected, i);
  return same(methodsOf(record.byOp[i + 1] ?? []).slice(0, want.length) as Json[], want);
}

/**
 * Whether op i sent a request where the model sends a notification, or the other way round (the
 * methods in the model's order): a notification sent with an id gets no reply, and what the op
 * then gives follows from that one mistake, which t3_handshake or t3_messages judges.
 */
export function sentAsOther(expected: Expected, record: ClientRecord, i: number): boolean {
  const [from, to] = expected.ranges[i] ?? [0, 0];
  const got = record.byOp[i + 1] ?? [];
  const want = expected.sent.slice(from, to);
  return got.length === want.length && got.some((m, k) => isObject(m) && m["method"] === want[k]!.method && Object.hasOwn(m, "id") !== want[k]!.request);
}

/**
 * The first op whose response was an error the client did not surface as McpError with its code
 * (it returned, or threw something else, such as the mock's "no reply left" for a message sent
 * after it): what it sends and caches after that follows from that one mistake, which
 * t3_errors charges; the other rules stop there. Infinity when there is none.
 */
export function unsurfacedError(expected: Expected, record: ClientRecord): number {
  const i = expected.outcomes.findIndex((want, k) => {
    const got = record.outcomes?.[k];
    return "code" in want && got !== undefined && got.threw?.code !== want.code;
  });
  return i < 0 ? Infinity : i;
}

/**
 * Every request's id a string or an integer, none used twice (in the ops before `upTo`, whose
 * requests are the model's). A request sent without an id is t3_messages' ("sent without an id"),
 * and a notification's id t3_handshake's or t3_messages'. `seen`: the ids the same client sent in
 * the calls before this one of its run (a continued client), added to as it goes; `from`: the
 * first op the client's own (a continued call's connect is the driver's, its ids the model's).
 */
export function idsProblem(expected: Expected, record: ClientRecord, upTo: number, seen = new Set<unknown>(), from = 0): string | undefined {
  for (let i = from; i < Math.min(upTo, expected.ranges.length); i++) {
    for (const m of (record.byOp[i + 1] ?? []).filter(inTurn)) {
      if (!isObject(m) || !Object.hasOwn(m, "id")) continue;
      const id = m["id"];
      if (!(typeof id === "string" || (typeof id === "number" && Number.isInteger(id)))) return `${shown(m["method"])} has id ${shown(id)}: an id is a string or an integer`;
      if (seen.has(id)) return `id ${shown(id)} was used twice`;
      seen.add(id);
    }
  }
  return undefined;
}

/** The requests an op sent past the model's (a retry after the error response, say). */
const sentMore = (expected: Expected, record: ClientRecord, i: number): unknown[] => (record.byOp[i + 1] ?? []).filter(inTurn).slice(modelRequests(expected, i).length);

/**
 * Why an op threw something other than McpError, when it sent a request after the error
 * response's exchange: the grader's server had no reply for it, so the send threw. The client
 * sent it before throwing McpError (or instead of throwing).
 */
function sentAfterError(expected: Expected, record: ClientRecord, i: number): string {
  const extra = sentMore(expected, record, i);
  if (!extra.length) return "";
  return `: it sent ${shown(extra[0])} after the error response, and that send failed (no request is answered after a refusal). Throw McpError as soon as the response is an error, before sending anything else`;
}

/**
 * What each op gave: the result ("results": the ops the model returns from), or a throw with the
 * error response's code ("errors": the ops answered with an error). Two rules, one per evidence
 * line, so that a mistake in one costs one point.
 */
/**
 * An op's throw that is no McpError (a crash: a TypeError, a built-in Node 20 lacks), by the op's
 * kind and the error's words: the same key on the page's trace and in a generated scenario is one
 * mistake, charged by the trace's line (idioms-round-2026-12-07m sf-mistake-pump-object-groupby:
 * a pump that always threw lost the trace's line and t3_results beside it).
 */
export const crashKey = (op: readonly unknown[] | undefined, threw: { name: string; message: string; code: number | null }): string =>
  threw.code === null && threw.name !== "McpError" ? JSON.stringify([op?.[0], threw.name, threw.message]) : "";

/** The crashes (crashKey) of the ops of the page's trace. */
export function traceCrashes(ops: readonly (readonly unknown[])[], record: ClientRecord | undefined): Set<string> {
  const keys = (record?.outcomes ?? []).flatMap((o, i) => (o?.threw ? [crashKey(ops[i], o.threw)] : []));
  return new Set(keys.filter((k) => k !== ""));
}

export function outcomesProblem(ops: readonly (readonly unknown[])[], expected: Expected, record: ClientRecord, upTo: number, alsoAt: number, which: "results" | "errors", moreJudged = false, seenOnTrace: ReadonlySet<string> = new Set()): string | undefined {
  if (!record.outcomes) return "the client's run did not finish";
  for (let i = 0; i < expected.outcomes.length && (i < upTo || i === alsoAt); i++) {
    const want = expected.outcomes[i]!;
    const got = record.outcomes[i];
    const op = `${String(ops[i]?.[0])}()`;
    if (("code" in want) !== (which === "errors")) continue;
    if (!got) return `${op} gave nothing`;
    if (sentAsOther(expected, record, i)) continue;
    // The throw this op's kind threw on the page's trace, where the trace's line charges it: one cause (crashKey).
    if (got.threw && seenOnTrace.has(crashKey(ops[i], got.threw))) continue;
    // listTools returns its cache: a wrong list that is also the cache is the cache's mistake (t3_cache).
    // Not a list answered with an error and not thrown: the cache is judged no further than the
    // error the client did not throw (unsurfacedError), so that op is this rule's, whatever it
    // returned (a client that threw only the page's five codes put the error's empty result in
    // the cache and returned it, and no rule judged it: gaming-client-known-codes).
    if (!("code" in want) && String(ops[i]?.[0]) === "list" && got.value !== undefined && same(got.value, got.cache) && !same(got.cache, expected.caches[i] as Json)) continue;
    if ("code" in want) {
      // `moreJudged`: the scenario's messages are judged wrong (t3_messages), so an op that sent
      // more after its error response (a retry) gave what that send got, which is the retry's
      // mistake, charged there: helper 115's m-client-retries-internal-error lost t3_errors beside it.
      if (moreJudged && sentMore(expected, record, i).length && (!got.threw || got.threw.code !== want.code)) continue;
      if (!got.threw) return `${op} returned ${shown(got.value)}; the server answered error ${want.code}, which it must throw (McpError)`;
      if (got.threw.code !== want.code) return `${op} threw with code ${shown(got.threw.code)}, not the response's ${want.code}${sentAfterError(expected, record, i)}`;
    } else if (got.threw) return `${op} threw ${got.threw.message}; it should have returned ${shown(want.value)}`;
    else if (!same(got.value, want.value)) return `${op} returned ${shown(got.value)}, not ${shown(want.value)}`;
  }
  return undefined;
}

/**
 * The tools cache after each op: the last tools/list's tools, the model's (a tools/list more, in
 * the ops judged one by one, got the list the model's had got or would get: the cache is what it
 * got from then on).
 */
export function cacheProblem(ops: readonly (readonly unknown[])[], expected: Expected, record: ClientRecord, upTo: number): string | undefined {
  if (!record.outcomes) return "the client's run did not finish";
  const turns = turnsOf(expected, record);
  let listed: Json | undefined;
  for (let i = 0; i < expected.caches.length && i < upTo; i++) {
    (record.byOp[i + 1] ?? []).forEach((message, k) => {
      const at = replyAt(turns[i + 1]![k]!);
      const reply = at === undefined ? undefined : expected.replies[at];
      if (!isObject(message) || message["method"] !== "tools/list" || !isObject(reply) || !isObject(reply["result"])) return;
      const tools = reply["result"]["tools"];
      listed = Array.isArray(tools) ? tools : [];
    });
    const want = listed ?? (expected.caches[i] as Json);
    const got = record.outcomes[i]?.cache;
    if (!same(got, want)) return `after ${String(ops[i]?.[0])}() its tools are ${shown(got)}, not ${shown(want)}`;
  }
  return undefined;
}
