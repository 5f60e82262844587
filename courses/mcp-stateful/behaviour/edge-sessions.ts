// Sessions every seed sends, made after a check's padded session on a stream of their own (so that
// every session before them stays as it was): each shows a rule on an input no drawn session held,
// where a one-slip mistake kept 18/18 (helper's stateful-round-2026-12-07e, each confirmed by hand),
// and each rule on text that is not ASCII (accented, CJK and an astral emoji), where code that
// follows the rules only for ASCII messages kept every point (cheats-round-2026-12-07f sf-*-ascii-only).
// Fixed ids, named for what they show; each mistake fails one step's rule, so costs one check.
import type { Random } from "../../../src/pack/random.js";
import { PROTOCOL_VERSION } from "../course/index.js";
import { NEWER_VERSION, SessionBuilder } from "./generate.js";
import { madeName, type MadeTool } from "./made-tools.js";
import type { Session } from "./session.js";

/** Text past ASCII: Latin accents, CJK and a character beyond the BMP (a surrogate pair in UTF-16). */
export const WIDE = ["Zürich café", "東京 会議", "🚀 launch"] as const;
const wide = (k: number): string => `${WIDE[k % 3]} ${WIDE[(k + 1) % 3]}`;

const initializeParams = (b: SessionBuilder, version = PROTOCOL_VERSION): Record<string, unknown> => ({ protocolVersion: version, capabilities: {}, clientInfo: b.client() });

/** t2_handshake's and t2_initialize's. */
export function handshakeEdges(r: Random): Session[] {
  // The newer version asked (only a newer: an older one a server supporting it too may echo,
  // README "differ" 8), then requests of text past ASCII before initialized: the gate refuses
  // them whatever they hold (sf-gate-ascii-only).
  const newer = new SessionBuilder(r).setUp();
  newer.handle({ jsonrpc: "2.0", id: "init-newer-version", method: "initialize", params: initializeParams(newer, NEWER_VERSION) });
  newer.handle({ jsonrpc: "2.0", id: "gated-wide-call", method: "tools/call", params: { name: "weather", arguments: { city: wide(1) } } });
  newer.handle({ jsonrpc: "2.0", id: "gated-wide-prompt", method: "prompts/get", params: { name: "summarize", arguments: { topic: wide(0) } } });
  newer.handle({ jsonrpc: "2.0", id: "gated-wide-read", method: "resources/read", params: { uri: `lab://${wide(2)}` } });
  newer.initialized().handle({ jsonrpc: "2.0", id: "live-after-newer", method: "tools/list" });
  // An early initialized read one way, then an initialize refused for its jsonrpc and an initialized
  // after it: the specification's reading opens nothing at either (no initialize was answered), the
  // page's opens at the first. A server that counts the refused initialize as seen took the
  // specification's reading first and the page's after (m-spec-gate-seen-before-jsonrpc).
  const refused = new SessionBuilder(r).setUp().initialized();
  refused.handle({ jsonrpc: "2.0", id: "before-any-initialize", method: "tools/list" });
  refused.handle({ jsonrpc: "1.0", id: "refused-initialize", method: "initialize", params: initializeParams(refused) });
  refused.initialized().handle({ jsonrpc: "2.0", id: "after-refused-initialize", method: "tools/list" });
  return [newer.done(), refused.done()];
}

/** t2_tool_errors' and t2_tool_results': one server, its tools made here. */
export function toolEdges(r: Random): Session[] {
  const names: string[] = [];
  const fresh = (): string => {
    let name = madeName(r);
    while (names.includes(name)) name = madeName(r);
    names.push(name);
    return name;
  };
  const free = { type: "object" as const, properties: { query: { type: "string" } }, required: [] };
  const made = (text: string, more: Partial<MadeTool> = {}): MadeTool => ({ description: "Look things up.", inputSchema: free, text, ...more });
  const [typeError, twoLines, raisesWide, textWide, undescribed] = [fresh(), fresh(), fresh(), fresh(), fresh()];
  // "add " allows no tool add: names are compared as they are (m-allow-list-trimmed).
  const b = new SessionBuilder(r, [{ allowedTools: ["add ", "weather", typeError, twoLines, raisesWide, textWide, undescribed] }]).setUp();
  // A tool's own bug is a raise as any other: isError, not -32603 (m-tool-typeerror-internal).
  b.addTool(typeError, undefined, 0, made("", { raises: "Cannot read properties of undefined (reading 'length')", raisesType: "TypeError" }));
  // A message of two lines is the message (m-tool-error-first-line-only).
  b.addTool(twoLines, undefined, 0, made("", { raises: "quota exceeded\nretry in 60 s" }));
  // Not yet: a name added again with another tool, called (m-readd-keeps-first-tool). A server
  // that keeps both and runs the first (readd-duplicates) then fails t2_tool_results beside its
  // t2_tools_list: such a call must first be read as the re-add rule's (t2_tools_list's).
  b.addTool(raisesWide, undefined, 0, made("", { raises: `${wide(1)} unavailable` }));
  b.addTool(textWide, undefined, 0, made(`${wide(2)} → `, { echo: "query" }));
  // A description that is empty is the description: listed as "", not replaced by the name
  // (fair-round-2026-12-07g sf-m-tools-list-description-or-name; t2_tools_list judges the list).
  b.addTool(undescribed, undefined, 0, made("ok", { description: "" }));
  b.handshake();
  const call = (id: string, name: string, args: Record<string, unknown>): void => { b.handle({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }); };
  call("not-allowed-add-spaced", "add", { x: 1, y: 2 });
  call("raises-type-error", typeError, {});
  call("raises-two-lines", twoLines, {});
  // The lattice and a run on arguments past ASCII (sf-lattice-ascii-only, sf-tool-raise-ascii-only).
  call("wide-not-allowed", "delete_db", { note: wide(0) });
  call("wide-missing-argument", "weather", { ville: wide(1) });
  call("wide-raises", raisesWide, { query: wide(2) });
  call("wide-text", textWide, { query: wide(1) });
  b.handle({ jsonrpc: "2.0", id: "list-undescribed", method: "tools/list" });
  // Arguments given as the JSON text of an object are not an object: read as {} (the page's rule 9)
  // or refused (the specification), -32602 either way; parsed, they ran the tool
  // (fair-round-2026-12-07g sf-m-arguments-json-string-parsed).
  const raw = (id: string, params: Record<string, unknown>): void => { b.handle({ jsonrpc: "2.0", id, method: "tools/call", params }); };
  raw("arguments-json-text", { name: "weather", arguments: JSON.stringify({ city: "Pune" }) });
  raw("arguments-json-text-wide", { name: "weather", arguments: JSON.stringify({ city: wide(0) }) });
  // The page's refused call changed only where its rule does not look: delete_db, and add (this
  // allow-list names "add ", no add), under a string id, ids past 99, with extra, long or
  // non-ASCII arguments; and weather's city missing under one. Both readings refuse each the same
  // way (the allow-list before the arguments): code that refused only under number ids or short
  // arguments kept the page's line (sf-lattice-number-ids-only, -short-args-only; page-calls.ts).
  const numbered = (id: number, name: string, args: Record<string, unknown>): void => { b.handle({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }); };
  call("page-call-string-id", "delete_db", {});
  numbered(100, "delete_db", {});
  numbered(65_536, "delete_db", { confirm: true, reason: "clean up before the quarterly migration of every table" });
  numbered(1_000, "add", { x: 2, y: 3, note: wide(2) });
  call("not-allowed-extra-arguments", "add", { x: 2, y: 3, z: 4 });
  numbered(101, "weather", { units: "metric", note: "the forecast for the whole coming week, hour by hour" });
  return [b.done(), longEdges(r)];
}

/**
 * The allow-list where state and sizes have grown past anything a drawn session holds: a client
 * of a long name, an allow-list of many names that still leaves delete_db and add out, refused
 * calls after a dozen tools/call, under ids up to Number.MAX_SAFE_INTEGER and with arguments of
 * large numbers. Each kept its point while no session went past it (cheats-round-2026-12-07h
 * sf-allow-short-client-name, -small-config, -first-8-calls, -ids-below-1e4, -big-numbers).
 * Both readings refuse each the same way: the allow-list before the arguments.
 */
function longEdges(r: Random): Session {
  const unknown = Array.from({ length: 10 }, (_, k) => `${r.word(4, 8)}_${k}`);
  const b = new SessionBuilder(r, [{ allowedTools: ["weather", ...unknown, "subtract"] }]).setUp();
  const words = Array.from({ length: 8 }, () => r.word(4, 9)).join(" ");
  const clientInfo = { name: `Research Assistant Desktop for ${words} (enterprise build ${r.int(100, 999)})`, version: `${r.int(1, 9)}.0.0` };
  b.handle({ jsonrpc: "2.0", id: "init-long-client", method: "initialize", params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo } }).initialized();
  const call = (id: string | number, name: string, args: Record<string, unknown>): void => { b.handle({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } }); };
  for (let k = 0; k < 12; k++) call(`long-allowed-${k}`, "weather", { city: r.pick(["Paris", "Lima", "Oslo", "Accra"]) });
  call(Number.MAX_SAFE_INTEGER, "delete_db", {});
  call(2 ** 40 + r.int(0, 999), "add", { x: 1_000_000_007, y: -(2 ** 53 - 1) });
  call("long-big-numbers", "delete_db", { limit: 1e12, older_than_days: 36_500 });
  call(10_000 + r.int(0, 89_999), "add", { x: 2.5e9, y: 3 });
  return b.done();
}

/** t2_prompts_resources'. */
export function promptResourceEdges(r: Random): Session[] {
  const b = new SessionBuilder(r).handshake();
  const request = (id: string, method: string, params: Record<string, unknown>): void => { b.handle({ jsonrpc: "2.0", id, method, params }); };
  // A uri is looked up as it is: no scheme is no resource (m-resource-uri-scheme-stripped), nor is
  // a percent-encoding of one (m-resource-uri-decoded).
  request("uri-without-scheme", "resources/read", { uri: "readme" });
  request("uri-percent-encoded", "resources/read", { uri: "lab://read%6De" });
  request("uri-wide", "resources/read", { uri: `lab://${wide(1)}` });
  // A value is text as any other, "undefined" too (m-prompt-missing-by-undefined-text).
  request("value-undefined", "prompts/get", { name: "summarize", arguments: { topic: "undefined" } });
  // Values past ASCII: filled, and a variable missing is -32602 all the same (sf-prompt-vars-ascii-only).
  request("wide-values", "prompts/get", { name: "compare", arguments: { a: wide(0), b: wide(2) } });
  request("wide-missing-variable", "prompts/get", { name: "compare", arguments: { a: wide(1) } });
  return [b.done()];
}

/** t2_notifications' (and, by their rules, t2_tools_list's). */
export function notificationEdges(r: Random): Session[] {
  const b = new SessionBuilder(r).setUp().handshake();
  // A notification is never answered, whatever its method holds (m-notification-bad-method-answered).
  b.handle({ jsonrpc: "2.0", method: 7 }).handle({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: wide(0), progress: 1, message: wide(2) } });
  // An initialize whose id is null is a request refused -32600 like any (m-initialize-before-id-check).
  b.handle({ jsonrpc: "2.0", id: null, method: "initialize", params: initializeParams(b) });
  // 7001 and "7001" are two ids (JSON-RPC: a string and a number): neither is a reused id
  // (m-reused-ids-string-keyed, m-reused-ids-loose-equality). Far from the session's own ids.
  b.handle({ jsonrpc: "2.0", id: 7001, method: "tools/list" }).handle({ jsonrpc: "2.0", id: "7001", method: "tools/list" });
  // Ids, methods and jsonrpc past ASCII: echoed, -32601, -32600.
  b.handle({ jsonrpc: "2.0", id: `id-${wide(1)}`, method: "prompts/list" });
  b.handle({ jsonrpc: "2.0", id: "wide-method", method: `tools/${wide(0)}` });
  b.handle({ jsonrpc: "2.0 ✓", id: "wide-jsonrpc", method: "tools/list" });
  return [b.done()];
}
