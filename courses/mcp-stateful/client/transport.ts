// The in-memory transport's probes: the driver (driveTransport) puts the student's transport in
// front of a recording server and sends one request carrying a Date and an undefined value, then
// drains the outbox and sends a notification. "Nothing survives that round trip except what JSON
// can represent": the server gets a copy, JSON's; the client gets copies of what the server held.
import { makeRandom } from "../../../src/pack/random.js";
import { same, shown } from "../behaviour/compare.js";
import type { Json } from "./model.js";

export interface Probe { message: Json; answers: Json[]; outbox: Json[]; notification: Json }

export interface TransportRecord {
  given: { message: unknown; same: boolean; when: string; gone: boolean }[];
  reply: unknown; replySame: boolean; drained: unknown; drainedSame: boolean; notice: unknown; again: unknown;
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
  return Array.from({ length: 4 }, () => {
    const id = r.pick<Json>([0, 1, "a", r.int(2, 99)]);
    const answer: Json = r.bool() ? { jsonrpc: "2.0", id, result: { tools: [], nested: { list: [1, "two", null] } } } : { jsonrpc: "2.0", id, error: { code: -32601, message: "method not found" } };
    const outbox: Json[] = Array.from({ length: r.int(0, 2) }, () => LIST_CHANGED);
    return { message: { jsonrpc: "2.0", id, method: r.pick(["tools/list", "prompts/list"]), params: {} }, answers: [answer, null], outbox, notification: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } } };
  });
}

/** What the server must have been given: the message after JSON (the Date as its text, the undefined key gone). */
function roundTripped(message: Json): Json {
  const m = structuredClone(message) as { params?: Record<string, Json> };
  m.params = { ...(m.params ?? {}), when: EPOCH };
  return m as Json;
}

export function transportProblem(probe: Probe, record: TransportRecord | undefined): string | undefined {
  if (!record) return "the transport's run did not finish";
  const first = record.given[0];
  if (!first) return "send() handed the server nothing";
  if (first.same) return "the server was given the very object the client sent: send must pass it through JSON (stringify, then parse)";
  if (first.when !== "string" || first.gone) return `the server got params.when as ${first.when === "object" ? "a Date object" : first.when}${first.gone ? " and the key whose value was undefined" : ""}: only what JSON carries may cross`;
  if (!same(first.message, roundTripped(probe.message))) return `the server was given ${shown(first.message)}`;
  if (record.replySame) return "send returned the very object the server answered: the response crosses as JSON too";
  if (!same(record.reply, probe.answers[0])) return `send returned ${shown(record.reply)}, not the server's answer ${shown(probe.answers[0])}`;
  if (record.drainedSame) return "notifications() returned the server's own objects: they cross as JSON too";
  if (!same(record.drained, probe.outbox)) return `notifications() returned ${shown(record.drained)}, not the server's outbox ${shown(probe.outbox)}`;
  if (record.given.length < 2) return "sending a notification did not reach the server";
  if (record.notice !== null) return `sending a notification returned ${shown(record.notice)}; a notification gets nothing (null)`;
  if (!same(record.again, [])) return `notifications() a second time returned ${shown(record.again)}: the outbox was already drained`;
  return undefined;
}
