// Client scenarios every seed sends, after the drawn ones on a stream of their own (so that those
// stay as they were): text past ASCII in every rule's replies (accented, CJK, an astral emoji), where
// a client that followed the rules only for ASCII replies kept every point (cheats-round-2026-12-07f
// sf-client-errors-ascii-only, sf-pump-ascii-only), and two clients in one module instance, where a
// client keeping its state in module variables kept every point (stateful-round-2026-12-06p
// m-client-cache-module-level, 2026-12-07e m-client-refused-flag-module-level).
import type { Random } from "../../../src/pack/random.js";
import { LIST_CHANGED, type Json, type Plan, type Scenario } from "./model.js";

const WIDE = ["Zürich café", "東京 会議", "🚀 launch"] as const;

const initResult: Json = { protocolVersion: "2025-06-18", capabilities: { tools: { listChanged: true } }, serverInfo: { name: "serveur-ü", version: "1.0.0" } };
const wideTool = (name: string, k: number): Json => ({ name, description: `${WIDE[k % 3]} ${WIDE[(k + 1) % 3]}`, inputSchema: { type: "object", properties: { query: { type: "string" } }, required: [] } });
const refusal = (code: number, k: number): Plan => ({ kind: "error", code, message: `refusé: ${WIDE[k % 3]} ${WIDE[(k + 2) % 3]}` });

export function edgeScenarios(r: Random): Scenario[] {
  const name = `look_${r.pick(["ü", "東", "x"])}${r.int(0, 99)}`;
  // Errors and pumps past ASCII: a list and a call refused with such a message (thrown as McpError
  // with the response's code), a tool's text and a list of such tools, a pump whose batch holds
  // such a notification beside list_changed (one re-fetch), then one of such notes only (none).
  const wide: Scenario = {
    ops: [["connect"], ["list"], ["call", name, { query: WIDE[1] }], ["call", "weather", { city: WIDE[0] }], ["pump"], ["list"], ["pump"]],
    plans: [
      { kind: "ok", result: initResult }, refusal(r.pick([-32601, -32603]), 0), refusal(r.pick([-32602, -32600]), 1),
      { kind: "ok", result: { content: [{ type: "text", text: `${WIDE[2]} ${WIDE[1]}` }] } }, undefined,
      { kind: "ok", result: { tools: [wideTool(name, 1), wideTool("weather", 2)] } }, undefined,
    ],
    pumps: [
      { notes: [{ jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: `${WIDE[1]} ${WIDE[2]}` } }, { jsonrpc: "2.0", method: LIST_CHANGED }], tools: [wideTool(name, 0)] },
      { notes: [{ jsonrpc: "2.0", method: "notifications/message", params: { level: "warning", data: WIDE[0] } }], tools: [] },
    ],
  };
  // Two clients, one after the other, in one module instance, each its own connect: the first's
  // handshake refused (nothing of it is the second's: it sends its initialize all the same) ...
  const refused: Scenario = { ops: [["connect"]], plans: [refusal(r.pick([-32600, -32602]), 2)], pumps: [], calls: 2, freshClients: true };
  // ... and the first's tools cache, which the second starts without.
  const listed: Scenario = {
    ops: [["connect"], ["list"], ["call", name, { query: WIDE[2] }]],
    plans: [{ kind: "ok", result: initResult }, { kind: "ok", result: { tools: [wideTool(name, 2)] } }, { kind: "ok", result: { content: [{ type: "text", text: WIDE[0] }] } }],
    pumps: [], calls: 2, freshClients: true,
  };
  // Error codes outside JSON-RPC's reserved band (-32768..-32000): the specification leaves every
  // other integer to the application, and the page's client raises McpError for any error. Every
  // code scripted elsewhere is in the band, and a client that threw only there and handed any other
  // back as a result kept 18/18 (cheats-round-2026-12-07h sf-client-code-range).
  const [listCode, callCode, lateCode] = [r.pick([1, 42, 404]), r.pick([-1, 0, -32769]), r.pick([32000, 2 ** 31, -1001])];
  const appCodes: Scenario = {
    ops: [["connect"], ["list"], ["call", name, { query: "x" }], ["call", "weather", { city: WIDE[0] }], ["list"]],
    plans: [{ kind: "ok", result: initResult }, refusal(listCode, 0), refusal(callCode, 1), refusal(lateCode, 2), { kind: "ok", result: { tools: [wideTool(name, 0)] } }],
    pumps: [],
  };
  // Refusals whose code is 0 or whose message is empty: JSON-RPC's code is any integer and its
  // message any string, so each is an error all the same, thrown as McpError with its code; a
  // client that told an error by its code's or its message's truthiness returned them as results
  // (fair-round-2026-12-07g sf-m-client-error-code-truthy, -message-truthy). Calls only, after a
  // good one: the cache is no part of it. No draw.
  const falsy: Scenario = {
    ops: [["connect"], ["call", "add", { x: 1, y: 2 }], ["call", "add", { x: 2, y: 2 }], ["call", "weather", { city: WIDE[0] }], ["call", "add", { x: 0, y: 0 }]],
    plans: [
      { kind: "ok", result: initResult }, { kind: "ok", result: { content: [{ type: "text", text: "3" }] } },
      { kind: "error", code: 0, message: "refused (0)" }, { kind: "error", code: -32001, message: "" }, { kind: "error", code: 0, message: "" },
    ],
    pumps: [],
  };
  // What the specification allows beside the page's shapes: errors carrying data (an object, a
  // text, null), thrown as McpError with their code all the same, and a list_changed carrying
  // params ({"_meta": ...}), re-fetched all the same. Every scripted error was {code, message} and
  // every list_changed bare, and a client that kept either rule only for those kept 18/18
  // (cheats-round-2026-12-07i sf-client-errors-no-data-only, sf-pump-bare-note-only).
  const withData = (code: number, message: string, data: Json): Plan => ({ kind: "error", code, message, data });
  const optional: Scenario = {
    ops: [["connect"], ["list"], ["call", "weather", { city: "" }], ["call", name, { query: "x" }], ["call", "add", { x: 1, y: 2 }], ["pump"], ["pump"]],
    plans: [
      { kind: "ok", result: initResult }, withData(-32603, "tools unavailable", { retryAfter: r.int(1, 60) }),
      withData(r.pick([-32602, -32600]), "bad city", { field: "city", reason: "empty" }), withData(-32601, `unknown tool: ${name}`, null),
      withData(r.pick([-32603, 1]), "add failed", "trace: none"), undefined, undefined,
    ],
    pumps: [
      { notes: [{ jsonrpc: "2.0", method: LIST_CHANGED, params: { _meta: { origin: "lab" } } }], tools: [wideTool(name, 1)] },
      { notes: [{ jsonrpc: "2.0", method: LIST_CHANGED, params: {} }], tools: [wideTool(name, 2), wideTool("weather", 0)] },
    ],
  };
  // A tool name with spaces around it and an argument whose value is null: each sent as given, as
  // every other name and value is (gaming-round-2026-12-07r sf-narrow-client-call-name-trimmed,
  // -client-args-null-dropped kept 18/18). No draw.
  const asGiven: Scenario = {
    ops: [["connect"], ["call", " add ", { x: 1, y: 2 }], ["call", "add", { x: 1, y: null }]],
    plans: [{ kind: "ok", result: initResult }, { kind: "error", code: -32601, message: "unknown tool:  add " }, { kind: "ok", result: { content: [{ type: "text", text: "1" }] } }],
    pumps: [],
  };
  return [wide, refused, listed, appCodes, falsy, optional, asGiven];
}
