/**
 * Task 3 — The in-memory transport and the client
 *
 * `InMemoryTransport` (the page's: "json.dumps(message), json.loads(wire), server.handle(parsed)"):
 * - `new InMemoryTransport(server)`: server has handle(message) and drainOutbox().
 * - `send(message)`: the server handles a JSON round trip of the message (JSON.stringify, then
 *   JSON.parse: never the object itself, and nothing JSON cannot carry); its response comes back
 *   the same way (a copy), a notification's null as null.
 * - `notifications()`: the server's drained outbox, through JSON too.
 *
 * `LabClient`, over any Transport (in grading, the grader's scripted server):
 * - `tools`: the tools cache, [] at first.
 * - `connect()`: sends the request initialize with params {"protocolVersion": PROTOCOL_VERSION,
 *   "capabilities": {} (any object), "clientInfo": your client's own {"name", "version"}
 *   (non-empty strings; CLIENT_INFO will do)}; on its response sends the
 *   notification {"jsonrpc": "2.0", "method": "notifications/initialized"} (no id) and returns
 *   the initialize result. Nothing else is sent before: "calling a method before it is calling
 *   into undefined behavior".
 * - `listTools()`: tools/list; puts its result's tools in `tools` and returns them.
 * - `callTool(name, args)`: tools/call with {"name", "arguments"}; returns the result as it is
 *   (a result with isError true too: the model reads it).
 * - `pump()`: calls transport.notifications() once; when any is
 *   notifications/tools/list_changed, fetches tools/list again into `tools` ("The notification
 *   carries no payload ... The client must re-fetch"); otherwise sends nothing. Returns how many
 *   notifications it drained.
 * - Every request has a new id (a string or an integer). An error response is surfaced: throw
 *   `new McpError(code, message)` (from grade/course) with the response's code, in connect,
 *   listTools and callTool alike; after a refused initialize nothing more is sent.
 *
 * Graded: the page's trace (t3_* lines) and generated scenarios, the record of what the client
 * sent kept by the grader. Print nothing on stdout.
 *
 * Run `npx grade task3 --pack mcp-stateful`; `npx grade hint task3` helps.
 */
import { notWrittenYet, type JsonObject, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcResponse, type Server, type Tool, type Transport } from "grade/course";

export class InMemoryTransport implements Transport {
  constructor(private readonly server: Pick<Server, "handle" | "drainOutbox">) {}

  send(message: JsonRpcMessage): JsonRpcResponse | null {
    // TODO
    void message; void this.server;
    return notWrittenYet("InMemoryTransport.send");
  }

  notifications(): JsonRpcNotification[] {
    // TODO
    return notWrittenYet("InMemoryTransport.notifications");
  }
}

export class LabClient {
  tools: Tool[] = [];

  constructor(private readonly transport: Transport) {}

  connect(): JsonObject {
    // TODO
    void this.transport;
    return notWrittenYet("LabClient.connect");
  }

  listTools(): Tool[] {
    // TODO
    return notWrittenYet("LabClient.listTools");
  }

  callTool(name: string, args: JsonObject): JsonObject {
    // TODO
    void name; void args;
    return notWrittenYet("LabClient.callTool");
  }

  pump(): number {
    // TODO
    return notWrittenYet("LabClient.pump");
  }
}
