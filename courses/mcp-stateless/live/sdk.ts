// The parts of the official MCP TypeScript SDK's 2.x client (@modelcontextprotocol/client, which
// speaks the 2026-07-28 revision) that this pack's interop checks use, in one module: interop.ts
// loads it lazily, and the CLI's bundle makes it a script of its own (bin/grade.js, "./sdk.js").
// ReadBuffer and serializeMessage are the stdio framing of its StdioClientTransport, which the
// grader's transport (src/live/transport.ts) uses over the grade's live server.
export { Client, ProtocolError, SdkError, SdkErrorCode, UnsupportedProtocolVersionError, PROTOCOL_VERSION_META_KEY, ReadBuffer, serializeMessage } from "@modelcontextprotocol/client";
