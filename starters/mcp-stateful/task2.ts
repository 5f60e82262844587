/**
 * Task 2 — The stateful lab server
 *
 * Write the lab's MCPServer as a class. One instance serves one client: everything it remembers
 * (the session, the tools, the outbox) lives on the instance, never in module variables or on
 * globalThis ("two servers side by side share nothing" is graded).
 *
 * `new LabServer({ allowedTools })`: this client's allow-list. The server starts with no tools.
 *
 * `addTool(tool, options?)`: registers a LabTool under tool.name (the same name again replaces it;
 * where tools/list shows it then, in its first place or last, is yours: the page does not say).
 * With `{ notify: true }` and the session live, it appends
 * {"jsonrpc": "2.0", "method": "notifications/tools/list_changed"} (no id, no params: "a
 * cache-invalidation signal, not a diff") to the outbox; before the session is live, or without
 * notify, nothing is queued.
 *
 * `drainOutbox()`: returns the queued notifications, oldest first, and empties the outbox.
 *
 * `handle(message)`: the response, or null. "is_notification = "id" not in message": a
 * notification is never answered (null), whatever it holds or raises. The three-tier dispatch:
 * a deliberately raised protocol error answers {"jsonrpc": "2.0", "id", "error": {"code",
 * "message"}} with its code; any other exception in a handler answers -32603 (internal error):
 * "a handler bug must not take down the session"; success answers {"jsonrpc": "2.0", "id",
 * "result"}. The rules, in order:
 *  1. jsonrpc other than "2.0": -32600. A request whose id is null (or not a string or an
 *     integer): -32600 ("id must not be null in a request").
 *  2. "initialize" is answered at any time with {"protocolVersion": PROTOCOL_VERSION,
 *     "capabilities": {"tools": {"listChanged": true}, "resources": {}, "prompts": {}},
 *     "serverInfo": SERVER_INFO}.
 *  3. "notifications/initialized" makes the session live. (Either reading of one that arrives
 *     before any initialize is accepted: it makes the session live, as the page's code does, or
 *     it is ignored, as the specification's order has it.)
 *  4. "if not self._initialized: raise RPCError(INVALID_REQUEST, "server not initialized")":
 *     every other method before the session is live is -32600.
 *  5. tools/list: {"tools": [{name, description, inputSchema}, ...]}, every tool added, in order,
 *     allowed or not.
 *  6. tools/call {name, arguments}: the lattice in the page's order: a name the server has no
 *     tool for is -32601; a tool not on this client's allow-list is -32600 ("checked before
 *     execution"); a required argument (inputSchema.required) missing from arguments is -32602;
 *     then the tool runs: {"content": [{"type": "text", "text": <what run returned>}]} (isError
 *     false or absent), and when run throws: {"content": [{"type": "text", "text": "ERROR: " +
 *     the error's message}], "isError": true} — "not an error response".
 *  7. resources/list: {"resources": [{uri, name, mimeType}, ...]} of RESOURCES, in order.
 *     resources/read {uri}: {"contents": [{uri, mimeType, "text": resource.read()}]}; an unknown
 *     uri is -32602 (the spec's -32002 is accepted too); a read() that throws is -32603.
 *  8. prompts/list: {"prompts": [{name, description, arguments}, ...]} of PROMPTS.
 *     prompts/get {name, arguments}: an unknown prompt is -32602; every {variable} of the
 *     template filled from arguments, and a variable missing from arguments is -32602;
 *     {"description", "messages": [{"role": "user", "content": {"type": "text", "text"}}]}.
 *  9. Any other method: -32601. params or arguments absent or not an object read as {}.
 * The error messages are yours (any non-empty text); the codes are graded.
 *
 * Graded: the page's trace (t2_* lines) and generated sessions, each on fresh instances, compared
 * answer by answer with the grader's model. Print nothing on stdout.
 *
 * Run `npx grade task2 --pack mcp-stateful`; `npx grade hint task2` helps.
 */
import { notWrittenYet, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcResponse, type LabTool, type ServerConfig } from "grade/course";

export class LabServer {
  constructor(config: ServerConfig) {
    void config;
  }

  addTool(tool: LabTool, options?: { notify?: boolean }): void {
    // TODO
    void tool; void options;
    notWrittenYet("LabServer.addTool");
  }

  drainOutbox(): JsonRpcNotification[] {
    // TODO
    return notWrittenYet("LabServer.drainOutbox");
  }

  handle(message: JsonRpcMessage): JsonRpcResponse | null {
    // TODO
    void message;
    return notWrittenYet("LabServer.handle");
  }
}
