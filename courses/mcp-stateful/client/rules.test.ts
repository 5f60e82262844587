// Which ops' outcomes are read (alignedOps): the scripted server answers the client's requests in
// turn and any other message with null (the send peer's `answers`), so a notification left out,
// added or sent with an id shifts no reply and the ops after it are read, and so does a tools/list
// more once a list was given (`again`); a request left out, or sent in another's place, shifts
// every reply after it, and the ops from there are not.
import { describe, expect, it } from "vitest";
import { madeUpOutcome } from "./beyond.js";
import { expected, type Json, type Op, type Scenario } from "./model.js";
import { alignedOps, handshakeProblem, idsProblem, inTurn, messagesProblem, sentAsOther, type ClientRecord } from "./rules.js";

const text = (t: string): Json => ({ content: [{ type: "text", text: t }] });
const INIT: Json = { protocolVersion: "2025-06-18", capabilities: {}, serverInfo: { name: "s", version: "1" } };
const scenario: Scenario = {
  ops: [["connect"], ["call", "add", { x: 1 }], ["list"], ["pump"]] as Op[],
  plans: [{ kind: "ok", result: INIT }, { kind: "ok", result: text("1") }, { kind: "ok", result: { tools: [] } }, undefined],
  pumps: [{ notes: [{ jsonrpc: "2.0", method: "notifications/tools/list_changed" }], tools: [{ name: "b", inputSchema: { type: "object" } }] }],
};
const e = expected(scenario);
let id = 0;
const request = (method: string, params?: Json): Json => ({ jsonrpc: "2.0", id: ++id, method, ...(params === undefined ? {} : { params }) });
const INITIALIZED: Json = { jsonrpc: "2.0", method: "notifications/initialized" };
const initialize = (): Json => request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "c", version: "1" } });
const call = (): Json => request("tools/call", { name: "add", arguments: { x: 1 } });
const recordOf = (byOp: Json[][], outcomes?: ClientRecord["outcomes"]): ClientRecord => ({ sent: byOp.flat(), byOp: [[], ...byOp], ...(outcomes ? { outcomes } : {}) });

describe("the ops whose outcomes are read", () => {
  it("holds the model's request replies alone: a notification takes none", () => {
    expect(e.replies).toHaveLength(e.sent.filter((m) => m.request).length);
    expect(e.sent.filter((m) => inTurn(m.request ? { method: m.method, id: 1 } : { method: m.method })).length).toBe(e.replies.length);
  });

  it("reads every op after a notification left out, added or sent with an id, each judged by the handshake or the messages' rule", () => {
    const without = recordOf([[initialize()], [call()], [request("tools/list")], [request("tools/list")]]);
    expect(alignedOps(e, without)).toBe(4);
    expect(handshakeProblem(e, without)).toMatch(/the second message was \{.*"tools\/call".*notifications\/initialized comes right after/);
    expect(messagesProblem(scenario.ops, e, without)?.why).toMatch(/connect\(\) sent 1 message\(s\); notifications\/initialized was due next/);
    const added = recordOf([[initialize(), INITIALIZED], [{ jsonrpc: "2.0", method: "notifications/cancelled" }, call()], [request("tools/list")], [request("tools/list")]]);
    expect(alignedOps(e, added)).toBe(4);
    expect(messagesProblem(scenario.ops, e, added)?.op).toBe(1);
    const withId = recordOf([[initialize(), { ...(INITIALIZED as object), id: 99 }], [call()], [request("tools/list")], [request("tools/list")]]);
    expect(alignedOps(e, withId)).toBe(4);
    expect(sentAsOther(e, withId, 0)).toBe(true);
    expect(handshakeProblem(e, withId)).toMatch(/carries an id/);
    // What each op got was the reply meant for it: nothing it returned is made up.
    const outcomes = [{ value: INIT, cache: [] }, { value: text("1"), cache: [] }, { value: [], cache: [] }, { value: 1, cache: e.caches[3]! }];
    expect(madeUpOutcome(scenario.ops, e, recordOf(without.byOp.slice(1) as Json[][], outcomes), 0, "results")).toBeUndefined();
  });

  it("reads a request sent without an id in its turn, its id the messages' rule's and not the ids'", () => {
    const r = recordOf([[initialize(), INITIALIZED], [{ jsonrpc: "2.0", method: "tools/call", params: { name: "add", arguments: { x: 1 } } }], [request("tools/list")], [request("tools/list")]]);
    expect(alignedOps(e, r)).toBe(4);
    expect(messagesProblem(scenario.ops, e, r)?.why).toMatch(/tools\/call was sent without an id/);
    expect(idsProblem(e, r, 4)).toBeUndefined();
    const again = recordOf([[{ ...(initialize() as object), id: 7 }, INITIALIZED], [{ ...(call() as object), id: 7 }], [request("tools/list")], [request("tools/list")]]);
    expect(idsProblem(e, again, 4)).toMatch(/id 7 was used twice/);
  });

  it("stops at a request left out, added or sent in another's place: every reply after it is shifted", () => {
    expect(alignedOps(e, recordOf([[initialize(), INITIALIZED], [], [request("tools/list")], [request("tools/list")]]))).toBe(1);
    expect(alignedOps(e, recordOf([[initialize(), INITIALIZED], [call(), call()], [request("tools/list")], [request("tools/list")]]))).toBe(1);
    expect(alignedOps(e, recordOf([[initialize(), INITIALIZED], [request("tools/list")], [call()], [request("tools/list")]]))).toBe(1);
    expect(alignedOps(e, { sent: [], byOp: [[request("tools/list")], [initialize(), INITIALIZED]] })).toBe(0);
  });

  it("reads on past a tools/list more, which gets the last list again (the send peer's `again`), but not one sent before any list", () => {
    expect(alignedOps(e, recordOf([[initialize(), INITIALIZED], [call()], [request("tools/list"), request("tools/list")], [request("tools/list")]]))).toBe(4);
    expect(alignedOps(e, recordOf([[initialize(), INITIALIZED], [call(), request("tools/list")], [request("tools/list")], [request("tools/list")]]))).toBe(4);
    // Before any list, a tools/list takes the next reply, the call's: shifted from there.
    expect(alignedOps(e, recordOf([[initialize(), INITIALIZED, request("tools/list")], [call()], [request("tools/list")], [request("tools/list")]]))).toBe(0);
  });
});
