import { describe, expect, it } from "vitest";
import { MESSAGES } from "../course/fixtures.js";
import { branchOf, fixtureBranchAnswered } from "./answered-branch.js";

const call = (args: object) => ({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "logs_search", arguments: args } });
const toolError = (text: string) => ({ jsonrpc: "2.0", id: 9, result: { content: [{ type: "text", text }], isError: true } });

describe("branchOf", () => {
  it("is a message's case and its answer's kind, a tool error by the problems it names in any order", () => {
    expect(branchOf(call({}), { jsonrpc: "2.0", id: 9, result: { content: [] } })).toBe("a call of logs_search: result");
    expect(branchOf(call({}), toolError("b; a"))).toBe(branchOf(call({ x: 1 }), toolError("a; b")));
    expect(branchOf(call({}), toolError("a"))).not.toBe(branchOf(call({}), toolError("b")));
    expect(branchOf({ jsonrpc: "2.0", id: 9, method: "nope/x" }, { jsonrpc: "2.0", id: 9, error: { code: -32601, message: "m" } })).toBe("an unknown method: error -32601");
    expect(branchOf(call({}), null)).toBeUndefined();
  });

  it("finds the chapter's messages' branches among those answered", () => {
    const id5 = MESSAGES.findIndex((m) => "id" in m && m.id === 5);
    expect(fixtureBranchAnswered(new Set(["a call of logs_search: result"]), id5)).toBe(false);
    expect(fixtureBranchAnswered(new Set(["a call of logs_search: result"]), MESSAGES.findIndex((m) => "id" in m && m.id === 3))).toBe(true);
  });
});
