// The rules past the ops judged one by one, on records made by hand from the model's own: a
// client that shifted the replies by one mistake returns and caches what it got (nothing more
// charged); one that stops asking and answers anyway is charged by each rule it broke. And the
// generated scenarios fit the engine's peer messages in one call.
import { describe, expect, it } from "vitest";
import { PEER_LIMITS } from "../../../src/sandbox/peers.js";
import { cacheBeyond, madeUpOutcome } from "./beyond.js";
import { expected, type Json, type Op, type Scenario } from "./model.js";
import type { ClientRecord } from "./rules.js";
import { generatedScenarios } from "./scenarios.js";

const tools = (...names: string[]): Json[] => names.map((name) => ({ name, inputSchema: { type: "object" } }));
const text = (t: string): Json => ({ content: [{ type: "text", text: t }] });
const INIT: Json = { protocolVersion: "2025-06-18", capabilities: {}, serverInfo: { name: "s", version: "1" } };
const scenario: Scenario = {
  ops: [["connect"], ["call", "add", { x: 1 }], ["list"], ["call", "nope", {}], ["call", "sum", { y: 2 }], ["list"]] as Op[],
  plans: [{ kind: "ok", result: INIT }, { kind: "ok", result: text("1") }, { kind: "ok", result: { tools: tools("a") } }, { kind: "error", code: -32602, message: "no" }, { kind: "ok", result: text("2") }, { kind: "ok", result: { tools: tools("b") } }],
  pumps: [],
};
const e = expected(scenario);
const msg = (method: string, params?: Json): Json => ({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) });
const CONNECT = [msg("initialize", {}), { jsonrpc: "2.0", method: "notifications/initialized" }];
const call = (op: Op): Json => msg("tools/call", { name: op[1] as string, arguments: op[2] as Json });

function recordOf(byOp: Json[][], outcomes: NonNullable<ClientRecord["outcomes"]>): ClientRecord {
  return { sent: byOp.flat(), byOp: [[], ...byOp], outcomes };
}

describe("past the ops judged one by one", () => {
  it("charges nothing to a client that returns and caches the replies it got, shifted by a missed call", () => {
    // The first call is never sent: every later request gets the reply meant for the one before.
    const byOp = [CONNECT, [], [msg("tools/list")], [call(scenario.ops[3]!)], [call(scenario.ops[4]!)], [msg("tools/list")]];
    const r = recordOf(byOp, [
      { value: INIT, cache: [] }, { threw: { name: "McpError", message: "x", code: -32603 }, cache: [] },
      { value: null, cache: null }, // tools/list got add's result: no tools
      { value: { tools: tools("a") }, cache: null }, // nope's call got the list's result
      { threw: { name: "McpError", message: "no", code: -32602 }, cache: null }, // sum's call got nope's error
      { value: null, cache: null }, // the last list got sum's result
    ]);
    // The missed call threw without asking: that is made up, t3_results' (its model outcome is a result).
    expect(madeUpOutcome(scenario.ops, e, r, 1, "results")).toMatch(/call\(\) threw code -32603 without asking the server anything/);
    expect(madeUpOutcome(scenario.ops, e, r, 2, "results")).toBeUndefined();
    expect(madeUpOutcome(scenario.ops, e, r, 2, "errors")).toBeUndefined();
    expect(cacheBeyond(scenario.ops, e, r, 1)).toBeUndefined();
  });

  it("charges each rule a client broke once it stopped asking", () => {
    const byOp = [CONNECT, [call(scenario.ops[1]!)], [msg("tools/list")], [], [], []];
    const r = recordOf(byOp, [
      { value: INIT, cache: [] }, { value: text("1"), cache: [] }, { value: tools("a"), cache: tools("a") },
      { value: text("1"), cache: tools("a") }, // the last result it got, for a call due an error
      { value: {}, cache: tools("a") }, // made up
      { value: null, cache: null }, // the cache dropped without any reply
    ]);
    expect(madeUpOutcome(scenario.ops, e, r, 3, "errors")).toMatch(/call\(\) returned .*which no response to its tools\/call held/);
    expect(madeUpOutcome(scenario.ops, e, r, 3, "results")).toMatch(/call\(\) returned \{\}/);
    expect(cacheBeyond(scenario.ops, e, r, 3)).toMatch(/after list\(\) its tools are null; the last tools\/list response it got held \[\{"name":"a"/);
    // Any error thrown without asking, an McpError or not, is no answer.
    const offline = recordOf(byOp, r.outcomes!.map((o, i) => (i >= 3 ? { threw: { name: "Error", message: "offline", code: null }, cache: tools("a") } : o)));
    expect(madeUpOutcome(scenario.ops, e, offline, 3, "errors")).toMatch(/call\(\) threw Error \(offline\) without asking/);
    expect(madeUpOutcome(scenario.ops, e, offline, 3, "results")).toMatch(/call\(\) threw Error \(offline\) without asking/);
  });

  it("reads a result kept from an earlier call of the same client as one it got, for the same name and arguments only", () => {
    // Op 3 (nope, due an error) sends nothing and returns what an earlier driver call got for it.
    const byOp = [CONNECT, [call(scenario.ops[1]!)], [msg("tools/list")], [], [call(scenario.ops[4]!)], [msg("tools/list")]];
    const r = recordOf(byOp, [
      { value: INIT, cache: [] }, { value: text("1"), cache: [] }, { value: tools("a"), cache: tools("a") },
      { value: text("9"), cache: tools("a") }, { value: { tools: tools("b") }, cache: tools("a") }, { value: tools("b"), cache: tools("b") },
    ]);
    const got = (op: Op, reply: Json) => ({ message: call(op), reply: { jsonrpc: "2.0", id: 1, result: reply }, answered: true });
    expect(madeUpOutcome(scenario.ops, e, r, 3, "errors", [got(scenario.ops[3]!, text("9"))])).toBeUndefined();
    expect(madeUpOutcome(scenario.ops, e, r, 3, "errors")).toMatch(/call\(\) returned .*"9".*which no response to its tools\/call held/);
    expect(madeUpOutcome(scenario.ops, e, r, 3, "errors", [got(["call", "nope", { z: 1 }], text("9"))])).toMatch(/which no response to its tools\/call held/);
  });

  it("reads a throw unsent on a cache a reply meant for another request left (no tools) as following from it, not made up", () => {
    // The first call is never sent: the list gets add's result and the client's cache is left undefined.
    const byOp = [CONNECT, [], [msg("tools/list")], [], [call(scenario.ops[4]!)], [msg("tools/list")]];
    const typeError = { threw: { name: "TypeError", message: "cannot read property 'find' of undefined", code: null }, cache: undefined };
    const r = recordOf(byOp, [
      { value: INIT, cache: [] }, { threw: { name: "McpError", message: "x", code: -32602 }, cache: [] },
      { value: undefined, cache: undefined }, typeError, { value: { tools: tools("a") }, cache: undefined }, { value: text("1"), cache: undefined },
    ]);
    expect(madeUpOutcome(scenario.ops, e, r, 3, "errors")).toBeUndefined();
    // The same throw where the list got its tools (the cache a list) is made up.
    const listed = recordOf([CONNECT, [call(scenario.ops[1]!)], [msg("tools/list")], [], [call(scenario.ops[4]!)], [msg("tools/list")]], [
      { value: INIT, cache: [] }, { value: text("1"), cache: [] }, { value: tools("a"), cache: tools("a") },
      { ...typeError, cache: tools("a") }, { value: { tools: tools("b") }, cache: tools("a") }, { value: tools("b"), cache: tools("b") },
    ]);
    expect(madeUpOutcome(scenario.ops, e, listed, 3, "errors")).toMatch(/call\(\) threw TypeError \(cannot read property 'find' of undefined\) without asking/);
    // And an McpError thrown unsent there is judged as before (refusals are not excused by the cache).
    const refused = recordOf(byOp, r.outcomes!.map((o, i) => (i === 3 ? { threw: { name: "McpError", message: "no", code: -32603 }, cache: undefined } : o)));
    expect(madeUpOutcome(scenario.ops, e, refused, 3, "errors")).toMatch(/call\(\) threw code -32603 without asking/);
  });

  it("leaves the cache to the client after a list error it did not throw (t3_errors' mistake)", () => {
    const s: Scenario = { ops: [["connect"], ["list"], ["list"]] as Op[], plans: [{ kind: "ok", result: INIT }, { kind: "error", code: -32603, message: "no" }, { kind: "ok", result: { tools: tools("c") } }], pumps: [] };
    const r = recordOf([CONNECT, [msg("tools/list")], [msg("tools/list")]], [{ value: INIT, cache: [] }, { value: null, cache: null }, { value: tools("c"), cache: tools("c") }]);
    expect(cacheBeyond(s.ops, expected(s), r, 1)).toBeUndefined();
  });

  it("keeps every generated scenario within one call's peer messages (a mark per op, each request, each poll)", () => {
    for (let seed = 0; seed < 300; seed++) {
      for (const s of generatedScenarios(seed)) {
        const x = expected(s);
        expect(s.ops.length + x.sent.length + x.polls.length, `seed ${seed}`).toBeLessThanOrEqual(PEER_LIMITS.messagesPerCall);
      }
    }
  });
});
