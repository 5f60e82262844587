// The parts of the official MCP TypeScript SDK the interop check uses, in one module so that
// interop.ts can load them lazily.
export { Client } from "@modelcontextprotocol/sdk/client/index.js";
export { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
export { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
