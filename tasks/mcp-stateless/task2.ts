/**
 * Task 2 — A stateless MCP server (protocol revision 2026-07-28)
 *
 * Write `handle(message)`: one parsed JSON-RPC message in, its response out, or `null` when no
 * response is due. The server's data (PROTOCOL_VERSION, SERVER_INFO, ORDERS, TOOLS, RESOURCES)
 * comes from "grade/course"; check arguments with your `checkArgs` from ./task1.
 *
 * Where the page's Python and the 2026-07-28 schema differ, the schema wins: the rules below say
 * exactly what to return (marked "spec").
 *
 *  1. A message with no `id` key is a notification: return null.
 *  2. Every other message gets {"jsonrpc": "2.0", "id": <its id>, ...} with a `result` or an
 *     `error` {"code", "message"} ("data" as a rule gives it; where none does, data is yours to
 *     add: the spec lets an error carry details, such as the uri of a resource not found). `params` that is
 *     absent or not an object reads as {}; so does a `_meta` that is not an object. Read only own
 *     fields: a name such as "constructor" or "__proto__" is never found in TOOLS, ORDERS or
 *     RESOURCES.
 *  3. Every result has "resultType" ("complete" unless a rule says otherwise) and
 *     "_meta": {"io.modelcontextprotocol/serverInfo": SERVER_INFO}. (spec: _meta and a result may
 *     hold keys of your own besides the ones the rules name; they are not graded.)
 *  4. server/discover, whatever its params: result {"supportedVersions": [PROTOCOL_VERSION],
 *     "capabilities": {"tools": {}, "resources": {}}, "serverInfo": SERVER_INFO,
 *     "cacheScope": "public", "ttlMs": 0}. (spec: DiscoverResult requires the cache hints.)
 *  5. Any other method first reads params._meta["io.modelcontextprotocol/protocolVersion"].
 *     Anything but exactly PROTOCOL_VERSION is refused: error {"code": -32022, "message":
 *     "unsupported protocol version <v>", "data": {"supported": [PROTOCOL_VERSION],
 *     "requested": <v>}}, where <v> in the message is Python's repr of the value (None when it is
 *     absent or null, True/False, numbers as written, strings as in task 1), and in data the value
 *     itself, or null when absent. (spec: UnsupportedProtocolVersionError requires "requested";
 *     the page's data has only "supported".) The version is checked before the method is.
 *  6. tools/list: result {"tools": [{"name": <key>, "description", "inputSchema"} for each tool
 *     in TOOLS, in order], "cacheScope": "public", "ttlMs": 0}. (spec: cache hints.)
 *  7. tools/call: params.name not a tool in TOOLS: error {"code": -32602, "message":
 *     "unknown tool: <name>"} (<name> as Python's str(): the text itself, None when absent).
 *     Otherwise params.arguments (an object; absent or not an object reads as {}) is checked with
 *     checkArgs against the tool's inputSchema. A tool's failure is a result, not an error:
 *     {"content": [{"type": "text", "text": "Error: <problem>"}], "isError": true,
 *     "resultType": "complete"}, where <problem> is the problems joined with "; ", or for an
 *     order_id that is not in ORDERS "order <id> not found: IDs look like A100" (for both tools).
 *  8. get_order_status with a known order: {"content": [{"type": "text", "text":
 *     JSON.stringify(data)}], "isError": false, "structuredContent": data} where data is
 *     {"order_id", "status", "eta"} of the order.
 *  9. cancel_order with a known order asks the user first, and keeps no memory between rounds:
 *     everything it needs comes back in the retry's params.inputResponses.
 *     - No answer (inputResponses absent or not an object, or its "confirm" absent or null):
 *       result {"resultType": "input_required", "inputRequests": {"confirm": {"method":
 *       "elicitation/create", "params": {"mode": "form", "message": "Really cancel order <id>?",
 *       "requestedSchema": {"type": "object", "properties": {"confirm": {"type": "boolean"}},
 *       "required": ["confirm"]}}}}}.
 *     - An answer {"action": "accept", "content": {"confirm": true}} (true itself: confirm is a
 *       boolean; "yes" or 1 is not true): the order's status becomes "cancelled", result text
 *       "<id> cancelled", isError false.
 *     - Any other answer (decline, cancel, no content, confirm false...): text
 *       "<id> kept: the user did not confirm", isError false.
 * 10. resources/list: result {"resources": [{"uri", "name": <the part after "//">, "mimeType":
 *     "text/plain"} for each resource], "cacheScope": "public", "ttlMs": 0}.
 * 11. resources/read: params.uri not in RESOURCES: error {"code": -32602, "message":
 *     "resource not found: <uri>"}; else result {"contents": [{"uri", "mimeType": "text/plain",
 *     "text"}], "cacheScope": "public", "ttlMs": 0}.
 * 12. Any other method: error {"code": -32601, "message": "method not found: <method>"}.
 *
 * Where the page and the specification disagree, either answer is right (spec: "A request missing
 * any required field is malformed; the server MUST reject it with JSON-RPC error code -32602"):
 *  - a request whose params._meta lacks "io.modelcontextprotocol/protocolVersion" (a string) or
 *    "io.modelcontextprotocol/clientCapabilities" (an object), server/discover included, may get
 *    error {"code": -32602, "message": <any text>} instead of the answer rules 4-12 give;
 *  - server/discover naming a version other than PROTOCOL_VERSION may get error {"code": -32022,
 *    "message": <any text>, "data": {"supported": [PROTOCOL_VERSION], "requested": <the version>}};
 *  - a request breaking both (an old version and no capabilities) may get either error;
 *  - a request with an id but no string "method" may get error {"code": -32600, "message": <any
 *    text>} (JSON-RPC 2.0's Invalid Request) instead of rule 12's;
 *  - tools/call with "arguments", or tools/call and resources/read with "inputResponses", given
 *    but not an object may get error {"code": -32602, "message": <any text>} (the schema makes
 *    both objects) instead of reading arguments as {} or asking again;
 *  - server/discover's result may leave out "serverInfo" (spec: it is in _meta), a tool result
 *    "isError" when it is false (spec: absent means false); capabilities may hold more than tools
 *    and resources.
 *
 * handle keeps nothing between calls but the data: every answer comes from the message and the
 * data, and the one change to the data is rule 9's cancelled status in ORDERS (a message sent alone
 * to a fresh module instance gets the answer it gets after other calls that changed no order). Every
 * response is one the 2026-07-28 schema accepts (the schema checks hold each kind of result to its
 * definition). handle prints nothing on stdout.
 *
 * grade runs the page's session (13 MESSAGES) through one instance and prints the t2_ evidence
 * lines; it also sends each round of the cancel to a module instance of its own (t2_stateless).
 * Run `npx grade task2`; `npx grade hint task2` helps.
 */
import { notWrittenYet, type JsonRpcMessage, type JsonRpcResponse } from "grade/course";
import { checkArgs } from "./task1.js";

export function handle(message: JsonRpcMessage): JsonRpcResponse | null {
  // TODO: answer `message` following rules 1-12 above.
  void message;
  void checkArgs;
  return notWrittenYet("handle");
}
