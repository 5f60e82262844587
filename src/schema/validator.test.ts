import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MCP_TOOL } from "../../courses/mcp-ch2/course/protocol.js";
import { validateAgainstMetaSchema } from "./json-schema.js";
import { loadMcpSchema, MCP_DEFINITIONS, validateMcp } from "./validator.js";

describe("the vendored schema against draft-07", () => {
  it("is a valid JSON Schema, so grading skips checking it on every run", () => {
    expect(validateAgainstMetaSchema(loadMcpSchema(), "draft-07", "the MCP schema")).toMatchObject({ valid: true });
    expect(validateAgainstMetaSchema({ ...loadMcpSchema(), definitions: { Tool: { type: "objet" } } }, "draft-07", "the MCP schema")).toMatchObject({ valid: false });
  });
});

describe("the vendored MCP 2025-06-18 schema", () => {
  it("is draft-07, has its provenance note, and holds every definition the checks use", () => {
    const schema = loadMcpSchema() as { $schema?: string; definitions: Record<string, unknown> };
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    for (const d of MCP_DEFINITIONS) expect(schema.definitions[d], d).toBeDefined();
    expect(readFileSync(new URL("./mcp/SOURCE.md", import.meta.url), "utf8")).toMatch(/b0f60ba5409db7a6582440a7b473cc0398890f15/);
  });
});

describe("validateMcp", () => {
  it("accepts the chapter's answers", () => {
    expect(validateMcp("ListToolsResult", { tools: [MCP_TOOL] }, "the result")).toEqual({ valid: true, data: { tools: [MCP_TOOL] } });
    expect(validateMcp("CallToolResult", { content: [{ type: "text", text: "x" }], isError: false }, "the result").valid).toBe(true);
    expect(validateMcp("JSONRPCError", { jsonrpc: "2.0", id: "a", error: { code: -32601, message: "Method not found" } }, "the response").valid).toBe(true);
  });

  it("says what is wrong and where, in plain words", () => {
    const missing = validateMcp("ListToolsResult", { tools: [{ name: "x" }] }, "the result");
    expect(missing).toEqual({ valid: false, errorMessage: "tools[0] in the result is missing the required field inputSchema" });
    const type = validateMcp("JSONRPCError", { jsonrpc: "2.0", id: 1, error: { code: "-32601", message: "m" } }, "the response");
    expect(type).toEqual({ valid: false, errorMessage: "error.code in the response must be of type integer, but it is string \"-32601\"" });
    const text = validateMcp("CallToolResult", { content: [{ type: "text", text: 5 }] }, "the result");
    expect(text.valid).toBe(false);
    expect((text as { errorMessage: string }).errorMessage).toMatch(/^content\[0\]\.text in the result must be of type string/);
  });

  it("rejects a null id by the 2025-06-18 schema (the checks apply JSON-RPC 2.0's rule to it instead)", () => {
    expect(validateMcp("JSONRPCError", { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } }, "the response").valid).toBe(false);
  });

  it("lets a message with both result and error through, which is why one-of is checked apart", () => {
    expect(validateMcp("JSONRPCResponse", { jsonrpc: "2.0", id: 1, result: {}, error: { code: 1, message: "m" } }, "the response").valid).toBe(true);
  });
});
