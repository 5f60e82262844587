// The protocol answers the chapter fixes for its one-tool server (Task 2's rules 1-7).
import { TOOL } from "./fixtures.js";
import type { JsonObject, McpTool } from "./types.js";

export const SERVER_PROTOCOL_VERSION = "2025-06-18";

export const INITIALIZE_RESULT: JsonObject = {
  protocolVersion: SERVER_PROTOCOL_VERSION,
  capabilities: { tools: { listChanged: false } },
  serverInfo: { name: "chapter2-server", version: "1.0.0" },
};

export const METHOD_NOT_FOUND = { code: -32601, message: "Method not found" } as const;
export const UNKNOWN_TOOL_CODE = -32602;
export const PARSE_ERROR_RESPONSE: JsonObject = {
  jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" },
};

export const MCP_TOOL: McpTool = {
  name: TOOL.name, description: TOOL.description, inputSchema: TOOL.input_schema,
};

export const unknownToolMessage = (name: string): string => `Unknown tool: ${name}`;
export const foundText = (query: string, service: string): string =>
  `found 3 lines for ${query} in ${service}`;
