/**
 * Task 2 — Answer the protocol's messages
 *
 * Write `handle(message)`. `message` is one parsed JSON-RPC message. Return the response
 * object, or `null` when no response is due. Every response has `"jsonrpc": "2.0"` and the id of
 * the request it answers. The server has one tool, logs_search: the chapter's TOOL, converted
 * with your `toMcp` from ./task1.
 *
 * Validate a call's arguments against the tool's schema with your Chapter 1 validator, or this
 * rule set (messages joined with "; " when there are several):
 *   missing required field: <name>            unexpected field: <name>
 *   <field> must be one of: <values separated by comma and space>
 *   <field> must be of type <type>            <field> must be at least <n> / at most <n>
 *
 * Answer exactly as follows:
 *  1. A message with no id (a notification, e.g. notifications/initialized): return null.
 *     A message whose id is null HAS an id: it is a request.
 *  2. initialize: result {"protocolVersion": "2025-06-18",
 *     "capabilities": {"tools": {"listChanged": false}},
 *     "serverInfo": {"name": "chapter2-server", "version": "1.0.0"}},
 *     always this version, whatever the client asked for.
 *  3. tools/list: result {"tools": [<the converted logs_search tool>]}.
 *  4. tools/call for a tool other than logs_search: a protocol error,
 *     error {"code": -32602, "message": "Unknown tool: <name>"}.
 *  5. tools/call for logs_search whose arguments fail the schema: a tool execution error,
 *     result {"content": [{"type": "text", "text": <the messages joined with "; ">}], "isError": true}.
 *  6. tools/call for logs_search with valid arguments: result
 *     {"content": [{"type": "text", "text": "found 3 lines for <query> in <service>"}], "isError": false}.
 *  7. Any other method: error {"code": -32601, "message": "Method not found"}.
 *
 * grade runs the chapter's eight MESSAGES through it and prints nine evidence lines
 * (t2_responses ... t2_id7_text). Run `npx grade task2`; `npx grade hint task2` helps.
 */
import { notWrittenYet, type JsonRpcMessage, type JsonRpcResponse } from "grade/course";
import { toMcp } from "./task1.js";

export function handle(message: JsonRpcMessage): JsonRpcResponse | null {
  // TODO: answer `message` following rules 1-7 above.
  void message;
  void toMcp;
  return notWrittenYet("handle");
}
