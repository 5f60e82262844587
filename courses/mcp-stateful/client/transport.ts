// The in-memory transport's probes: the driver (driveTransport) puts the student's transport in
// front of a recording server and sends one request carrying a Date and an undefined value, then
// drains the outbox and sends a notification. "Nothing survives that round trip except what JSON
// can represent": the server gets a copy, JSON's; the client gets copies of what the server held.
// The generated probes carry more that JSON changes (odd-values.ts: NaN, -0, a Map, toJSON...), in
// the request and in the server's answer, each judged against JSON.parse(JSON.stringify(x)).
import { makeRandom } from "../../../src/pack/random.js";
import { same, shown } from "../behaviour/compare.js";
import type { Json } from "./model.js";
import { oddValues } from "./odd-values.js";

/** `odd`: the variant of odd values (odd-values.ts) the request and the answer carry; the page's probe has none. */
export interface Probe { message: Json; answers: Json[]; outbox: Json[]; notification: Json; odd?: number }

export interface TransportRecord {
  /** `exact`: the message as the server got it, what JSON would have changed named (the driver's exact()). */
  given: { message: unknown; exact?: unknown; same: boolean; when: string; gone: boolean }[];
  /** send threw (on a generated probe; the page's probe's throw fails the call). */
  reply: unknown; replyExact?: unknown; sendThrew?: { name: string; message: string }; replySame: boolean; drained: unknown; drainedExact?: unknown; drainedSame: boolean; notice: unknown; again: unknown;
}

const EPOCH = new Date(0).toISOString();
const LIST_CHANGED: Json = { jsonrpc: "2.0", method: "notifications/tools/list_changed" };

export const FIXTURE_PROBE: Probe = {
  message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "add", arguments: { x: 2, y: 3 } } },
  answers: [{ jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "5" }] } }, null],
  outbox: [LIST_CHANGED],
  notification: { jsonrpc: "2.0", method: "notifications/initialized" },
};

export function generatedProbes(seed: number): Probe[] {
  const r = makeRandom((seed ^ 0x7a45) >>> 0);
  // Their own stream: the probes' other draws stay as they were.
  const odd = makeRandom((seed ^ 0x0dd5) >>> 0);
  return Array.from({ length: 4 }, (): Probe => {
    const id = r.pick<Json>([0, 1, "a", r.int(2, 99)]);
    const answer: Json = r.bool() ? { jsonrpc: "2.0", id, result: { tools: [], nested: { list: [1, "two", null] } } } : { jsonrpc: "2.0", id, error: { code: -32601, message: "method not found" } };
    const outbox: Json[] = Array.from({ length: r.int(0, 2) }, () => LIST_CHANGED);
    return { message: { jsonrpc: "2.0", id, method: r.pick(["tools/list", "prompts/list"]), params: {} }, answers: [answer, null], outbox, notification: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } }, odd: odd.int(0, 999) };
  }).concat(OTHER_NOTIFICATIONS);
}

// The transport is over any server: an outbox of notifications other than list_changed, on every
// seed (slips-round-2026-12-07n sf-mistake-transport-filters-notifications passed on only
// list_changed and kept 18/18 while every outbox held that alone).
const OTHER_NOTIFICATIONS: Probe = {
  message: { jsonrpc: "2.0", id: 8, method: "resources/list", params: {} },
  answers: [{ jsonrpc: "2.0", id: 8, result: { resources: [] } }, null],
  outbox: [{ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "indexing" } }, LIST_CHANGED, { jsonrpc: "2.0", method: "notifications/resources/list_changed" }],
  notification: { jsonrpc: "2.0", method: "notifications/initialized" },
};

const throughJson = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

/** What the server must have been given: the message after JSON (the Date as its text, the undefined key gone, the odd values as JSON has them). */
function roundTripped(probe: Probe): Json {
  const m = structuredClone(probe.message) as { params?: Record<string, unknown> };
  m.params = { ...(m.params ?? {}), when: new Date(EPOCH), gone: undefined, ...(probe.odd === undefined ? {} : { odd: oddValues(probe.odd, false) }) };
  return throughJson(m);
}

/** What send must return: the server's answer, odd values in its result or error data, after JSON. */
function answerBack(probe: Probe): Json {
  const answer = probe.answers[0];
  if (probe.odd === undefined || typeof answer !== "object" || answer === null || Array.isArray(answer)) return answer ?? null;
  const a = structuredClone(answer) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
  if (a.result) a.result["odd"] = oddValues(probe.odd, true);
  else if (a.error) a.error["data"] = oddValues(probe.odd, true);
  return throughJson(a);
}

/** What notifications() must return: the outbox, odd values in each one's params, after JSON. */
function outboxBack(probe: Probe): Json {
  if (probe.odd === undefined) return probe.outbox;
  return throughJson(probe.outbox.map((n) => ({ ...(n as Record<string, unknown>), params: { ...((n as { params?: object }).params ?? {}), odd: oddValues(probe.odd!, false) } })));
}

const NOT_DATA = "\u0000notData";
/** Where an exact value first differs from JSON's, for the student: a path, what crossed and what JSON gives. */
function firstDifference(actual: unknown, wanted: unknown, at: string): string | undefined {
  if (same(actual, wanted)) return undefined;
  const object = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !Object.hasOwn(v, NOT_DATA);
  if (Array.isArray(actual) && Array.isArray(wanted) && actual.length === wanted.length) {
    for (let i = 0; i < actual.length; i++) { const d = firstDifference(actual[i], wanted[i], `${at}[${i}]`); if (d) return d; }
  }
  if (object(actual) && object(wanted)) {
    for (const key of new Set([...Object.keys(wanted), ...Object.keys(actual)])) {
      if (!Object.hasOwn(actual, key)) return `${at}.${key} is missing (JSON gives ${shown(wanted[key])})`;
      if (!Object.hasOwn(wanted, key)) return `${at}.${key} is ${shown(actual[key])}, where JSON drops the key`;
      const d = firstDifference(actual[key], wanted[key], `${at}.${key}`);
      if (d) return d;
    }
  }
  return `${at} is ${shown(actual)}, where JSON gives ${shown(wanted)}`;
}

export function transportProblem(probe: Probe, record: TransportRecord | undefined): string | undefined {
  if (!record) return "the transport's run did not finish";
  const first = record.given[0];
  if (!first) return record.sendThrew ? `send threw ${record.sendThrew.name}: ${record.sendThrew.message}, before the server got anything` : "send() handed the server nothing";
  if (first.same) return "the server was given the very object the client sent: send must pass it through JSON (stringify, then parse)";
  if (first.when !== "string" || first.gone) return `the server got params.when as ${first.when === "object" ? "a Date object" : first.when}${first.gone ? " and the key whose value was undefined" : ""}: only what JSON carries may cross`;
  const given = roundTripped(probe);
  const odd = firstDifference(first.exact ?? first.message, given, "the message") ?? (same(first.message, given) ? undefined : `the server was given ${shown(first.message)}`);
  if (odd) return `${odd}: send must hand the server JSON.parse(JSON.stringify(message)), nothing else`;
  if (record.sendThrew) return `send threw ${record.sendThrew.name}: ${record.sendThrew.message}; the server's answer held values JSON changes or leaves out (functions, toJSON), and JSON.stringify then JSON.parse carries it`;
  // Handed twice, the second answer (or none) is what send returned: say the cause, not the effect
  // (slips-round-2026-12-08s sf-mistake-transport-handles-twice was told "send returned null").
  if (record.given.length > 1 && same(record.given[1]!.message, first.message)) return "the server was handed the request twice: send hands each message to the server once and returns its answer";
  if (record.replySame) return "send returned the very object the server answered: the response crosses as JSON too";
  const back = answerBack(probe);
  if (!same(record.reply, back)) return `send returned ${shown(record.reply)}, not the server's answer ${shown(back)}`;
  const oddBack = record.replyExact === undefined ? undefined : firstDifference(record.replyExact, back, "the response");
  if (oddBack) return `${oddBack}: send must return JSON.parse(JSON.stringify(response))`;
  if (record.drainedSame) return "notifications() returned the server's own objects: they cross as JSON too";
  const outbox = outboxBack(probe);
  const oddOut = firstDifference(record.drainedExact ?? record.drained, outbox, "notifications()");
  if (oddOut) return `${oddOut}: notifications() must return JSON.parse(JSON.stringify(outbox))`;
  if (record.given.length < 2) return "sending a notification did not reach the server";
  if (record.given[1]!.same) return "the server was given the very notification object the client sent: send passes every message through JSON (stringify, then parse), one JSON would not change too";
  if (record.notice !== null) return `sending a notification returned ${shown(record.notice)}; a notification gets nothing (null)`;
  if (!same(record.again, [])) return `notifications() a second time returned ${shown(record.again)}: the outbox was already drained`;
  return undefined;
}
