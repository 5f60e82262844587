import { describe, expect, it } from "vitest";
import type { MadeTool } from "../behaviour/made-tools.js";
import type { Session } from "../behaviour/session.js";
import { optionalArgRule } from "./optional-args.js";

const made: MadeTool = { description: "Rank notes.", inputSchema: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] }, text: "ok " };
const sessionCalling = (args: Record<string, unknown>, added = true): Session => ({
  servers: [{ allowedTools: ["rank_notes_ab"] }],
  steps: [
    ...(added ? [{ op: "addTool" as const, tool: "rank_notes_ab", made }] : []),
    { op: "handle", message: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "rank_notes_ab", arguments: args } } },
  ],
});
const refused = (code: number) => ({ value: { jsonrpc: "2.0", id: 3, error: { code, message: "missing argument 'limit'" } } });

describe("a tool call refused for an optional argument left out", () => {
  it("is the required-argument rule's mistake (toolMissingArg) for a tool that runs or raises", () => {
    expect(optionalArgRule("toolOk", refused(-32602), sessionCalling({ query: "x" }), 1)).toBe("toolMissingArg");
    expect(optionalArgRule("toolRaised", refused(-32602), sessionCalling({ query: "x" }), 1)).toBe("toolMissingArg");
  });

  it("keeps its rule when every property was sent, another code came back, or the tool was never handed over", () => {
    expect(optionalArgRule("toolOk", refused(-32602), sessionCalling({ query: "x", limit: 2 }), 1)).toBe("toolOk");
    expect(optionalArgRule("toolOk", refused(-32603), sessionCalling({ query: "x" }), 1)).toBe("toolOk");
    expect(optionalArgRule("toolOk", refused(-32602), sessionCalling({ query: "x" }, false), 0)).toBe("toolOk");
    expect(optionalArgRule("toolNotAllowed", refused(-32602), sessionCalling({ query: "x" }), 1)).toBe("toolNotAllowed");
  });
});
