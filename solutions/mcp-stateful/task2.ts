// Reference solution, task 2: the lab server, a session at a time.
import {
  INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PROMPTS, PROTOCOL_VERSION, RESOURCES, SERVER_INFO,
  type JsonObject, type JsonRpcMessage, type JsonRpcNotification, type JsonRpcResponse, type LabTool, type ServerConfig,
} from "grade/course";

/** A deliberately raised protocol error: its code goes on the wire as it is. */
class RPCError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

export class LabServer {
  private initialized = false;
  private readonly tools = new Map<string, LabTool>();
  private outbox: JsonRpcNotification[] = [];
  private readonly allowed: Set<string>;

  constructor(config: ServerConfig) {
    this.allowed = new Set(config.allowedTools);
  }

  addTool(tool: LabTool, options: { notify?: boolean } = {}): void {
    this.tools.set(tool.name, tool);
    // Queued only once the session is live: before that the client has not seen listChanged.
    if (options.notify && this.initialized) this.outbox.push({ jsonrpc: "2.0", method: "notifications/tools/list_changed" });
  }

  drainOutbox(): JsonRpcNotification[] {
    const out = this.outbox;
    this.outbox = [];
    return out;
  }

  handle(message: JsonRpcMessage): JsonRpcResponse | null {
    const isNotification = !("id" in message);
    const id = isNotification ? null : (message as { id: string | number }).id;
    try {
      // "id must not be null in a request": the key is there, so this is a malformed request.
      if (!isNotification && typeof id !== "string" && typeof id !== "number") throw new RPCError(INVALID_REQUEST, "id must be a string or an integer");
      const result = this.dispatch(message);
      if (isNotification) return null;
      return { jsonrpc: "2.0", id: id!, result: result ?? {} };
    } catch (error) {
      if (isNotification) return null;
      if (error instanceof RPCError) return { jsonrpc: "2.0", id, error: { code: error.code, message: error.message } };
      return { jsonrpc: "2.0", id, error: { code: INTERNAL_ERROR, message: `internal error: ${String(error)}` } };
    }
  }

  private dispatch(message: JsonRpcMessage): JsonObject | null {
    if (message.jsonrpc !== "2.0") throw new RPCError(INVALID_REQUEST, "jsonrpc must be 2.0");
    if (typeof message.method !== "string") throw new RPCError(INVALID_REQUEST, "no method");
    if (message.method === "initialize") {
      return { protocolVersion: PROTOCOL_VERSION, capabilities: { tools: { listChanged: true }, resources: {}, prompts: {} }, serverInfo: { ...SERVER_INFO } };
    }
    if (message.method === "notifications/initialized") {
      this.initialized = true;
      return null;
    }
    if (!this.initialized) throw new RPCError(INVALID_REQUEST, "server not initialized");
    const params = asObject(message.params);
    switch (message.method) {
      case "tools/list":
        return { tools: [...this.tools.values()].map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })) };
      case "tools/call":
        return this.callTool(params);
      case "resources/list":
        return { resources: RESOURCES.map((r) => ({ uri: r.uri, name: r.name, mimeType: r.mimeType })) };
      case "resources/read": {
        const resource = RESOURCES.find((r) => r.uri === params["uri"]);
        if (!resource) throw new RPCError(INVALID_PARAMS, `unknown resource: ${String(params["uri"])}`);
        return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.read() }] };
      }
      case "prompts/list":
        return { prompts: PROMPTS.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments })) };
      case "prompts/get":
        return this.getPrompt(params);
      default:
        throw new RPCError(METHOD_NOT_FOUND, `method not found: ${message.method}`);
    }
  }

  private callTool(params: Record<string, unknown>): JsonObject {
    const name = params["name"];
    const tool = typeof name === "string" ? this.tools.get(name) : undefined;
    if (!tool) throw new RPCError(METHOD_NOT_FOUND, `unknown tool: ${String(name)}`);
    if (!this.allowed.has(tool.name)) throw new RPCError(INVALID_REQUEST, `tool '${tool.name}' not permitted for this client`);
    const args = asObject(params["arguments"]) as JsonObject;
    for (const key of tool.inputSchema.required) {
      if (!Object.hasOwn(args, key)) throw new RPCError(INVALID_PARAMS, `missing required argument '${key}'`);
    }
    try {
      return { content: [{ type: "text", text: tool.run(args) }] };
    } catch (error) {
      // The tool failed, not the protocol: the model reads this and can react.
      return { content: [{ type: "text", text: `ERROR: ${error instanceof Error ? error.message : String(error)}` }], isError: true };
    }
  }

  private getPrompt(params: Record<string, unknown>): JsonObject {
    const prompt = PROMPTS.find((p) => p.name === params["name"]);
    if (!prompt) throw new RPCError(INVALID_PARAMS, `unknown prompt: ${String(params["name"])}`);
    const args = asObject(params["arguments"]);
    const text = prompt.template.replace(/\{(\w+)\}/g, (_, variable: string) => {
      if (!Object.hasOwn(args, variable)) throw new RPCError(INVALID_PARAMS, `missing variable '${variable}'`);
      return String(args[variable]);
    });
    return { description: prompt.description, messages: [{ role: "user", content: { type: "text", text } }] };
  }
}
