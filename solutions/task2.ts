// Reference solution for Task 2 (instructors only).
import {
  TOOL, type JsonObject, type JsonRpcMessage, type JsonRpcResponse, type JsonSchema, type JsonValue,
  type RequestId,
} from "grade/course";
import { toMcp } from "./task1.js";

const MCP_TOOL = toMcp(TOOL);

function typeMatches(value: JsonValue, type: string | undefined): boolean {
  switch (type) {
    case "string": return typeof value === "string";
    case "integer": return typeof value === "number" && Number.isInteger(value);
    case "number": return typeof value === "number";
    case "boolean": return typeof value === "boolean";
    case "object": return value !== null && typeof value === "object" && !Array.isArray(value);
    case "array": return Array.isArray(value);
    default: return true;
  }
}

/** The Chapter 1 rule set: one message per problem, in a fixed order. */
export function validate(args: JsonObject, schema: JsonSchema): string[] {
  const errors: string[] = [];
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (!Object.hasOwn(args, name)) errors.push(`missing required field: ${name}`);
  }
  for (const [name, value] of Object.entries(args)) {
    // Own keys only: a field called "toString" or "__proto__" is not in the schema.
    const rule = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!rule) {
      if (schema.additionalProperties === false) errors.push(`unexpected field: ${name}`);
      continue;
    }
    if (!typeMatches(value, rule.type)) {
      errors.push(`${name} must be of type ${rule.type}`);
      continue;
    }
    if (rule.enum && !rule.enum.includes(value)) {
      errors.push(`${name} must be one of: ${rule.enum.join(", ")}`);
    }
    if (typeof value === "number" && rule.minimum !== undefined && value < rule.minimum) {
      errors.push(`${name} must be at least ${rule.minimum}`);
    }
    if (typeof value === "number" && rule.maximum !== undefined && value > rule.maximum) {
      errors.push(`${name} must be at most ${rule.maximum}`);
    }
  }
  return errors;
}

const text = (value: string, isError: boolean): JsonObject =>
  ({ content: [{ type: "text", text: value }], isError });

function callTool(id: RequestId, params: JsonObject): JsonRpcResponse {
  const name = params["name"];
  if (name !== MCP_TOOL.name) {
    return { jsonrpc: "2.0", id, error: { code: -32602, message: `Unknown tool: ${String(name)}` } };
  }
  const raw = params["arguments"];
  const args: JsonObject = raw !== null && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  const errors = validate(args, MCP_TOOL.inputSchema);
  if (errors.length > 0) return { jsonrpc: "2.0", id, result: text(errors.join("; "), true) };
  return { jsonrpc: "2.0", id, result: text(`found 3 lines for ${String(args["query"])} in ${String(args["service"])}`, false) };
}

export function handle(message: JsonRpcMessage): JsonRpcResponse | null {
  if (!("id" in message)) return null;
  const { id } = message;
  switch (message.method) {
    case "initialize":
      return {
        jsonrpc: "2.0", id,
        result: {
          protocolVersion: "2025-06-18",
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: "chapter2-server", version: "1.0.0" },
        },
      };
    case "tools/list":
      return { jsonrpc: "2.0", id, result: { tools: [MCP_TOOL] } };
    case "tools/call":
      return callTool(id, message.params ?? {});
    default:
      return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } };
  }
}
