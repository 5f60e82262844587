// Reference solution for Task 2 of "The protocol from scratch" (instructors only).
import {
  ORDERS, PROTOCOL_VERSION, RESOURCES, SERVER_INFO, TOOLS,
  type JsonObject, type JsonRpcMessage, type JsonRpcResponse, type JsonValue,
} from "grade/course";
import { checkArgs, pyRepr } from "./task1.js";

class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: JsonValue) {
    super(message);
  }
}

const CACHE = { cacheScope: "public", ttlMs: 0 };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const field = (object: JsonObject, key: string): JsonValue | undefined =>
  Object.hasOwn(object, key) ? object[key] : undefined;

/** Python's repr() of a JSON value, str() for f-strings' {x}. */
function repr(value: JsonValue | undefined): string {
  if (value === undefined || value === null) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return pyRepr(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([k, v]) => `${pyRepr(k)}: ${repr(v)}`).join(", ")}}`;
  return String(value);
}
const str = (value: JsonValue | undefined): string => (typeof value === "string" ? value : repr(value));

function textResult(text: string, isError = false, structured?: JsonObject): JsonObject {
  const result: JsonObject = { content: [{ type: "text", text }], isError, resultType: "complete" };
  if (structured) result["structuredContent"] = structured;
  return result;
}

function cancelOrder(orderId: string, inputResponses: JsonValue | undefined): JsonObject {
  const answer = isObject(inputResponses) ? field(inputResponses, "confirm") : undefined;
  if (answer === undefined || answer === null) {
    return {
      resultType: "input_required",
      inputRequests: {
        confirm: {
          method: "elicitation/create",
          params: {
            mode: "form",
            message: `Really cancel order ${orderId}?`,
            requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] },
          },
        },
      },
    };
  }
  const content = isObject(answer) ? field(answer, "content") : undefined;
  if (isObject(answer) && answer["action"] === "accept" && isObject(content) && field(content, "confirm") === true) {
    ORDERS[orderId]!.status = "cancelled";
    return textResult(`${orderId} cancelled`);
  }
  return textResult(`${orderId} kept: the user did not confirm`);
}

function callTool(params: JsonObject): JsonObject {
  const name = field(params, "name");
  if (typeof name !== "string" || !Object.hasOwn(TOOLS, name)) throw new RpcError(-32602, `unknown tool: ${str(name)}`);
  const raw = field(params, "arguments");
  const args = isObject(raw) ? raw : {};
  const problems = checkArgs(TOOLS[name]!.inputSchema, args);
  if (problems.length > 0) return textResult(`Error: ${problems.join("; ")}`, true);
  const orderId = args["order_id"] as string;
  if (!Object.hasOwn(ORDERS, orderId)) return textResult(`Error: order ${orderId} not found: IDs look like A100`, true);
  if (name === "cancel_order") return cancelOrder(orderId, field(params, "inputResponses"));
  const { status, eta } = ORDERS[orderId]!;
  const data = { order_id: orderId, status, eta };
  return textResult(JSON.stringify(data), false, data);
}

function route(method: JsonValue | undefined, params: JsonObject): JsonObject {
  if (method === "server/discover") {
    return { supportedVersions: [PROTOCOL_VERSION], capabilities: { tools: {}, resources: {} }, serverInfo: SERVER_INFO, ...CACHE };
  }
  const meta = field(params, "_meta");
  const version = isObject(meta) ? field(meta, "io.modelcontextprotocol/protocolVersion") : undefined;
  if (version !== PROTOCOL_VERSION) {
    throw new RpcError(-32022, `unsupported protocol version ${repr(version)}`, { supported: [PROTOCOL_VERSION], requested: version ?? null });
  }
  switch (method) {
    case "tools/list":
      return { tools: Object.entries(TOOLS).map(([name, spec]) => ({ name, ...spec })), ...CACHE };
    case "tools/call":
      return callTool(params);
    case "resources/list":
      return { resources: Object.keys(RESOURCES).map((uri) => ({ uri, name: uri.split("//")[1]!, mimeType: "text/plain" })), ...CACHE };
    case "resources/read": {
      const uri = field(params, "uri");
      if (typeof uri !== "string" || !Object.hasOwn(RESOURCES, uri)) throw new RpcError(-32602, `resource not found: ${str(uri)}`);
      return { contents: [{ uri, mimeType: "text/plain", text: RESOURCES[uri]! }], ...CACHE };
    }
    default:
      throw new RpcError(-32601, `method not found: ${str(method)}`);
  }
}

export function handle(message: JsonRpcMessage): JsonRpcResponse | null {
  if (!("id" in message)) return null;
  const params = isObject(message.params) ? message.params : {};
  try {
    const result = route(message.method, params);
    result["resultType"] ??= "complete";
    result["_meta"] = { "io.modelcontextprotocol/serverInfo": SERVER_INFO };
    return { jsonrpc: "2.0", id: message.id, result };
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    const data = error.data === undefined ? {} : { data: error.data };
    return { jsonrpc: "2.0", id: message.id, error: { code: error.code, message: error.message, ...data } };
  }
}
