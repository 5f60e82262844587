// The parts of the official MCP TypeScript SDK the interop check uses, in one module so that
// interop.ts can load them lazily: the client, and the stdio framing its StdioClientTransport
// uses, which the grader's transport (src/live/transport.ts) uses over the grade's live server.
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
export { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
