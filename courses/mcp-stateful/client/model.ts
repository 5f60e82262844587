// The grader's model of task 3's client, and the scripted server it is driven against. A scenario
// is a list of client operations and, for each, what the server does; running the model client
// against it gives the messages a correct client sends, the script of replies in that order (the
// peers' script in the sandbox), and what each operation returns and leaves in the tools cache.
import { CLIENT_INFO, PROTOCOL_VERSION } from "../course/index.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Op = readonly ["connect"] | readonly ["list"] | readonly ["call", string, Json] | readonly ["pump"];

/** What the server does for one operation's request(s). */
export type Plan =
  | { kind: "ok"; result: Json }
  | { kind: "error"; code: number; message: string; data?: Json };

export interface Scenario {
  ops: Op[];
  /** Per op: connect's initialize, list's tools/list, call's tools/call answer; pump: its notifications. */
  plans: (Plan | undefined)[];
  /** Per pump, in order: the notifications drained, and the tools/list result a re-fetch gets. */
  pumps: { notes: Json[]; tools: Json[] }[];
  /**
   * Run this many times on one client, each call of the run after the first continuing it (its
   * connect the driver's: course/drivers-source.ts), so that a client is seen past as many
   * requests as the calls make, where one call's peers answer at most 64 messages.
   */
  calls?: number;
  /**
   * Each call after the first a new client in the same module instance (its own connect, its own
   * cache and ids), not the one before continued: a client keeping its state in module variables
   * hands it to the next client (m-client-cache-module-level, m-client-refused-flag-module-level).
   */
  freshClients?: true;
  /** The tools cache the client starts with: a continued call's, the call before's last. */
  startCache?: Json[];
}

export interface Expected {
  /** The messages a correct client sends, in order (ids as the model numbers them). */
  sent: { method: string; request: boolean; params?: Json }[];
  /**
   * The send peer's replies, one per request in the same order: a notification is answered null
   * and takes none (REQUEST_METHODS), so that one left out or added shifts no reply.
   */
  replies: Json[];
  /** The poll peer's replies: one per pump. */
  polls: Json[][];
  outcomes: ({ value: Json } | { code: number })[];
  /** The tools cache after each op. */
  caches: Json[][];
  /** Per op, where its messages are in `sent`: [first, after the last). */
  ranges: [number, number][];
}

export const LIST_CHANGED = "notifications/tools/list_changed";
/**
 * The methods the client sends as requests, which the scripted server answers in turn (the send
 * peer's `answers`, src/sandbox/peers.ts): any other message, notifications/initialized with an
 * id or without, gets null and takes no reply.
 */
export const REQUEST_METHODS: readonly string[] = ["initialize", "tools/list", "tools/call"];
/**
 * What the scripted server answers alike when asked once more than the script (the send peer's
 * `again`): the tools list, which only a pump's list_changed says has moved. A client that lists
 * its tools eagerly at connect, or before each call, gets the list the script gave it last.
 */
export const ASKED_AGAIN: readonly string[] = ["tools/list"];
/** The driver's mark peer (the third: course/drivers-source.ts), whose message begins each op. */
export const MARK_PEER = 2;
/** The send peer's `again` (src/sandbox/peers.ts): the tools list, asked once more, answered as last time; each reply's method and op. */
export function againOf(e: Expected): { methods: string[]; phasePeer: number; replies: { method: string; phase: number }[] } {
  const replies = e.ranges.flatMap(([from, to], op) => e.sent.slice(from, to).filter((m) => m.request).map((m) => ({ method: m.method, phase: op })));
  return { methods: [...ASKED_AGAIN], phasePeer: MARK_PEER, replies };
}
// An error's data (JSON-RPC's optional field) only where the plan has one.
const respond = (plan: Plan): Json => (plan.kind === "ok" ? { jsonrpc: "2.0", id: 0, result: plan.result }
  : { jsonrpc: "2.0", id: 0, error: plan.data === undefined ? { code: plan.code, message: plan.message } : { code: plan.code, message: plan.message, data: plan.data } });

export function initializeParams(): Json {
  return { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { ...CLIENT_INFO } };
}

/** The model client on the scenario: what it sends, the replies it gets, what it returns. */
export function expected(s: Scenario): Expected {
  const out: Expected = { sent: [], replies: [], polls: [], outcomes: [], caches: [], ranges: [] };
  // A continued call starts from what the client left, whatever it is (null too: read as [], a
  // client's null after connect was taken for a cache it made up, client-call-memoized).
  let cache: Json[] = s.startCache === undefined ? [] : s.startCache;
  let pump = 0;
  const request = (method: string, plan: Plan, params?: Json): Json => {
    out.sent.push(params === undefined ? { method, request: true } : { method, request: true, params });
    out.replies.push(respond(plan));
    if (plan.kind === "error") throw plan;
    return plan.result;
  };
  s.ops.forEach((op, i) => {
    const plan = s.plans[i];
    const first = out.sent.length;
    try {
      let value: Json = null;
      if (op[0] === "connect") {
        value = request("initialize", plan!, initializeParams());
        out.sent.push({ method: "notifications/initialized", request: false });
      } else if (op[0] === "list") {
        cache = ((request("tools/list", plan!) as { tools?: Json[] }).tools ?? []) as Json[];
        value = cache;
      } else if (op[0] === "call") value = request("tools/call", plan!, { name: op[1], arguments: op[2] });
      else {
        const p = s.pumps[pump++]!;
        out.polls.push(p.notes);
        if (p.notes.some((n) => (n as { method?: string }).method === LIST_CHANGED)) {
          cache = (request("tools/list", { kind: "ok", result: { tools: p.tools } }) as { tools: Json[] }).tools;
        }
        value = p.notes.length;
      }
      out.outcomes.push({ value });
    } catch (error) {
      out.outcomes.push({ code: (error as { code: number }).code });
    }
    out.caches.push(cache);
    out.ranges.push([first, out.sent.length]);
  });
  return out;
}
