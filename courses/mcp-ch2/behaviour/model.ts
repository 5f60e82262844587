// The chapter's rules as a small executable model: what to_mcp, handle and serve must return
// for any input. Behaviour checks compare a submission with this model: exactly where the chapter
// leaves no choice, and where it leaves one (rule 5's order, calls it does not decide), on what
// every allowed answer shares (expectation.ts). Every answer is built from the course data
// (protocol.ts), never typed in per input.
import { canonicalJson } from "../../../src/json/python-json.js";
import {
  INITIALIZE_RESULT, MCP_TOOL, METHOD_NOT_FOUND, PARSE_ERROR_RESPONSE, UNKNOWN_TOOL_CODE,
  foundText, unknownToolMessage,
} from "../course/protocol.js";
import type { JsonObject, JsonSchema, JsonValue, McpTool, ServeResult, ToolDefinition } from "../course/types.js";
import type { Expectation } from "./expectation.js";

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

/**
 * The Chapter 1 rule set, one message per problem, in the Python reference's order (the order is
 * not the chapter's rule: see Expectation). Names are looked up as own keys only, so an argument
 * called "toString" or "__proto__" is an unexpected field, as it is for Python's dict.
 */
export function modelValidate(args: JsonObject, schema: JsonSchema): string[] {
  const errors: string[] = [];
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) if (!Object.hasOwn(args, name)) errors.push(`missing required field: ${name}`);
  for (const [name, value] of Object.entries(args)) {
    const rule = Object.hasOwn(properties, name) ? properties[name] : undefined;
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

/**
 * The bounds a number of the wrong type breaks too (limit 1e-7: not an integer, and below 1):
 * the rule set reports the type and goes on to the next field, and the chapter does not say
 * whether the bounds are reported beside it, so either is accepted (Expectation's `also`).
 */
function boundsBesideType(args: JsonObject, schema: JsonSchema): string[] {
  const properties = schema.properties ?? {};
  return Object.entries(args).flatMap(([name, value]) => {
    const rule = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (!rule || typeof value !== "number" || hasType(value, rule.type)) return [];
    return [
      ...(rule.minimum !== undefined && value < rule.minimum ? [`${name} must be at least ${rule.minimum}`] : []),
      ...(rule.maximum !== undefined && value > rule.maximum ? [`${name} must be at most ${rule.maximum}`] : []),
    ];
  });
}

const toolResult = (text: string, isError: boolean): JsonObject => ({ content: [{ type: "text", text }], isError });
const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === "object" && !Array.isArray(v);
// Only the example shown with an undecided call's expectation: any response with the id will do.
const INVALID_PARAMS = { code: -32602, message: "Invalid params" };

/**
 * Task 2's rules 1-7: what the chapter requires of handle's answer to one message. `tool` is the
 * converted tool handle serves: the chapter's, or what the student's own toMcp returned (to tell
 * handle's mistakes from toMcp's, grading/read-through-tool.ts).
 */
export function expectHandle(message: JsonObject, tool: McpTool = MCP_TOOL): Expectation {
  if (!Object.hasOwn(message, "id")) return { kind: "exact", value: null };
  const id = message["id"] as JsonValue;
  const answer = (body: JsonObject): JsonObject => ({ jsonrpc: "2.0", id, ...body });
  const exact = (body: JsonObject): Expectation => ({ kind: "exact", value: answer(body) });
  switch (message["method"]) {
    case "initialize": return exact({ result: structuredClone(INITIALIZE_RESULT) });
    // Rule 7 makes ping another method (-32601); the specification the chapter follows (2025-06-18,
    // basic/utilities/ping) has every receiver answer it with an empty result: either will do.
    case "ping": return { kind: "protocol", id, value: answer({ error: { ...METHOD_NOT_FOUND } }) };
    case "tools/list": return exact({ result: { tools: [structuredClone(tool) as unknown as JsonObject] } });
    case "tools/call": break;
    default: return exact({ error: { ...METHOD_NOT_FOUND } });
  }
  // Rule 4 compares a tool name; without params, or without a name in them, the chapter is silent.
  const params = message["params"];
  const undecided: Expectation = { kind: "protocol", id, value: answer({ error: INVALID_PARAMS }) };
  if (!isObject(params) || typeof params["name"] !== "string") return undecided;
  const name = params["name"];
  if (name !== tool.name) return exact({ error: { code: UNKNOWN_TOOL_CODE, message: unknownToolMessage(name) } });
  // MCP makes arguments optional: a call without them has every required field missing. Arguments
  // that are there but not an object are a case the chapter does not decide.
  const args = Object.hasOwn(params, "arguments") ? params["arguments"] : {};
  if (!isObject(args)) return undecided;
  const errors = modelValidate(args, tool.inputSchema);
  if (errors.length) {
    const also = boundsBesideType(args, tool.inputSchema);
    return { kind: "messages", value: answer({ result: toolResult(errors.join("; "), true) }), messages: errors, ...(also.length ? { also } : {}) };
  }
  return exact({ result: toolResult(foundText(String(args["query"]), String(args["service"])), false) });
}

/** One answer handle may give: the only one, or for a choice the chapter leaves open, an example. */
export const modelHandle = (message: JsonObject): JsonObject | null => expectHandle(message).value as JsonObject | null;

/**
 * Task 3: one log line per non-blank line, numbered over all lines; canonical output lines. Exact
 * only for messages whose answer the chapter decides, the only ones task3-checks.ts sends.
 */
export function modelServe(lines: string[]): ServeResult {
  return serveWith(lines, (message) => modelHandle(message as JsonObject));
}

/**
 * The chapter's serve loop around any handle: the model's, or the student's own answers (so a
 * serve that calls the student's handle is judged on its loop alone, never for handle's mistakes).
 */
export function serveWith(lines: string[], answer: (message: unknown) => unknown): ServeResult {
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
    const response = answer(message);
    if (response !== null && response !== undefined) out.push(canonicalJson(response));
  });
  return { out, log };
}
