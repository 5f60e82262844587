// The chapter's rules as a small executable model: what to_mcp, handle and serve must return
// for any input the rules decide. Behaviour checks compare a submission with this model, and
// only on inputs where the chapter leaves no choice (the generators see to that). Every answer
// is built from the course data (protocol.ts), never typed in per input.
import { canonicalJson } from "../json/python-json.js";
import {
  INITIALIZE_RESULT, MCP_TOOL, METHOD_NOT_FOUND, PARSE_ERROR_RESPONSE, UNKNOWN_TOOL_CODE,
  foundText, unknownToolMessage,
} from "../course/protocol.js";
import type { JsonObject, JsonSchema, JsonValue, McpTool, ServeResult, ToolDefinition } from "../course/types.js";

export function modelToMcp(tool: ToolDefinition): McpTool {
  return { name: tool.name, description: tool.description, inputSchema: structuredClone(tool.input_schema) };
}

function hasType(value: JsonValue, type: string | undefined): boolean {
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

/** The Chapter 1 rule set, one message per problem. */
export function modelValidate(args: JsonObject, schema: JsonSchema): string[] {
  const errors: string[] = [];
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) if (!(name in args)) errors.push(`missing required field: ${name}`);
  for (const [name, value] of Object.entries(args)) {
    const rule = properties[name];
    if (!rule) {
      if (schema.additionalProperties === false) errors.push(`unexpected field: ${name}`);
      continue;
    }
    if (!hasType(value, rule.type)) {
      errors.push(`${name} must be of type ${rule.type}`);
      continue;
    }
    if (rule.enum && !rule.enum.includes(value)) errors.push(`${name} must be one of: ${rule.enum.join(", ")}`);
    if (typeof value === "number" && rule.minimum !== undefined && value < rule.minimum) errors.push(`${name} must be at least ${rule.minimum}`);
    if (typeof value === "number" && rule.maximum !== undefined && value > rule.maximum) errors.push(`${name} must be at most ${rule.maximum}`);
  }
  return errors;
}

const toolResult = (text: string, isError: boolean): JsonObject => ({ content: [{ type: "text", text }], isError });

/** Task 2's rules 1-7. */
export function modelHandle(message: JsonObject): JsonObject | null {
  if (!("id" in message)) return null;
  const id = message["id"] as JsonValue;
  const answer = (body: JsonObject): JsonObject => ({ jsonrpc: "2.0", id, ...body });
  switch (message["method"]) {
    case "initialize": return answer({ result: structuredClone(INITIALIZE_RESULT) });
    case "tools/list": return answer({ result: { tools: [structuredClone(MCP_TOOL) as unknown as JsonObject] } });
    case "tools/call": {
      const params = (message["params"] ?? {}) as JsonObject;
      const name = params["name"];
      if (name !== MCP_TOOL.name) return answer({ error: { code: UNKNOWN_TOOL_CODE, message: unknownToolMessage(String(name)) } });
      const args = params["arguments"] as JsonObject;
      const errors = modelValidate(args, MCP_TOOL.inputSchema);
      if (errors.length) return answer({ result: toolResult(errors.join("; "), true) });
      return answer({ result: toolResult(foundText(String(args["query"]), String(args["service"])), false) });
    }
    default: return answer({ error: { ...METHOD_NOT_FOUND } });
  }
}

/** Task 3: one log line per non-blank line, numbered over all lines; canonical output lines. */
export function modelServe(lines: string[]): ServeResult {
  const out: string[] = [];
  const log: string[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    log.push(`line ${index + 1}`);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      out.push(canonicalJson(PARSE_ERROR_RESPONSE));
      return;
    }
    const response = modelHandle(message as JsonObject);
    if (response) out.push(canonicalJson(response));
  });
  return { out, log };
}
