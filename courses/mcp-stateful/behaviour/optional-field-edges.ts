// Sessions every seed sends after a check's other edge sessions (edge-sessions.ts), on the same
// stream once those are drawn: inputs that carry what the specification allows and no other
// session held. Params with _meta (a progressToken, as SDK clients attach), a client declaring
// roots and sampling, a clientInfo with a title, a uri of another scheme, a prompt argument no
// prompt declares, a tool with a title and annotations, a tool raising an Error with no message.
// Code that kept a rule only for inputs without them kept 18/18 (cheats-round-2026-12-07i
// sf-gate-no-meta, sf-allow-page-capabilities, sf-required-plain-clientinfo,
// sf-unknown-tool-no-meta, sf-resource-unknown-lab-scheme, sf-prompt-vars-no-extra-args,
// sf-notify-plain-tools-only, sf-tool-raise-nonempty-message). Each input is one a correct server
// answers the same by the page and by the specification; each lazy path fails one step's rule.
import type { Random } from "../../../src/pack/random.js";
import { PROTOCOL_VERSION } from "../course/index.js";
import { SessionBuilder } from "./generate.js";
import { madeName, type MadeTool } from "./made-tools.js";
import type { Session } from "./session.js";

type Params = Record<string, unknown>;
const meta = (r: Random): Params => ({ _meta: { progressToken: r.pick([`progress-${r.int(1, 999)}`, r.int(1, 999)]) } });

/** t2_handshake's: requests with params._meta before notifications/initialized are gated like any. */
export function gateMetaEdges(r: Random): Session[] {
  const b = new SessionBuilder(r).setUp().initialize();
  b.handle({ jsonrpc: "2.0", id: "gated-meta-list", method: "tools/list", params: meta(r) });
  b.handle({ jsonrpc: "2.0", id: "gated-meta-call", method: "tools/call", params: { name: "add", arguments: { x: 2, y: 3 }, ...meta(r) } });
  b.handle({ jsonrpc: "2.0", id: "gated-meta-read", method: "resources/read", params: { uri: "lab://readme", ...meta(r) } });
  b.initialized().handle({ jsonrpc: "2.0", id: "live-meta-call", method: "tools/call", params: { name: "add", arguments: { x: 2, y: 3 }, ...meta(r) } });
  return [b.done()];
}

/**
 * t2_tool_errors' (and t2_tool_results'): a client declaring every client capability and a titled
 * clientInfo, the lattice's three refusals with and without _meta, and a tool raising Error("")
 * (its result is "ERROR: " and the empty message, isError).
 */
export function lookupFieldEdges(r: Random): Session[] {
  const silent = madeName(r);
  const b = new SessionBuilder(r, [{ allowedTools: ["add", "weather", silent] }]).setUp();
  b.addTool(silent, undefined, 0, { description: "Fails without a word.", inputSchema: { type: "object", properties: { query: { type: "string" } }, required: [] }, text: "", raises: "" });
  const clientInfo = { ...b.client(), title: `${r.pick(["Research", "Ops", "Study"])} Desk ${r.int(2, 9)}` };
  const capabilities = { roots: { listChanged: true }, sampling: {}, elicitation: {}, experimental: { [`lab.${r.word(3, 6)}`]: {} } };
  b.handle({ jsonrpc: "2.0", id: "init-every-capability", method: "initialize", params: { protocolVersion: PROTOCOL_VERSION, capabilities, clientInfo } }).initialized();
  const call = (id: string, name: string, args: Params, more: Params = {}): void => { b.handle({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, ...more } }); };
  call("capable-not-allowed", "delete_db", {});
  call("titled-missing-argument", "weather", {});
  call("meta-unknown-tool", "multiply", { x: 2, y: 3 }, meta(r));
  call("meta-not-allowed", "delete_db", {}, meta(r));
  call("meta-missing-argument", "weather", { units: "metric" }, meta(r));
  call("raises-empty-message", silent, { query: "x" });
  // A name that is no string, arguments as [key, value] pairs, argument keys padded or in another
  // case: an unknown tool, and missing arguments (arguments not an object are read as {}). A lookup
  // by String(name), by Object.fromEntries of a list, or by trimmed or lower-cased keys answered
  // them (gaming-round-2026-12-07r sf-narrow-tool-name-stringified, -tool-args-array-pairs,
  // -required-keys-trimmed, -required-keys-case-insensitive kept 18/18). No draw.
  call("name-as-list", ["add"] as unknown as string, { x: 2, y: 3 });
  call("arguments-as-pairs", "add", [["x", 2], ["y", 3]] as unknown as Params);
  call("argument-key-padded", "add", { "x ": 2, y: 3 });
  call("argument-key-other-case", "add", { X: 2, y: 3 });
  return [b.done()];
}

/** t2_prompts_resources': unknown uris of other schemes (a known name under one too), and a variable missing beside an argument the prompt does not declare (-32602 by either reading). */
export function schemeExtraArgEdges(r: Random): Session[] {
  const b = new SessionBuilder(r).handshake();
  const request = (id: string, method: string, params: Params): void => { b.handle({ jsonrpc: "2.0", id, method, params }); };
  request("uri-file-scheme", "resources/read", { uri: "file:///lab/readme" });
  request("uri-https-scheme", "resources/read", { uri: `https://${r.word(3, 7)}.example/readme` });
  request("uri-meta-unknown", "resources/read", { uri: "file:///etc/hosts", ...meta(r) });
  request("extra-argument-missing-variable", "prompts/get", { name: "compare", arguments: { a: "MCP", c: "JSON-RPC" } });
  request("extra-argument-missing-topic", "prompts/get", { name: "summarize", arguments: { style: "short" } });
  // Names that are no strings, a known uri with a trailing "/" or a query, a prompt's arguments as
  // [key, value] pairs: unknown, and a variable missing (gaming-round-2026-12-07r
  // sf-narrow-resource-uri-*, -prompt-name-stringified, -prompt-args-array-pairs kept 18/18).
  request("uri-as-list", "resources/read", { uri: ["lab://readme"] });
  request("uri-trailing-slash", "resources/read", { uri: "lab://readme/" });
  request("uri-with-query", "resources/read", { uri: "lab://readme?v=2" });
  request("prompt-name-as-list", "prompts/get", { name: ["summarize"], arguments: { topic: "MCP" } });
  request("prompt-arguments-as-pairs", "prompts/get", { name: "summarize", arguments: [["topic", "MCP"]] });
  // A known resource's name under another scheme, in a session of its own (a call of the driver
  // is a session, whose work CALL_FUEL_FACTOR measures): a read matching the part after "//"
  // found it (narrow-round-2026-12-07o sf-narrow-resource-by-name kept 18/18).
  const other = new SessionBuilder(r).handshake();
  other.handle({ jsonrpc: "2.0", id: "uri-other-scheme-known-name", method: "resources/read", params: { uri: "file://readme" } });
  return [b.done(), other.done()];
}

/**
 * t2_list_changed's: tools with the Tool fields beside name, description and inputSchema (a title,
 * annotations), added with notify to a live session: each queues list_changed. Never listed here,
 * so no reading of which fields tools/list carries comes into it.
 */
export function richToolEdges(r: Random): Session[] {
  const base = (description: string, extra: Params): MadeTool => ({ description, inputSchema: { type: "object", properties: { query: { type: "string" } }, required: [] }, text: "ok", extra });
  const b = new SessionBuilder(r).setUp().handshake();
  b.addTool(`${madeName(r)}_1`, true, 0, base("Look things up.", { title: "Lookup" }));
  b.drain();
  b.addTool(`${madeName(r)}_2`, true, 0, base("Count things.", { annotations: { readOnlyHint: true, openWorldHint: false } }));
  b.addTool(`${madeName(r)}_3`, false, 0, base("Rank things.", { title: "Ranker", annotations: { title: "Ranker", idempotentHint: true } }));
  b.drain();
  return [b.done()];
}
