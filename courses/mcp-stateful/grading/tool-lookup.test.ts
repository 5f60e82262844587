import { describe, expect, it } from "vitest";
import type { Step } from "../behaviour/session.js";
import { toolLookupRule } from "./tool-lookup.js";

const callOf = (name: string): Step => ({ op: "handle", message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name, arguments: {} } } });
const unknown = { value: { jsonrpc: "2.0", id: 3, error: { code: -32601, message: "unknown tool" } } };
const ran = { value: { jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "5" }] } } };

describe("a tool refused as unknown", () => {
  it("is the lookup mistake alone (toolUnknown) for a tool made from data that runs or raises", () => {
    expect(toolLookupRule("toolOk", unknown, callOf("rank_issues_lc"))).toBe("toolUnknown");
    expect(toolLookupRule("toolRaised", unknown, callOf("rank_issues_lc"))).toBe("toolUnknown");
  });

  it("keeps its rule for one of the lab's tools: refusing a lab tool it was handed is not that mistake", () => {
    expect(toolLookupRule("toolOk", unknown, callOf("divide"))).toBe("toolOk");
    expect(toolLookupRule("toolRaised", unknown, callOf("flaky"))).toBe("toolRaised");
  });

  it("keeps its rule when the tool ran, another error came back, or the step is not a tool that runs", () => {
    expect(toolLookupRule("toolOk", ran, callOf("rank_issues_lc"))).toBe("toolOk");
    expect(toolLookupRule("toolOk", { value: { jsonrpc: "2.0", id: 3, error: { code: -32600, message: "no" } } }, callOf("rank_issues_lc"))).toBe("toolOk");
    expect(toolLookupRule("toolOk", { threw: { name: "Error", message: "x", code: null } }, callOf("rank_issues_lc"))).toBe("toolOk");
    expect(toolLookupRule("drain", unknown, callOf("rank_issues_lc"))).toBe("drain");
  });
});
