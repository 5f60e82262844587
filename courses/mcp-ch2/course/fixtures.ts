// The chapter's fixtures, exactly as its Hands-on Project prints them.
import { pythonDumps } from "../../../src/json/python-json.js";
import type { JsonRpcMessage, ToolDefinition } from "./types.js";

/** The Chapter 1 tool every task uses. */
// `satisfies`, not a declared type: TOOL keeps the type of its value, so it fits a student's own,
// narrower copy of the types (enum: string[], required properties) wherever it is passed.
export const TOOL = {
  name: "logs_search",
  description:
    "Searches recent log lines for one service. Use this when the user asks what a " +
    "service logged about a topic. Does not modify anything and does not search " +
    "any other data.",
  input_schema: {
    type: "object",
    properties: {
      service: { type: "string", enum: ["api", "worker", "billing"] },
      query: { type: "string" },
      limit: { type: "integer", minimum: 1, maximum: 50 },
    },
    required: ["service", "query"],
    additionalProperties: false,
  },
} satisfies ToolDefinition;

/** Task 2's eight messages, in the order they are run through `handle`. */
export const MESSAGES: JsonRpcMessage[] = [
  {
    jsonrpc: "2.0", id: 1, method: "initialize",
    params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "0" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
  {
    jsonrpc: "2.0", id: 3, method: "tools/call",
    params: { name: "logs_search", arguments: { service: "api", query: "timeout" } },
  },
  { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "deploy_nuke", arguments: {} } },
  {
    jsonrpc: "2.0", id: 5, method: "tools/call",
    params: { name: "logs_search", arguments: { service: "payments", query: "x" } },
  },
  { jsonrpc: "2.0", id: 6, method: "resources/list" },
  {
    jsonrpc: "2.0", id: 7, method: "tools/call",
    params: { name: "logs_search", arguments: { service: "worker", query: "retry", limit: 5 } },
  },
];

/**
 * Task 3's six input lines. Lines 1, 2, 3 and 5 are the first four messages as Python's
 * `json.dumps` writes them by default (`", "` and `": "` separators); line 4 is not JSON;
 * line 6 is empty.
 */
export const LINES: string[] = [
  pythonDumps(MESSAGES[0]),
  pythonDumps(MESSAGES[1]),
  pythonDumps(MESSAGES[2]),
  "{not json",
  pythonDumps(MESSAGES[3]),
  "",
];
