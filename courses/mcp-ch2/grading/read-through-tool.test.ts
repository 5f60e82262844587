import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import { MCP_TOOL } from "../course/protocol.js";
import { asTool, chargeToolReadThrough } from "./read-through-tool.js";

const check = (name: string, status: CheckResult["status"], kind = "behaviour"): CheckResult => ({ name, kind, title: name, status });

describe("handle's checks that read through toMcp's tool", () => {
  it("marks as task 1's only a check that fails against the chapter's tool and passes against the student's", () => {
    const checks = [check("t2_missing_field", "fail"), check("t2_unknown_tools", "fail"), check("t2_valid_calls", "pass")];
    const again = [check("t2_missing_field", "pass"), check("t2_unknown_tools", "fail"), check("t2_valid_calls", "pass")];
    const marked = chargeToolReadThrough(checks, again);
    expect(marked.map((c) => c.chargedTo)).toEqual(["task1", undefined, undefined]);
  });

  it("takes a tool the model can read, and none whose schema has other shapes (a list made an object)", () => {
    const schema = MCP_TOOL.inputSchema as unknown as Record<string, unknown>;
    const own = { ...MCP_TOOL, inputSchema: { ...schema, required: ["service"] } };
    expect(asTool(own)).toBe(own);
    expect(asTool(MCP_TOOL)).toBeUndefined();
    for (const odd of [{ required: { 0: "service" } }, { required: [1] }, { properties: [] }, { properties: { service: { enum: "a" } } }, { properties: { limit: { minimum: "1" } } }, { properties: { q: 5 } }]) {
      expect(asTool({ ...MCP_TOOL, inputSchema: { ...schema, ...odd } })).toBeUndefined();
    }
  });
});
