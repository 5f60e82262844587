// The client's scenarios: the page's trace (its server's answers are the model server's) and
// generated ones, seeded: the handshake refused, error responses and failed tools, pumps that
// drain nothing, list_changed, or other notifications.
import { makeRandom, type Random } from "../../../src/pack/random.js";
import { labTool, LIST_CHANGED as SERVER_LIST_CHANGED, ModelServer } from "../behaviour/model.js";
import { CALL_ADD, CALL_DELETE_DB, CLIENT_OPS, INITIALIZE, INITIALIZED, LIST, TRACE_CONFIG } from "../course/fixtures.js";
import type { Json, Op, Plan, Scenario } from "./model.js";
import { edgeScenarios } from "./edge-scenarios.js";

function planOf(response: Json): Plan {
  const r = response as { result?: Json; error?: { code: number; message: string } };
  return r.error ? { kind: "error", code: r.error.code, message: r.error.message } : { kind: "ok", result: r.result ?? null };
}

/** The trace: the model server answers the messages a correct client sends. */
export function traceScenario(): Scenario {
  const server = new ModelServer(TRACE_CONFIG);
  for (const name of ["add", "weather", "delete_db"]) server.addTool(labTool(name));
  const init = server.handle(INITIALIZE) as Json;
  server.handle(INITIALIZED);
  const list = server.handle(LIST) as Json;
  const add = server.handle(CALL_ADD) as Json;
  const deleteDb = server.handle(CALL_DELETE_DB) as Json;
  server.addTool(labTool("subtract"), { notify: true });
  const notes = server.drainOutbox() as Json[];
  const again = server.handle({ jsonrpc: "2.0", id: 5, method: "tools/list" }) as { result: { tools: Json[] } };
  return {
    ops: CLIENT_OPS.map((op) => [...op] as unknown as Op),
    plans: [planOf(init), planOf(list), planOf(add), planOf(deleteDb), undefined],
    pumps: [{ notes, tools: again.result.tools }],
  };
}

// A tool, a result and an initialize result carry, besides the page's keys, others the schema has
// (a title, annotations, an outputSchema; structuredContent, _meta; instructions), chosen from the
// values already drawn (no draw of their own: every scenario stays as it was): a client that
// rebuilds each from the page's keys (gaming-client-result-keys, gaming-client-cache-entry-keys)
// returned and cached what the page shows, not what it got.
// The second and third kinds require an argument "x" the calls often leave out: the server judges
// arguments, and a client that refused a call itself, from the cached schema, kept its point while
// every tool required nothing (client-validates-required-locally).
const REQUIRES_X: Json = { type: "object", properties: { x: { type: "number" } }, required: ["x"] };
const tool = (name: string): Json => {
  const plain: Json = { name, description: `the ${name} tool`, inputSchema: { type: "object", properties: {}, required: [] } };
  return name.length % 3 === 0 ? plain : name.length % 3 === 1 ? { ...plain, inputSchema: REQUIRES_X, title: `The ${name} tool` }
    : { ...plain, inputSchema: REQUIRES_X, annotations: { readOnlyHint: true }, outputSchema: { type: "object", properties: { value: { type: "string" } } } };
};
// Names and arguments of the page's and of no fixture's: a client that works only for the
// names and the {x, y} it has seen (gaming-client-known-names) is seen.
const freshName = (r: Random): string => `${r.pick(["get", "make", "sum", "ping"])}_${r.pick(["items", "note", "Value", "ß"])}${r.int(0, 99)}`;
const tools = (r: Random): Json[] => ["add", "weather", "delete_db", "subtract", "divide", freshName(r)].filter(() => r.int(0, 2) > 0).map(tool);
const args = (r: Random): Json => r.pick<() => Json>([
  () => ({ x: r.int(0, 9), y: r.int(0, 2) }),
  () => ({}),
  () => ({ city: r.pick(["Paris", "Zürich", ""]), days: r.int(1, 7) }),
  () => ({ list: [r.int(0, 9), "two", null], nested: { flag: r.bool() } }),
])();
const text = (t: string, isError?: boolean): Json => {
  const content = [{ type: "text", text: t }];
  if (isError) return { content, isError: true };
  return t.length % 2 === 0 ? { content, structuredContent: { value: t } } : t.length % 3 === 0 ? { content, _meta: { elapsedMs: t.length } } : { content };
};
// The server's initialize result: its serverInfo and its capabilities beside tools differ from
// the page's, so a connect that returns the page's result typed in (gaming-client-connect-table)
// is seen; the version and tools.listChanged stay the lab's.
const initResult = (r: Random): Json => ({
  protocolVersion: "2025-06-18",
  capabilities: { tools: { listChanged: true }, ...(r.bool() ? { resources: {} } : {}), ...(r.bool() ? { prompts: {} } : { logging: {} }) },
  serverInfo: { name: r.pick(["lab-server", "other-server", "server-ß"]), version: `${r.int(0, 3)}.${r.int(0, 9)}.${r.int(0, 9)}` },
});
const withInstructions = (result: Json): Json => {
  const name = ((result as { serverInfo: { name: string } }).serverInfo).name;
  return name === "lab-server" ? result : { ...(result as Record<string, Json>), instructions: `Call ${name}'s tools by name.` };
};
const OTHER_NOTES: Json[] = [{ jsonrpc: "2.0", method: "notifications/resources/list_changed" }, { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "hi" } }];

function errorPlan(r: Random): Plan {
  const code = r.pick([-32600, -32601, -32602, -32603]);
  return { kind: "error", code, message: `refused (${code})` };
}

// The engine's peers answer 64 messages in one call (PEER_LIMITS), and a scenario is one call
// whose ops each take up to three (the driver's mark, a request, a poll): the long scenarios'
// 3 for connect, 3 for each random op (2 without pumps) and 2 for each of the last four stay
// within it.
const LONG = { min: 12, max: 17 };
const LONGEST = { min: 22, max: 26 };

/**
 * The long scenarios' last ops, so that each rule has something to judge that late on every
 * seed: a call refused, a call that succeeds, a list refused (another code), a list that
 * succeeds with a tool it never had.
 */
function lateTail(r: Random, s: Scenario): Scenario {
  // The list refused with a code of the server's own (-32000 to -32099: JSON-RPC's implementation-
  // defined errors), so that a client that throws only the page's codes (gaming-client-known-codes)
  // is seen; the call's success and the list's tools carry keys beyond the page's (above).
  const [a, b] = r.bool() ? [-32602, -32001] : [-32603, -32042];
  s.ops.push(["call", freshName(r), args(r)], ["call", "add", { x: 2, y: 3 }], ["list"], ["list"]);
  s.plans.push({ kind: "error", code: a, message: `refused (${a})` }, { kind: "ok", result: { content: [{ type: "text", text: "5" }], structuredContent: { value: 5 } } }, { kind: "error", code: b, message: `refused (${b})` },
    { kind: "ok", result: { tools: [{ ...(tool(freshName(r)) as Record<string, Json>), title: "A tool of its own" }, tool("subtract")] } });
  return s;
}

/** A connect, then `n` ops of list, call and pump (or list and call only) in a random order. */
function randomScenario(r: Random, n: number, pumps = true): Scenario {
  const s: Scenario = { ops: [["connect"]], plans: [{ kind: "ok", result: withInstructions(initResult(r)) }], pumps: [] };
  for (let i = 0; i < n; i++) {
    const pick = r.int(0, pumps ? 3 : 1);
    if (pick === 0) { s.ops.push(["list"]); s.plans.push(r.int(0, 5) === 0 ? errorPlan(r) : { kind: "ok", result: { tools: tools(r) } }); }
    else if (pick === 1) {
      const name = r.pick(["add", "divide", "weather", "nope", freshName(r)]);
      s.ops.push(["call", name, args(r)]);
      const outcome = r.int(0, 3);
      s.plans.push(outcome === 0 ? errorPlan(r) : { kind: "ok", result: text(outcome === 1 ? "ERROR: division by zero" : String(r.int(0, 99)), outcome === 1) });
    } else {
      s.ops.push(["pump"]);
      s.plans.push(undefined);
      const which = r.int(0, 3);
      const notes: Json[] = which === 0 ? [] : which === 1 ? [{ jsonrpc: "2.0", method: SERVER_LIST_CHANGED }] : which === 2 ? [r.pick(OTHER_NOTES)] : [r.pick(OTHER_NOTES), { jsonrpc: "2.0", method: SERVER_LIST_CHANGED }];
      s.pumps.push({ notes, tools: tools(r) });
    }
  }
  return s;
}

/** Generated scenarios: each a connect, then list, call and pump in a random order. */
export function generatedScenarios(seed: number): Scenario[] {
  const r = makeRandom((seed ^ 0xc1e7) >>> 0);
  const out: Scenario[] = [];
  // The handshake refused: connect throws, and nothing more is sent.
  out.push({ ops: [["connect"]], plans: [errorPlan(r)], pumps: [] });
  for (let k = 0; k < 8; k++) out.push(randomScenario(r, r.int(2, 7)));
  // On every seed, what eight random scenarios can miss: a tool's failure (isError, returned as
  // it is), an error response from list and call, a pump of other notifications only, and one
  // with list_changed twice among others (one tools/list for the pump: a client that fetched once
  // per list_changed passed while no pump drained two, pump-refetch-per-notification).
  const other = (): Json => r.pick(OTHER_NOTES);
  // Its second pump's list_changed are not its last notification (a pump that read only the
  // newest kept 5/5 while every drain ended with one), and its last list has no tools (a cache
  // kept when a list was empty kept 5/5: a random list is empty once in about 700).
  out.push({
    ops: [["connect"], ["call", "divide", { x: 1, y: 0 }], ["pump"], ["list"], ["pump"], ["call", "add", { x: 1, y: 2 }], ["list"], ["list"]],
    plans: [{ kind: "ok", result: withInstructions(initResult(r)) }, { kind: "ok", result: text("ERROR: division by zero", true) }, undefined, errorPlan(r), undefined, errorPlan(r), { kind: "ok", result: { tools: tools(r) } }, { kind: "ok", result: { tools: [] } }],
    pumps: [{ notes: [other()], tools: [] }, { notes: [other(), { jsonrpc: "2.0", method: SERVER_LIST_CHANGED }, { jsonrpc: "2.0", method: SERVER_LIST_CHANGED }, other()], tools: tools(r) }],
  });
  // Two long scenarios, each on a stream of its own: the others are at most 8 ops, so a client
  // right only for its first few requests passed them all. The first has pumps; the second,
  // calls and lists only, is as many requests as one call's peer messages allow (about 30).
  const lr = makeRandom((seed ^ 0x10e6) >>> 0);
  out.push(lateTail(lr, randomScenario(lr, LONG.min + (seed % (LONG.max - LONG.min + 1)))));
  // The second runs 4 times on one client (model.ts `calls`): about 120 requests in all, its ids
  // judged across the calls (client-verdicts.ts: ids cycling through 1-100 passed while each call's
  // were judged alone, gaming-client-id-cycle). Not 10 times: a cache that grows with every list
  // (cache-appends) then outgrows what one run may return, and that one mistake cost 3.
  const lx = makeRandom((seed ^ 0x10e7) >>> 0);
  out.push({ ...lateTail(lx, randomScenario(lx, LONGEST.min + (seed % (LONGEST.max - LONGEST.min + 1)), false)), calls: 4 });
  // Past a byte of ids: 9 calls of one client, each 30 tool calls (about 270 requests), no list,
  // so the cache stays as it is (one that grows with each list, cache-appends, would outgrow a
  // run's value). Ids kept in a Uint8Array come round again after 255 (gaming-client-id-byte).
  const ir = makeRandom((seed ^ 0x1d5) >>> 0);
  const sums = Array.from({ length: 30 }, () => [ir.int(0, 9), ir.int(0, 9)] as const);
  out.push({
    ops: [["connect"], ...sums.map(([x, y]): Op => ["call", "add", { x, y }])],
    plans: [{ kind: "ok", result: withInstructions(initResult(ir)) }, ...sums.map(([x, y]): Plan => ({ kind: "ok", result: text(String(x + y)) }))],
    pumps: [], calls: 9,
  });
  // On every seed, on a stream of its own (the scenarios above stay as they were), refusals each
  // kept 18/18 on some seed or all while no scenario sent them (helper 115's
  // stateful-round-2026-12-07b): a second refused handshake, with a code other than -32603
  // (m-client-connect-generic-error-code: the one above drew -32603 on some seeds), and a list
  // refused -32601 (m-client-list-32601-as-empty) and a call refused with a code of the server's
  // own range, -32000 to -32099 (m-client-call-server-codes-as-tool-error), each thrown as an
  // McpError with the response's code. The list's refusal comes first: the cache is [] before it
  // and after it alike.
  const er = makeRandom((seed ^ 0xe22) >>> 0);
  const refusal = (code: number): Plan => ({ kind: "error", code, message: `refused (${code})` });
  out.push({ ops: [["connect"]], plans: [refusal(er.pick([-32601, -32602]))], pumps: [] });
  const own = -32000 - er.int(1, 99);
  out.push({
    ops: [["connect"], ["list"], ["call", freshName(er), args(er)], ["call", "add", { x: 1, y: 4 }], ["list"]],
    plans: [{ kind: "ok", result: withInstructions(initResult(er)) }, refusal(-32601), refusal(own), { kind: "ok", result: text("5") }, { kind: "ok", result: { tools: tools(er) } }],
    pumps: [],
  });
  // On every seed, on a stream of its own: text past ASCII and two clients in one instance (edge-scenarios.ts).
  out.push(...edgeScenarios(makeRandom((seed ^ 0xed9c) >>> 0)));
  return out;
}
