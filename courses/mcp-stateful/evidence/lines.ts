// The evidence lines, from the page's worked trace (its six steps and what each prints), each
// with the function that reads it from what the code gave on the fixtures and its diagnosis.
// The accepted values of tasks 1 and 2 are the same readings of the model's answers; task 3's
// are the trace's own (pinned, with the reference client, in lines.test.ts).
import type { EvidenceLine } from "../../../src/pack/types.js";
import { plainCapabilities } from "../../../src/json/spec-extras.js";
import { shown } from "../behaviour/compare.js";
import { built, kindOf, type Builder } from "../behaviour/messages.js";
import { modelSession, type Outcome } from "../behaviour/session.js";
import { AT, BUILDER_CALLS, TRACE_SESSION, WIRE } from "../course/fixtures.js";

/** A line that cannot be read from what the code gave: why, for the student. */
export class Missing extends Error {}

export interface ClientOutcome { value?: unknown; threw?: { name: string; message: string; code: number | null }; cache?: unknown }
export interface Fixtures {
  builders: Partial<Record<Builder, unknown[]>>;
  kinds?: unknown[];
  session?: Outcome[];
  /** Where a step of the trace never returned (its place in `session` a hole): why. */
  stops?: string[];
  /** `matched`: how many of the trace's ops, from the first, sent the model's requests (the record is the peers'). */
  client?: { outcomes: ClientOutcome[]; sent: unknown[]; matched: number };
  transport?: { given?: { when?: unknown }[] };
}

export interface Line extends EvidenceLine {
  read(fx: Fixtures): string;
  diagnose?(actual: string): string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const sortedJson = (v: unknown): string => JSON.stringify(v, (_, x: unknown) => (isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));
const keysOf = (v: unknown): string => (isObject(v) ? Object.keys(v).sort().join(",") : `not an object: ${shown(v)}`);

function builderValue(fx: Fixtures, builder: Builder, i: number): unknown {
  const values = fx.builders[builder];
  if (!values || values.length <= i) throw new Missing(`${builder} gave no answer for the trace's call.`);
  if (values[i] instanceof Missing) throw values[i];
  return values[i];
}
function stepValue(fx: Fixtures, at: number): unknown {
  const outcome = fx.session?.[at];
  if (!outcome) throw new Missing(fx.stops?.[at] !== undefined ? `at this step ${fx.stops[at]}` : "the session stopped before this step.");
  if ("threw" in outcome) throw new Missing(`at this step the server threw ${outcome.threw.name}: ${outcome.threw.message}.`);
  return outcome.value;
}
const resultOf = (v: unknown): Record<string, unknown> => {
  if (!isObject(v)) throw new Missing(`the answer is ${shown(v)}, not a response.`);
  if (!isObject(v["result"])) throw new Missing(`the answer has no result: ${shown(v)}.`);
  return v["result"];
};
const toolNames = (v: unknown): string => {
  const tools = resultOf(v)["tools"];
  if (!Array.isArray(tools)) throw new Missing("the result has no tools list.");
  return tools.map((t) => (isObject(t) ? String(t["name"]) : shown(t))).join(",");
};
const firstText = (result: Record<string, unknown>): string => {
  const content = result["content"];
  const first = Array.isArray(content) ? content[0] : undefined;
  if (!isObject(first) || typeof first["text"] !== "string") throw new Missing(`the result has no text content: ${shown(result)}.`);
  return first["text"];
};
// What a call gave is read only when it and every call before it sent the trace's requests (the
// peers' record, made outside the sandbox; a notification shifts no reply, client/rules.ts): a
// value the client returns without the exchange behind it, or after the scripted replies went
// out of step, shows nothing.
/**
 * Why a trace line has no value when its own call is the first that did not send the trace's
 * requests: t3_sent_methods' mistake, which judge.ts charges it to. Not when a call before it was
 * out of step already: what the client gave after that is backed by no exchange.
 */
export const UNSENT = "this call, the first out of step, did not send the trace's requests";
function clientOutcome(fx: Fixtures, at: number): ClientOutcome {
  if (fx.client && fx.client.matched === at) throw new Missing(`${UNSENT} (t3_sent_methods shows what it sent).`);
  if (!fx.client || fx.client.matched <= at) throw new Missing("the client's calls up to this one did not send the trace's requests (t3_sent_methods shows what it sent).");
  const o = fx.client.outcomes[at];
  if (!o) throw new Missing("the client's run stopped before this call.");
  return o;
}

type Spec = Omit<Line, "accepted"> & { accepted?: string };

const SPECS: Spec[] = [
  { key: "t1_request_keys", task: "task1", title: "request(1, \"initialize\", params): its keys (step 1)", hint: "A request carries jsonrpc, id, method and params when given.",
    read: (fx) => keysOf(builderValue(fx, "request", 0)) },
  { key: "t1_notification_keys", task: "task1", title: "notification(\"notifications/initialized\"): its keys (step 2)", hint: "Reread 'Three message shapes': a notification has no id key at all — not null, not undefined.",
    read: (fx) => keysOf(builderValue(fx, "notification", 0)),
    diagnose: (a) => (a.split(",").includes("id") ? "Your notification has an id key. Leave the key out: `\"id\" in message` must be false." : `Expected jsonrpc,method, got ${a}.`) },
  { key: "t1_error_response", task: "task1", title: "errorResponse(4, -32600, …) as JSON, keys sorted (step 5)", hint: "An error response is {jsonrpc, id, error: {code, message}}, with no result key.",
    read: (fx) => sortedJson(builderValue(fx, "errorResponse", 0)) },
  { key: "t1_trace_kinds", task: "task1", title: "kindOf on the trace's messages, in order", hint: "Reread 'Three message shapes': method with id is a request, without one a notification; otherwise result or error.",
    read: (fx) => {
      if (!fx.kinds || fx.kinds.length < WIRE.length - 1) throw new Missing("kindOf gave no answer for every message of the trace.");
      const failed = fx.kinds.slice(0, WIRE.length - 1).find((k) => k instanceof Missing);
      if (failed) throw failed;
      return fx.kinds.slice(0, WIRE.length - 1).map((k) => (typeof k === "string" ? k : shown(k))).join(",");
    } },
  { key: "t1_null_id_kind", task: "task1", title: "kindOf({\"jsonrpc\": \"2.0\", \"id\": null, \"method\": \"notifications/initialized\"})", hint: "\"null is a present key\": the message has an id key, so it is not a notification.",
    read: (fx) => {
      const k = fx.kinds?.[WIRE.length - 1];
      if (k === undefined) throw new Missing("kindOf gave no answer for the id-null message.");
      if (k instanceof Missing) throw k;
      return typeof k === "string" ? k : shown(k);
    },
    diagnose: (a) => (a === "notification" ? "A message with \"id\": null has the id key: test with `\"id\" in message`, not `message.id == null`." : `Expected request, got ${a}.`) },
  { key: "t2_init_version", task: "task2", title: "initialize's protocolVersion (step 1)", hint: "The server answers initialize with the protocol version it speaks.",
    read: (fx) => String(resultOf(stepValue(fx, AT.initialize))["protocolVersion"]) },
  { key: "t2_init_capabilities", task: "task2", title: "initialize's capabilities, keys sorted (step 1)", hint: "In the lab that's {\"tools\": {\"listChanged\": true}, \"resources\": {}, \"prompts\": {}}.",
    // A flag set to false says what its absence says (src/json/spec-extras.ts).
    read: (fx) => sortedJson(plainCapabilities(resultOf(stepValue(fx, AT.initialize))["capabilities"])) },
  { key: "t2_initialized_answer", task: "task2", title: "handle(notifications/initialized) (step 2)", hint: "A notification gets nothing back: handle returns null.",
    read: (fx) => shown(stepValue(fx, AT.initialized)) },
  { key: "t2_tool_names", task: "task2", title: "tools/list's names (step 3)", hint: "tools/list lists every tool added, in the order added, allowed or not.",
    read: (fx) => toolNames(stepValue(fx, AT.list)) },
  { key: "t2_add_text", task: "task2", title: "tools/call add {x: 2, y: 3}: the text (step 4)", hint: "A tool's return value is the text of the call's content.",
    read: (fx) => firstText(resultOf(stepValue(fx, AT.add))) },
  { key: "t2_delete_db_code", task: "task2", title: "tools/call delete_db: the error code (step 5)", hint: "delete_db exists but is not on this client's allow-list.",
    read: (fx) => {
      const v = stepValue(fx, AT.deleteDb);
      const error = isObject(v) ? v["error"] : undefined;
      if (!isObject(error)) throw new Missing(`the answer is ${shown(v)}, not an error response.`);
      return shown(error["code"]);
    },
    diagnose: (a) => (a === "-32601" ? "-32601 is for a tool the server does not have; delete_db exists, it is only not permitted (-32600)." : `Expected -32600, got ${a}.`) },
  { key: "t2_outbox", task: "task2", title: "the outbox after addTool(subtract, {notify: true}) (step 6)", hint: "After initialization, addTool with notify queues notifications/tools/list_changed.",
    read: (fx) => {
      const v = stepValue(fx, AT.drain);
      if (!Array.isArray(v)) throw new Missing(`drainOutbox returned ${shown(v)}, not a list.`);
      return v.length === 0 ? "(empty)" : v.map((n) => (isObject(n) ? String(n["method"]) : shown(n))).join(",");
    } },
  { key: "t2_tools_after", task: "task2", title: "tools/list's names after subtract was added (step 6)", hint: "The client re-fetches tools/list: the new tool is listed last.",
    read: (fx) => toolNames(stepValue(fx, AT.listAgain)) },
  { key: "t3_sent_methods", task: "task3", title: "what the client sent over the trace, by method", hint: "connect is initialize then notifications/initialized; pump re-fetches tools/list on list_changed.",
    accepted: "initialize,notifications/initialized,tools/list,tools/call,tools/call,tools/list",
    read: (fx) => {
      if (!fx.client) throw new Missing("the client did not run.");
      return fx.client.sent.map((m) => (isObject(m) ? String(m["method"]) : shown(m))).join(",") || "(nothing)";
    } },
  { key: "t3_add_text", task: "task3", title: "callTool(\"add\", {x: 2, y: 3})'s text (step 4)", hint: "callTool returns the result of the tools/call response.",
    accepted: "5", read: (fx) => {
      const o = clientOutcome(fx, 2);
      if (!isObject(o.value)) throw new Missing(o.threw ? `callTool threw ${o.threw.message}.` : `callTool returned ${shown(o.value)}.`);
      return firstText(o.value);
    } },
  { key: "t3_delete_db_code", task: "task3", title: "callTool(\"delete_db\", {}): the code of what it threw (step 5)", hint: "An error response is surfaced: throw new McpError(code, message).",
    accepted: "-32600", read: (fx) => {
      const o = clientOutcome(fx, 3);
      if (!o.threw) throw new Missing(`callTool returned ${shown(o.value)} instead of throwing.`);
      return o.threw.code === null ? "(no code)" : String(o.threw.code);
    } },
  { key: "t3_cache_after_pump", task: "task3", title: "the tools cache after pump() (step 6)", hint: "list_changed carries no payload: the client re-fetches tools/list into its cache.",
    accepted: "add,weather,delete_db,subtract", read: (fx) => {
      const cache = clientOutcome(fx, 4).cache;
      if (!Array.isArray(cache)) throw new Missing(`the client's tools is ${shown(cache)}, not a list.`);
      return cache.map((t) => (isObject(t) ? String(t["name"]) : shown(t))).join(",");
    } },
  { key: "t3_date_across", task: "task3", title: "a Date sent through the transport, as the server gets it", hint: "The transport's JSON round trip: nothing but JSON survives, so a Date arrives as its ISO text.",
    accepted: "string", read: (fx) => {
      const g = fx.transport?.given?.[0];
      if (!g) throw new Missing("the transport handed the server nothing.");
      return String(g.when);
    } },
];

function modelFixtures(): Fixtures {
  const builders: Fixtures["builders"] = {};
  for (const [name, calls] of Object.entries(BUILDER_CALLS)) builders[name as Builder] = calls.map((args) => built(name as Builder, args));
  return { builders, kinds: WIRE.map(kindOf), session: modelSession(TRACE_SESSION, "page").outcomes };
}

const model = modelFixtures();
export const LINES: readonly Line[] = SPECS.map((s) => ({ ...s, accepted: s.accepted ?? s.read(model) }));
