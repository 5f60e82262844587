import { describe, expect, it } from "vitest";
import { MESSAGES } from "../course/fixtures.js";
import { sameMessageCase } from "./message-case.js";

const meta = { "io.modelcontextprotocol/protocolVersion": "1999-01-01" };
const call = (name: unknown, args: object = {}) => ({ jsonrpc: "2.0", id: 90, method: "tools/call", params: { name, arguments: args, _meta: meta } });
const read = (uri: unknown) => ({ jsonrpc: "2.0", id: 91, method: "resources/read", params: { uri } });

describe("the stateless pack's message cases", () => {
  it("holds a page message under another id, version or arguments as its own case", () => {
    for (const m of MESSAGES) expect(sameMessageCase(m, { ...m, id: "other" })).toBe(true);
    expect(sameMessageCase(call("get_order_status", { order_id: "A100" }), call("get_order_status", { order_id: "Z9" }))).toBe(true);
  });

  it("tells the branches apart: each known tool, an unknown tool, a known and an unknown resource, the unknown methods", () => {
    expect(sameMessageCase(call("get_order_status"), call("cancel_order"))).toBe(false);
    expect(sameMessageCase(call("no_such_tool"), call("another_unknown"))).toBe(true);
    expect(sameMessageCase(call("no_such_tool"), call("get_order_status"))).toBe(false);
    expect(sameMessageCase(read("nowhere://x"), read("elsewhere://y"))).toBe(true);
    expect(sameMessageCase({ jsonrpc: "2.0", id: 1, method: "prompts/list" }, { jsonrpc: "2.0", method: "ping" })).toBe(true);
    expect(sameMessageCase({ jsonrpc: "2.0", id: 1, method: "prompts/list" }, { jsonrpc: "2.0", id: 2, method: "tools/list" })).toBe(false);
  });

  it("holds nothing for a name or uri that is not a string, or what is not a message", () => {
    expect(sameMessageCase(call(7), call(7))).toBe(false);
    expect(sameMessageCase(read(null), read(null))).toBe(false);
    for (const odd of [null, "tools/list", [], { method: 3 }]) expect(sameMessageCase({ jsonrpc: "2.0", id: 1, method: "tools/list" }, odd)).toBe(false);
  });
});
