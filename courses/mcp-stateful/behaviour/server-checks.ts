// The server's behaviour checks: each a named set of generated sessions (its own random stream
// from the seed, so that adding a check leaves the others' sessions as they were). Every session
// runs in a fresh module instance of the student's file. A check judges, in every session, the
// steps whose answer its rules decide (the model says which rule did: model.ts), so that one
// mistake fails the check about it; the envelope check judges every answer's envelope; and
// t2_isolation compares each of two servers side by side with the same server alone.
import { makeRandom, type Random } from "../../../src/pack/random.js";
import { withKeyOrders } from "../../../src/pack/key-orders.js";
import { PROMPTS, PROTOCOL_VERSION } from "../course/index.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { allowList, anyCall, argsFor, INHERITED_NAMES, METHODS, SessionBuilder, TOOL_NAMES, UNKNOWN_METHODS, UNKNOWN_TOOLS } from "./generate.js";
import { padded } from "./padding.js";
import { madeArgs, madeName, madeTool, requiredArgs, withOptional, type MadeTool } from "./made-tools.js";
import type { Session, Step, StepRule } from "./session.js";
import type { ServerConfig } from "../course/index.js";
import { handshakeEdges, notificationEdges, promptResourceEdges, toolEdges } from "./edge-sessions.js";
import { gateMetaEdges, lookupFieldEdges, richToolEdges, schemeExtraArgEdges } from "./optional-field-edges.js";

export interface ServerCheck {
  name: string;
  title: string;
  hint: string;
  /** The rules whose steps it judges; "envelope": every step's envelope; "alone": each server beside another against itself alone. */
  judges: readonly StepRule[] | "envelope" | "alone";
  /** Its sessions; empty for a check that reads every other check's sessions (the envelope). */
  sessions(random: Random): Session[];
  /** Sessions sent on every seed after the padded one, on a stream of their own (edge-sessions.ts). */
  edges?(random: Random): Session[];
}

/** Notifications other than initialized a client may send. */
const OTHER_NOTIFICATIONS = ["notifications/cancelled", "notifications/roots/list_changed", "notifications/progress"];

const times = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));

function handshakeSessions(r: Random): Session[] {
  const out: Session[] = [];
  // No handshake at all: every method is refused.
  out.push(new SessionBuilder(r).setUp().request("tools/list").request("tools/call", { name: "add", arguments: { x: 1, y: 2 } }).request("resources/list").request("prompts/list").request("nope/nothing").done());
  // initialize answered, initialized missing, then late.
  const late = new SessionBuilder(r).setUp().initialize();
  times(r.int(1, 3), () => anyCall(late, r));
  late.initialized();
  times(r.int(1, 3), () => anyCall(late, r));
  out.push(late.done());
  // initialized early (before initialize), then the handshake.
  const early = new SessionBuilder(r).setUp().initialized().request("tools/list").initialize().request("tools/list");
  if (r.bool()) early.initialized().request("tools/list");
  out.push(early.done());
  // initialized twice; initialize again once live.
  out.push(new SessionBuilder(r).setUp().handshake().initialized().request("tools/list").initialize().request("prompts/list").done());
  // Other notifications never open the gate: only notifications/initialized does.
  const others = new SessionBuilder(r).setUp().initialize();
  for (const method of OTHER_NOTIFICATIONS) others.notify(method, r.bool() ? { requestId: 1 } : undefined).request(r.pick(METHODS));
  // Nor does one with jsonrpc "1.0": a server that opened the session before its jsonrpc check
  // passed while a good one always came next (initialized-before-jsonrpc-check). A fixed id: no
  // draw, the other sessions stay. (One with id null is a request, t2_notifications' badId: a
  // server that reads a falsy id as a notification's fails there, and is not charged here too.)
  others.handle({ jsonrpc: "1.0", method: "notifications/initialized" }).handle({ jsonrpc: "2.0", id: "gated-1", method: "tools/list" });
  out.push(others.initialized().request("tools/list").done());
  // Random orders of the handshake's two steps among calls.
  for (let k = 0; k < 6; k++) {
    const b = new SessionBuilder(r).setUp();
    for (let i = 0, n = r.int(1, 8); i < n; i++) {
      const pick = r.int(0, 5);
      if (pick === 0) b.initialize();
      else if (pick === 1) b.initialized();
      else anyCall(b, r);
    }
    out.push(b.done());
  }
  // On every seed (drawn last: the sessions above keep their streams): initialize twice before the
  // session is live, answered both times. The random orders drew it on some seeds only, and a server
  // refusing a second initialize until live kept every point on the others (helper 104's
  // m-initialize-again-refused-before-live).
  out.push(new SessionBuilder(r).setUp().initialize().initialize().initialized().request("tools/list").done());
  // On every seed, fixed ids, drawn last (helper 110's stateful-round-2026-12-06v, 18/18 each while
  // no session showed them): "initialized" without its prefix (LSP's name) opens nothing
  // (m-initialized-lsp-alias); notifications/initialized holding params {} opens the session
  // (m-initialized-without-params-only); an id past 2**31 (m-id-int32-range); initialize again once
  // live from a client of another name is answered (m-reinitialize-other-client-refused).
  // The params one in a session of its own, one request after it: a gate it leaves shut refuses
  // every later request, each another check's.
  const edges = new SessionBuilder(r).setUp().initialize();
  edges.handle({ jsonrpc: "2.0", method: "initialized" }).handle({ jsonrpc: "2.0", id: "lsp-gated", method: "tools/list" }).initialized();
  edges.handle({ jsonrpc: "2.0", id: 2 ** 40, method: "tools/list" });
  edges.handle({ jsonrpc: "2.0", id: "init-other-client", method: "initialize", params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "another-client", version: "9.9.9" } } });
  out.push(edges.done());
  const withParams = new SessionBuilder(r).setUp().initialize();
  out.push(withParams.handle({ jsonrpc: "2.0", method: "notifications/initialized", params: {} }).handle({ jsonrpc: "2.0", id: "live-after-params", method: "tools/list" }).done());
  // On every seed, fixed ids, drawn last (helper 115's stateful-round-2026-12-07b
  // m-id-checked-after-dispatch, 18/18 while the only id-null initialized came before initialize,
  // with the real handshake right after): once initialize is answered, notifications/initialized
  // with "id": null is a request (-32600, t2_notifications') and opens nothing, so the next
  // request is still refused.
  const nullId = new SessionBuilder(r).setUp().initialize();
  out.push(nullId.handle({ jsonrpc: "2.0", id: null, method: "notifications/initialized" }).handle({ jsonrpc: "2.0", id: "gated-after-null-id", method: "tools/list" }).done());
  return out;
}

function toolCallSessions(r: Random): Session[] {
  // On every seed: each name no tool has (Object.prototype's among them: the tools are no plain
  // object), and arguments absent or not an object (read as {}), on tools with and without
  // required arguments.
  const names = new SessionBuilder(r, [{ allowedTools: [...TOOL_NAMES, ...UNKNOWN_TOOLS] }]).setUp(TOOL_NAMES).handshake();
  for (const name of UNKNOWN_TOOLS) names.request("tools/call", { name, arguments: {} });
  for (const args of [undefined, null, "x", [1, 2]]) {
    for (const name of ["delete_db", "flaky", "add"]) names.request("tools/call", args === undefined ? { name } : { name, arguments: args });
  }
  return [names.done(), ...times(10, () => {
    const b = new SessionBuilder(r, [{ allowedTools: allowList(r) }]).setUp(TOOL_NAMES.filter(() => r.int(0, 3) > 0)).handshake();
    for (let i = 0, n = r.int(2, 7); i < n; i++) {
      const name = r.int(0, 5) === 0 ? r.pick(UNKNOWN_TOOLS) : r.pick(TOOL_NAMES);
      const params: Record<string, unknown> = { name, arguments: argsFor(r, name, r.int(0, 3) === 0) };
      if (r.int(0, 7) === 0) delete params["arguments"];
      b.request("tools/call", params);
    }
    return b.done();
  }), madeToolSession(r), nullArguments(r), optionalArguments(r), inheritedNamedTools(r), lookalikes(r), otherCaseAllowed(r), emptyText(r), moreThanEight(r)];
}

/**
 * A tool whose run returns "": its text is "", nothing put in its place. Every tool's text was
 * non-empty, and a server that answered "(no output)" for an empty one kept 18/18 (helper 115's
 * stateful-round-2026-12-07b m-tool-empty-text-placeholder). On every seed, drawn last, a fixed id.
 */
function emptyText(r: Random): Session {
  const silent: MadeTool = { description: "Do a thing quietly.", inputSchema: { type: "object", properties: {}, required: [] }, text: "" };
  const name = madeName(r);
  const b = new SessionBuilder(r, [{ allowedTools: ["add", name] }]).setUp(["add"]).addTool(name, undefined, 0, silent).handshake();
  return b.handle({ jsonrpc: "2.0", id: "empty-text", method: "tools/call", params: { name, arguments: {} } }).done();
}

/**
 * More than eight tools on one server (the lab's six and three or four made ones), listed once:
 * lab://config's {"maxTools": 8} is the lab's data, which add_tool does not enforce. No session had
 * more than eight, and a server dropping the ninth kept 18/18 (helper 115's
 * stateful-round-2026-12-07b m-max-tools-from-config). None is called: the list alone shows it
 * (t2_tools_list). On every seed, drawn last, a fixed id.
 */
function moreThanEight(r: Random): Session {
  const made: [string, MadeTool][] = [];
  for (let i = 0, n = r.int(3, 4); i < n; i++) {
    let name = madeName(r);
    while (made.some(([m]) => m === name)) name = madeName(r);
    made.push([name, madeTool(r, false)]);
  }
  const b = new SessionBuilder(r, [{ allowedTools: allowList(r) }]).setUp(TOOL_NAMES);
  for (const [name, data] of made) b.addTool(name, undefined, 0, data);
  return b.handshake().handle({ jsonrpc: "2.0", id: "nine-tools", method: "tools/list" }).done();
}

/**
 * Names and envelopes near the ones the other sessions send, on every seed (drawn last, so the
 * sessions before keep their streams), each a mistake that kept 18/18 (helper 104): an allow-list
 * naming "add_more" and "sub" but not add or subtract (an allow-list joined into one string and
 * searched, m-allow-list-joined-string), a negative id (m-id-nonnegative-only), params null on
 * resources/read (not tools/call, whose missing name a server may refuse -32602: the spec reads it
 * so, c-call-name-missing-32602), which
 * the page reads as {} as it reads params left out (m-params-null-destructure-default), and prompt
 * names in another case or with a space (m-prompt-name-case-insensitive). Fixed ids: no draw.
 */
function lookalikes(r: Random): Session {
  const b = new SessionBuilder(r, [{ allowedTools: ["weather", "add_more", "sub"] }]).setUp(["add", "subtract", "weather"]).handshake();
  b.handle({ jsonrpc: "2.0", id: "not-allowed-add", method: "tools/call", params: { name: "add", arguments: { x: 1, y: 2 } } });
  b.handle({ jsonrpc: "2.0", id: "not-allowed-subtract", method: "tools/call", params: { name: "subtract", arguments: { x: 3, y: 1 } } });
  b.handle({ jsonrpc: "2.0", id: -1, method: "tools/list" });
  // One step each: a mistake shown by two checks would cost two points.
  b.handle({ jsonrpc: "2.0", id: "params-null", method: "resources/read", params: null });
  for (const name of ["Summarize", "summarize ", "COMPARE"]) b.handle({ jsonrpc: "2.0", id: `prompt-${name}`, method: "prompts/get", params: { name, arguments: { topic: "MCP", a: "x", b: "y" } } });
  // No uri in another case: a URL's scheme is case-insensitive (RFC 3986), and a lookup by a parsed
  // URL's href finds "LAB://readme" rightly (correct-url-intl-lookup).
  return b.done();
}

/**
 * An allow-list naming a tool in another case than its own: the names are compared exactly, so
 * "ADD" allows no tool add (an allow-list compared lowercased kept 18/18: helper 110's
 * m-allow-case-insensitive). On every seed, drawn last, a fixed id.
 */
function otherCaseAllowed(r: Random): Session {
  const b = new SessionBuilder(r, [{ allowedTools: ["ADD", "weather"] }]).setUp(["add", "weather"]).handshake();
  return b.handle({ jsonrpc: "2.0", id: "allowed-in-caps", method: "tools/call", params: { name: "add", arguments: { x: 1, y: 2 } } }).done();
}

/**
 * A tool named as Object.prototype's, on every seed (drawn last: the sessions before keep their
 * streams): "constructor" added and not allowed, called. An allow-list read from a plain object
 * (`allowed[name]`) finds it inherited (helper 98's allow-object-lookup kept 18/18). Not a required
 * argument so named: `key in args`, the page's Python `key not in args` ported word for word, is
 * how the class's correct ports read required arguments (correct-plain-js, correct-spec-reading).
 */
function inheritedNamedTools(r: Random): Session {
  const build: MadeTool = { description: "Build a thing.", inputSchema: { type: "object", properties: {}, required: [] }, text: "built" };
  const b = new SessionBuilder(r, [{ allowedTools: ["add"] }]).setUp(["add"]).addTool("constructor", undefined, 0, build).handshake();
  return b.request("tools/call", { name: "constructor", arguments: {} }).request("tools/call", { name: "add", arguments: { x: 1, y: 2 } }).done();
}

/**
 * Optional arguments left out: two tools made from data, each with a property no `required`
 * names (made-tools.ts withOptional), one added before the handshake and one once live, called
 * with their required arguments only (none falsy: made-tools.ts requiredArgs), then the first with
 * every property. Every other call sends
 * every property (the lab's tools have no optional one), and a server that took each property of
 * inputSchema for a required one kept 18/18 (cheats-2026-12-06f required-all-properties). Drawn
 * last: the sessions before keep their streams. Short: the check's longest session is padded.
 */
function optionalArguments(r: Random): Session {
  const made: [string, MadeTool][] = [];
  for (let i = 0; i < 2; i++) {
    let name = madeName(r);
    while (made.some(([m]) => m === name)) name = madeName(r);
    made.push([name, withOptional(r, madeTool(r, i === 1))]);
  }
  const [[first, firstData], [late, lateData]] = made as [[string, MadeTool], [string, MadeTool]];
  const b = new SessionBuilder(r, [{ allowedTools: [...TOOL_NAMES, first, late] }]).setUp(["add"]).addTool(first, undefined, 0, firstData).handshake();
  b.request("tools/call", { name: first, arguments: requiredArgs(r, firstData) });
  b.addTool(late, undefined, 0, lateData).request("tools/call", { name: late, arguments: requiredArgs(r, lateData) });
  return b.request("tools/call", { name: first, arguments: madeArgs(r, firstData) }).done();
}

/** The check whose sessions hold the names no tool has. */
export const UNKNOWN_NAMES_CHECK = "t2_tool_errors";

/**
 * A session calling, as tools, names the submission's own code uses (src/pack/own-names.ts): a
 * server that keeps its tools on an object with methods of its own finds those methods too.
 * Every name is allowed, so that only the lookup can refuse it.
 */
export function ownNamesSession(names: readonly string[], seed: number): Session {
  const b = new SessionBuilder(makeRandom((seed ^ 0x0a3e) >>> 0), [{ allowedTools: [...TOOL_NAMES, ...names] }]).setUp(TOOL_NAMES).handshake();
  for (const name of names) b.request("tools/call", { name, arguments: {} });
  return b.done();
}

/**
 * A required argument holding null is given (Object.hasOwn): add's x null is 0 to the tool, and
 * weather's city null is its text. A server that read `args[key] == null` as missing kept its
 * point while no argument was ever null (helper 58). Drawn last: the sessions before keep their streams.
 */
function nullArguments(r: Random): Session {
  const b = new SessionBuilder(r, [{ allowedTools: [...TOOL_NAMES] }]).setUp(TOOL_NAMES).handshake();
  for (const [name, args] of [["add", { x: null, y: 2 }], ["subtract", { x: 5, y: null }], ["weather", { city: null }]] as const) b.request("tools/call", { name, arguments: args });
  return b.done();
}


/**
 * Tools made from data beside lab tools (made-tools.ts): listed before any live add (their
 * entries are t2_tools_list's), each called, one raising, one sometimes not allowed, a required
 * argument sometimes left out. Last in its check's list and drawn after the others, so that the
 * sessions before it stay as they were; shorter than the check's longest (the padded one).
 */
function madeToolSession(r: Random): Session {
  const made: [string, MadeTool][] = [];
  for (let i = 0, n = r.int(2, 3); i < n; i++) {
    let name = madeName(r);
    while (made.some(([m]) => m === name)) name = madeName(r);
    made.push([name, madeTool(r, i === 1)]);
  }
  const refused = made.length > 2 && r.bool() ? made[2]![0] : undefined;
  const lab = TOOL_NAMES.filter(() => r.int(0, 3) === 0);
  const allowed = [...lab, ...made.map(([name]) => name).filter((name) => name !== refused)];
  const b = new SessionBuilder(r, [{ allowedTools: allowed }]);
  // The lab's tools and the made ones interleaved, in a drawn order.
  const adds = [...lab.map((name) => [name] as [string, MadeTool?]), ...made];
  for (let i = adds.length - 1; i > 0; i--) { const j = r.int(0, i); [adds[i], adds[j]] = [adds[j]!, adds[i]!]; }
  for (const [name, data] of adds) b.addTool(name, undefined, 0, data);
  b.handshake().request("tools/list");
  for (const [name, data] of made) b.request("tools/call", { name, arguments: madeArgs(r, data) });
  const [name, data] = r.pick(made);
  b.request("tools/call", { name, arguments: madeArgs(r, data, r.bool()) });
  if (lab.length) { const l = r.pick(lab); b.request("tools/call", { name: l, arguments: argsFor(r, l) }); }
  // On every seed (drawn last, so the steps above stay as they were): the first made tool (it runs,
  // and always has a required argument) called with one left out, and a made tool added once live
  // that the allow-list does not name, called. A server that checks the required arguments or the
  // allow-list only for the lab's own names (gaming-required-by-lab-schema,
  // gaming-allow-lab-names-only) passed the seeds where neither came up.
  const [first, firstData] = made[0]!;
  b.request("tools/call", { name: first, arguments: madeArgs(r, firstData, true) });
  let late = madeName(r);
  while (made.some(([m]) => m === late)) late = madeName(r);
  const lateData = madeTool(r, false);
  b.addTool(late, undefined, 0, lateData).request("tools/call", { name: late, arguments: madeArgs(r, lateData, r.bool()) });
  return b.done();
}

function listChangedSessions(r: Random): Session[] {
  return times(10, () => {
    const b = new SessionBuilder(r, [{ allowedTools: allowList(r) }]);
    const notify = (): boolean | undefined => r.pick([true, false, undefined, true]);
    for (let i = 0, n = r.int(0, 2); i < n; i++) b.addTool(r.pick(TOOL_NAMES), notify());
    if (r.bool()) b.drain();
    if (r.int(0, 4) > 0) b.initialize();
    for (let i = 0, n = r.int(0, 2); i < n; i++) b.addTool(r.pick(TOOL_NAMES), notify());
    if (r.int(0, 5) > 0) b.initialized();
    for (let i = 0, n = r.int(1, 4); i < n; i++) {
      const pick = r.int(0, 3);
      if (pick === 0) b.addTool(r.pick(TOOL_NAMES), notify());
      else if (pick === 1) b.drain();
      else if (pick === 2) b.request("tools/list");
      else b.request("tools/call", { name: r.pick(TOOL_NAMES), arguments: argsFor(r, "add") });
    }
    return b.drain().request("tools/list").drain().done();
  }).concat(
    // On every seed: two tools added with notify in a live session before one drain, two
    // notifications (the page's add_tool appends one per call). Random sessions drew it on some
    // seeds only, and an outbox that held one notification at most kept 8/8 on the others.
    new SessionBuilder(r, [{ allowedTools: allowList(r) }]).handshake().addTool(r.pick(TOOL_NAMES), true).addTool(r.pick(TOOL_NAMES), true).drain().request("tools/list").drain().done(),
    // And (drawn after it) a name added again with notify, and a notification queued before an
    // initialize that comes once live: each queues as the page's add_tool does, and initialize
    // leaves the outbox as it is (helper 104's m-notify-new-names-only, caught on some seeds, and
    // m-outbox-cleared-on-initialize, on none).
    new SessionBuilder(r, [{ allowedTools: allowList(r) }]).setUp(["add"]).handshake().addTool("add", true).drain().addTool("add", true).addTool("weather", true).initialize().drain().request("tools/list").done(),
    // And (drawn after those) a tools/list between a notify and the drain, which leaves the outbox as
    // it is, then a tool added without notify after a list, which the next list shows (helper 110's
    // m-outbox-cleared-by-tools-list and m-list-memo-dropped-on-notify-only, caught on some seeds).
    new SessionBuilder(r, [{ allowedTools: allowList(r) }]).setUp(["add"]).handshake().addTool("weather", true).request("tools/list").drain().addTool("subtract", false).request("tools/list").done(),
    // And (drawn after those, helper 115's stateful-round-2026-12-07b, 18/18 each while no session
    // showed it): a notification queued once live, then notifications/initialized again before
    // the drain, which leaves the outbox as it is (m-outbox-reset-on-initialized); more than 16
    // notifications queued before one drain, every one kept (m-outbox-bounded-16; lab names only,
    // so no server holds more than six tools); and the very tool object the server holds added
    // again with notify, as the page's host re-adds a LAB_TOOLS entry (m-readd-same-object-no-notify).
    new SessionBuilder(r, [{ allowedTools: allowList(r) }]).setUp(["add"]).handshake().addTool("weather", true).initialized().drain().done(),
    (() => {
      const b = new SessionBuilder(r, [{ allowedTools: allowList(r) }]).setUp(["add"]).handshake();
      for (let i = 0, n = r.int(17, 24); i < n; i++) b.addTool(TOOL_NAMES[i % TOOL_NAMES.length]!, true);
      return b.drain().done();
    })(),
    new SessionBuilder(r, [{ allowedTools: allowList(r) }]).addShared("add").handshake().addShared("add", true).drain().done(),
  );
}

function promptResourceSessions(r: Random): Session[] {
  return times(6, (k) => {
    const b = new SessionBuilder(r).handshake();
    // A value holding another placeholder is filled once (str.format), never again by a later
    // argument, in either order: a's holding "{b}" and b's holding "{a}". A fill of b before a
    // passed every seed whose draws held no b = "{a}" (cheats-2026-12-06f prompt-fill-reversed).
    // A fixed id: no draw, the session's other steps stay as they were.
    if (k === 0) {
      b.request("prompts/get", { name: "compare", arguments: { a: "{b}", b: "MCP" } });
      b.handle({ jsonrpc: "2.0", id: "fill-b-first", method: "prompts/get", params: { name: "compare", arguments: { a: "MCP", b: "{a}" } } });
    }
    // On every seed: each error the two lists and two reads can give, once.
    if (k === 1) {
      for (const uri of ["lab://missing", "", "lab://broken"]) b.request("resources/read", { uri });
      b.request("prompts/get", { name: "missing", arguments: {} }).request("prompts/get", { name: "summarize", arguments: {} }).request("prompts/get", { name: "compare", arguments: { a: "x" } });
      // An empty string is a value: filled, never taken for a missing variable (random values
      // hold "" on some seeds only: prompt-empty-value-missing passed seed 7). And a value holding
      // "$&" and "$'", text to str.format, which a string replacement reads as patterns.
      b.request("prompts/get", { name: "compare", arguments: { a: "", b: "$5 & $& $' MCP" } });
      // A value with spaces around it, filled as it is (a fill that trimmed values kept 18/18:
      // helper 110's m-prompt-values-trimmed). A fixed id: no draw.
      b.handle({ jsonrpc: "2.0", id: "padded-value", method: "prompts/get", params: { name: "summarize", arguments: { topic: "  MCP  " } } });
      // Every name Object.prototype has, as a uri and as a prompt's name: resources and prompts in
      // a plain object kept the point (helper 98's m-resource-object-table, m-prompt-object-table).
      for (const name of INHERITED_NAMES) b.request("resources/read", { uri: name }).request("prompts/get", { name, arguments: {} });
    }
    for (let i = 0, n = r.int(2, 6); i < n; i++) {
      const pick = r.int(0, 3);
      if (pick === 0) {
        const prompt = r.pick(PROMPTS);
        const args: Record<string, unknown> = {};
        for (const a of prompt.arguments) if (r.int(0, 2) > 0) args[a.name] = r.pick(["MCP", "the handshake", "{a}", "{b}", ""]);
        b.request("prompts/get", r.int(0, 6) === 0 ? { name: prompt.name } : { name: prompt.name, arguments: args });
      } else if (pick === 1) b.request("resources/read", { uri: r.pick(["lab://readme", "lab://config", "lab://broken", "lab://missing"]) });
      else anyCall(b, r);
    }
    return b.done();
  });
}

/**
 * Ids that are neither a string nor a number, one a session: a server that refuses only null (the
 * page's "id must not be null in a request" read literally) served them (request-id-null-only).
 * No draw, so the sessions' other steps stay as they were. 1.5 is left out: the page's Python
 * refuses it (an int), a typeof test serves it, and both readings are fair.
 */
const NOT_IDS = [true, [1], {}, false, { id: 1 }];

function notificationSessions(r: Random): Session[] {
  return times(5, (k) => {
    const b = new SessionBuilder(r).setUp();
    if (r.bool()) b.handle({ jsonrpc: "1.0", method: "notifications/initialized" });
    if (r.bool()) b.handle({ jsonrpc: "2.0", id: null, method: "notifications/initialized" });
    b.initialize();
    if (r.bool()) b.handle({ jsonrpc: r.pick(["1.0", "2", 2]), method: "notifications/initialized" });
    b.initialized();
    b.handle({ jsonrpc: "2.0", id: NOT_IDS[k], method: "tools/list" });
    // And null, on a method other than the page's example (the draw above sends that one on some
    // sessions): a server refusing a null id only there kept every point (x-id-null-page-example).
    if (k === 0) b.handle({ jsonrpc: "2.0", id: null, method: "tools/list" });
    for (let i = 0, n = r.int(1, 5); i < n; i++) {
      const pick = r.int(0, 4);
      if (pick === 0) b.notify(r.pick([...METHODS, "notifications/cancelled", "nope"]), r.bool() ? { name: "add", arguments: { x: 1, y: 1 } } : undefined);
      else if (pick === 1) b.handle({ jsonrpc: r.pick(["1.0", "2.0 ", null]), id: b.nextId(), method: r.pick(METHODS) });
      else if (pick === 2) b.handle({ jsonrpc: "2.0", id: b.unsent(r.pick([0, "", "x"])), method: "tools/list" });
      else anyCall(b, r);
    }
    // A method the lab has no handler for is -32601 once live (a name of Object.prototype's too).
    return b.request(r.pick(UNKNOWN_METHODS), r.bool() ? {} : undefined).done();
  }).concat(oddEnvelopes(r), moreEnvelopes(r));
}

/**
 * Envelopes each kept 18/18 on some seed or all while no session sent it (helper 115's
 * stateful-round-2026-12-07b), once live, fixed ids, drawn last: a request without the jsonrpc key
 * (-32600: m-jsonrpc-missing-accepted), the method "error" (-32601: an EventEmitter's emit throws
 * on an unlistened "error", m-emitter-dispatch-error-event), and "Tools/list" on every seed (a
 * method is matched exactly; UNKNOWN_METHODS drew it on some seeds only: m-method-lowercased).
 */
function moreEnvelopes(r: Random): Session {
  const b = new SessionBuilder(r).setUp().handshake();
  b.handle({ id: "no-jsonrpc", method: "tools/list" });
  b.handle({ jsonrpc: "2.0", id: "method-error", method: "error" });
  b.handle({ jsonrpc: "2.0", id: "method-case", method: "Tools/list" });
  return b.handle({ jsonrpc: "2.0", id: "after-envelopes", method: "tools/list" }).done();
}

/**
 * One session of envelopes each kept its point while no session sent it (helper 58): an
 * initialize with jsonrpc "1.0" (-32600: the check comes before initialize is answered), jsonrpc
 * the number 2, jsonrpc "1.0" on a method no server has (-32600 before -32601), a method
 * name with a space around it (-32601, not the method trimmed), and Object.prototype's names. Drawn last: the sessions before
 * keep their streams.
 */
function oddEnvelopes(r: Random): Session {
  const b = new SessionBuilder(r).setUp();
  b.handle({ jsonrpc: "1.0", id: "init-1.0", method: "initialize", params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: b.client() } });
  b.handshake();
  b.handle({ jsonrpc: 2, id: "number-2", method: "tools/list" });
  b.handle({ jsonrpc: "1.0", id: "old-unknown", method: "nope/nothing" });
  b.handle({ jsonrpc: "2.0", id: "spaced", method: " tools/list" });
  b.handle({ jsonrpc: "2.0", id: "spaced-after", method: "tools/list " });
  // Object.prototype's names as methods once live, on every seed: a handler table looked up with
  // `in` answered them (helper 78's dispatch-table-prototype-lookup kept 18/18 where the five
  // sessions above drew none of them). Fixed ids: no draw.
  for (const method of ["constructor", "toString", "__proto__", "hasOwnProperty"]) b.handle({ jsonrpc: "2.0", id: `inherited-${method}`, method });
  return b.request("tools/list").done();
}

/** Tools added to a live session, every tool allowed, each list read after them (t2_tools_added's). */
function addedSessions(r: Random): Session[] {
  return times(4, () => {
    const b = new SessionBuilder(r, [{ allowedTools: [...TOOL_NAMES] }]).setUp(TOOL_NAMES.filter(() => r.bool())).handshake();
    if (r.bool()) b.request("tools/list");
    for (let i = 0, n = r.int(2, 5); i < n; i++) {
      const pick = r.int(0, 2);
      if (pick === 0) b.request("tools/list");
      else if (pick === 1) b.drain();
      b.addTool(r.pick(TOOL_NAMES), r.pick([true, false, undefined]));
    }
    return b.request("tools/list").done();
  });
}

function isolationSessions(r: Random): Session[] {
  // Five with allow-lists drawn apart, then (drawn after them, so they stay as they were) one whose
  // two servers are given equal allow-lists: state kept per config, in a module Map keyed by
  // allowedTools (gaming-shared-by-config), is shared only then.
  return [...times(5, () => isolationSession(r, [{ allowedTools: allowList(r) }, { allowedTools: allowList(r) }])), (() => {
    const list = allowList(r);
    return isolationSession(r, [{ allowedTools: list }, { allowedTools: [...list] }]);
  })(), sameClientName(r), sharedToolIsolation(r)];
}

/**
 * Two servers whose clients have the same name (drawn last, helper 115's stateful-round-2026-12-07b
 * m-handshake-by-client-name, 18/18 while each server's client was drawn apart): the first one's
 * handshake opens nothing on the second, whose requests before its own initialized are refused.
 */
function sameClientName(r: Random): Session {
  const b = new SessionBuilder(r, [{ allowedTools: allowList(r) }, { allowedTools: allowList(r) }]).sameClient(1, 0);
  b.setUp(["add", "weather"], 0).setUp(["delete_db"], 1).handshake(0).initialize(1);
  b.handle({ jsonrpc: "2.0", id: "same-client-gated", method: "tools/list" }, 1);
  return b.initialized(1).request("tools/list", undefined, 1).done();
}

/**
 * Two servers handed the same tool object, as the page's host hands each the LAB_TOOLS entry
 * (drawn last, helper 115's stateful-round-2026-12-07b m-permission-cached-on-tool-object, 18/18
 * while every addTool got a copy of its own): one allows add, the other not, and what a server
 * writes on the tool it was handed is the other's too. Each calls add once live.
 */
function sharedToolIsolation(r: Random): Session {
  const rest = allowList(r).filter((name) => name !== "add");
  const [first, second] = r.bool() ? [["add", ...rest], rest] : [rest, ["add", ...rest]];
  const b = new SessionBuilder(r, [{ allowedTools: first }, { allowedTools: second }]);
  b.addShared("add", undefined, 0).addShared("add", undefined, 1).handshake(0).handshake(1);
  b.request("tools/call", { name: "add", arguments: { x: 2, y: 3 } }, 0).request("tools/call", { name: "add", arguments: { x: 4, y: 1 } }, 1);
  return b.done();
}

function isolationSession(r: Random, servers: ServerConfig[]): Session {
  const b = new SessionBuilder(r, servers);
  b.setUp(["add", "weather"], 0).setUp(["delete_db"], 1).handshake(0);
  // A notification queued on one server, then the other's outbox drained first: a shared outbox shows.
  if (r.int(0, 2) > 0) b.addTool(r.pick(TOOL_NAMES), true, 0).drain(1);
  for (let i = 0, n = r.int(2, 7); i < n; i++) {
    const on = r.int(0, 1);
    const pick = r.int(0, 5);
    if (pick === 0) b.addTool(r.pick(TOOL_NAMES), r.bool(), on);
    else if (pick === 1) b.drain(on);
    else if (pick === 2) b.request("tools/list", undefined, on);
    else if (pick === 3 && r.int(0, 2) === 0) b.handshake(on);
    else {
      const name = r.pick(TOOL_NAMES);
      b.request("tools/call", { name, arguments: argsFor(r, name) }, on);
    }
  }
  return (r.bool() ? b.drain(1).drain(0) : b.drain(0).drain(1)).request("tools/list", undefined, 1).done();
}

export const SERVER_CHECKS: readonly ServerCheck[] = [
  { name: "t2_handshake", title: "The handshake is a gate: every method but initialize is -32600 until notifications/initialized", judges: ["gate"], sessions: handshakeSessions, edges: (r) => [...handshakeEdges(r), ...gateMetaEdges(r)],
    hint: "Reread 'The stateful handshake and its invariant': only initialize is answered before the session is live, and only notifications/initialized makes it live." },
  { name: "t2_initialize", title: "The first initialize of a session is answered with the protocol version, the lab's capabilities and serverInfo", judges: ["initialize"], sessions: () => [],
    hint: "{\"protocolVersion\": \"2025-06-18\", \"capabilities\": {\"tools\": {\"listChanged\": true}, \"resources\": {}, \"prompts\": {}}, \"serverInfo\": SERVER_INFO}." },
  { name: UNKNOWN_NAMES_CHECK, title: "tools/call's errors in the lattice's order: unknown -32601, not allowed -32600, missing argument -32602", judges: ["toolUnknown", "toolNotAllowed", "toolMissingArg"], sessions: toolCallSessions, edges: (r) => [...toolEdges(r), ...lookupFieldEdges(r)],
    hint: "Reread '_call_tool error lattice': check in its order; the allow-list is checked before the arguments and before the tool runs." },
  { name: "t2_tool_results", title: "A tool that runs gives its text; a tool that raises gives isError true with \"ERROR: \" and its message", judges: ["toolOk", "toolRaised"], sessions: () => [],
    hint: "A tool that divides by zero is not a protocol error: {content: [{type: \"text\", text: \"ERROR: ...\"}], isError: true}." },
  { name: "t2_tools_list", title: "tools/list lists every tool added, in the order added, allowed or not", judges: ["toolsList"], sessions: () => [],
    hint: "{tools: [{name, description, inputSchema}, ...]}; a name added again replaces its tool (where it is listed then is yours)." },
  { name: "t2_list_changed", title: "addTool with notify after initialization queues list_changed; never before, never without notify", judges: ["addTool", "drain"], sessions: listChangedSessions, edges: richToolEdges,
    hint: "Reread 'listChanged: the one dynamic capability': queue notifications/tools/list_changed (no id, no payload) only when notify is true and the session is live; drainOutbox empties the outbox." },
  { name: "t2_prompts_resources", title: "resources and prompts: listed, read, filled; a missing variable is -32602, a failing reader -32603", judges: ["resourcesList", "resourceRead", "resourceUnknown", "resourceFailed", "promptsList", "promptGet", "promptUnknown", "promptMissingVar"], sessions: promptResourceSessions, edges: (r) => [...promptResourceEdges(r), ...schemeExtraArgEdges(r)],
    hint: "Reread 'The five standard error codes': a missing prompt variable is invalid params; an exception in a handler becomes -32603. Each {variable} of the template is filled once (Python's str.format): a value that holds {b} stays as it is." },
  { name: "t2_notifications", title: "A notification is never answered; jsonrpc other than \"2.0\" is -32600; id null is a request; a method with no handler is -32601", judges: ["notification", "jsonrpc", "badId", "unknownMethod"], sessions: notificationSessions, edges: notificationEdges,
    hint: "Reread 'Three message shapes': is_notification = \"id\" not in message, whatever else is wrong with it; a request with a bad jsonrpc is -32600." },
  { name: "t2_isolation", title: "Two servers side by side share nothing: not the session, the allow-list, the tools or the outbox", judges: "alone", sessions: isolationSessions,
    hint: "Keep every piece of state on the instance (this), none in module variables or on globalThis: each client has a server of its own." },
  { name: "t2_envelope", title: "Every response echoes the request's id with jsonrpc \"2.0\", and a notification in the outbox has no id", judges: "envelope", sessions: () => [],
    hint: "A response carries the request's id as it came (0 and \"\" included) and jsonrpc \"2.0\"; result or error, never both." },
  // Last, so that the checks before it keep their random streams (sessionsOf). Its steps are the
  // tools/list answers after a tool was added to a live session (t2_tools_after's rule), judged on
  // the names in order only (session.ts): the entries are t2_tools_list's, so a mistake in every
  // list's entries fails that check alone, and a list hard-coded fails both.
  { name: "t2_tools_added", title: "A tool added to a live session is listed by the next tools/list, after the others", judges: ["toolsListAdded"], sessions: addedSessions,
    hint: "addTool registers the tool whether or not notify is set; tools/list lists it from then on, after the tools added before it." },
  // Last, for the same reason (streams).
  { name: "t2_initialize_again", title: "initialize is answered at any time: a second one, or one once the session is live, gets the same result", judges: ["initializeAgain"], sessions: () => [],
    hint: "The page's server answers initialize before it looks at the gate: never refuse it, however often it comes." },
];

const NAMED = new Set(Object.values(LINE_RULES).flat());

/** Every check's sessions for a seed, each check on its own stream (its padded session on another). */
export function sessionsOf(seed: number): { check: ServerCheck; sessions: Session[] }[] {
  return SERVER_CHECKS.map((check, k) => {
    const sessions = check.sessions(makeRandom((seed ^ (0x5e55 * (k + 1))) >>> 0));
    const all = NAMED.has(check.name) ? [...sessions, ...padded(sessions, makeRandom((seed ^ (0x9add * (k + 1))) >>> 0))] : [...sessions];
    all.push(...(check.edges?.(makeRandom((seed ^ (0xed9e * (k + 1))) >>> 0)) ?? []));
    return { check, sessions: all.map((session, i) => withMessageKeyOrders(session, (seed ^ (0x6b0 * (k + 1)) ^ (i * 0x9e3779b1)) >>> 0)) };
  });
}

/** A session whose every third message has its keys in a drawn order (src/pack/key-orders.ts): no rule reads the order. */
function withMessageKeyOrders(session: Session, seed: number): Session {
  const messages = withKeyOrders(session.steps.map((step) => (step.op === "handle" ? step.message : undefined)), seed);
  return { ...session, steps: session.steps.map((step, i) => (step.op === "handle" ? { ...step, message: messages[i] } : step)) };
}
