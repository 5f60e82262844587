// Ajv behind one small interface: a validation is {valid: true, data} or {valid: false,
// errorMessage}, and the message names the place in plain words (error-text.ts). This file
// holds the MCP schema's side; a schema a student's code returned is judged by json-schema.ts.
import { readFileSync } from "node:fs";
import { describeErrors } from "./error-text.js";
import { keptValidators } from "./kept-validators.js";

export type Validation<T> = { valid: true; data: T } | { valid: false; errorMessage: string };

export const MCP_REVISION = "2025-06-18";
export const MCP_DEFINITIONS = ["JSONRPCResponse", "JSONRPCError", "InitializeResult", "ListToolsResult", "CallToolResult", "Tool"] as const;
export type McpDefinition = (typeof MCP_DEFINITIONS)[number];

const SCHEMA_URL = new URL(`./mcp/${MCP_REVISION}/schema.json`, import.meta.url);
const SCHEMA_ID = "mcp.json";

/** The vendored schema's text, which each pack of this revision validates against. */
export const MCP_SCHEMA_TEXT = (): string => readFileSync(SCHEMA_URL, "utf8");

export function loadMcpSchema(): { definitions: Record<string, unknown> } {
  return JSON.parse(MCP_SCHEMA_TEXT()) as { definitions: Record<string, unknown> };
}

// Compiling the MCP schema is the slow part (about 50 ms of CPU a run, measured here): what Ajv
// makes of it is kept as code between runs (kept-validators.ts).
const mcpValidatorFunction = keptValidators({ dialect: "draft-07", text: MCP_SCHEMA_TEXT, id: SCHEMA_ID, ref: (d) => `${SCHEMA_ID}#/definitions/${d}`, definitions: MCP_DEFINITIONS });

/** Validates a value against one definition of the MCP schema; `where` names the value. */
export function validateMcp(definition: McpDefinition, value: unknown, where: string): Validation<unknown> {
  const fn = mcpValidatorFunction(definition);
  if (fn(value)) return { valid: true, data: value };
  return { valid: false, errorMessage: describeErrors(fn.errors ?? [], where, value) };
}

