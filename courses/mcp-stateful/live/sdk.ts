// The parts of the official MCP TypeScript SDK 1.x (which speaks 2025-06-18) that the interop
// check uses, in one module: interop.ts loads it lazily, and the CLI's bundle makes it a script
// of its own (bin/grade.js, "./sdk.js"). ReadBuffer and serializeMessage are the stdio framing of
// its StdioClientTransport, which the grader's transport (src/live/transport.ts) uses.
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
export { ErrorCode, LATEST_PROTOCOL_VERSION, McpError } from "@modelcontextprotocol/sdk/types.js";
