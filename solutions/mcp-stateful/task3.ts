// Reference solution, task 3: the in-memory transport and the lab's client.
import {
  CLIENT_INFO, McpError, PROTOCOL_VERSION,
  type JsonObject, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcResponse, type Server, type Tool, type Transport,
} from "grade/course";

/** Everything crosses as JSON text, as it would over stdio: nothing but JSON survives. */
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class InMemoryTransport implements Transport {
  constructor(private readonly server: Pick<Server, "handle" | "drainOutbox">) {}

  send(message: JsonRpcMessage): JsonRpcResponse | null {
    const response = this.server.handle(roundTrip(message));
    return response === null ? null : roundTrip(response);
  }

  notifications(): JsonRpcNotification[] {
    return roundTrip(this.server.drainOutbox());
  }
}

export class LabClient {
  tools: Tool[] = [];
  private nextId = 1;

  constructor(private readonly transport: Transport) {}

  private request(method: string, params?: JsonObject): JsonObject {
    const id = this.nextId++;
    const message: JsonRpcMessage = params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
    const response = this.transport.send(message);
    if (response === null) throw new McpError(-32603, `no response to ${method}`);
    if ("error" in response) throw new McpError(response.error.code, response.error.message);
    return response.result;
  }

  connect(): JsonObject {
    const result = this.request("initialize", { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO });
    this.transport.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    return result;
  }

  listTools(): Tool[] {
    this.tools = this.request("tools/list")["tools"] as Tool[];
    return this.tools;
  }

  callTool(name: string, args: JsonObject): JsonObject {
    return this.request("tools/call", { name, arguments: args });
  }

  /** Drains the server's notifications; list_changed carries no payload, so the list is fetched again. */
  pump(): number {
    const notes = this.transport.notifications();
    if (notes.some((n) => n.method === "notifications/tools/list_changed")) this.listTools();
    return notes.length;
  }
}
