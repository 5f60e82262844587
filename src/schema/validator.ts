// Ajv behind one small interface: a validation is {valid: true, data} or {valid: false,
// errorMessage}, and the message names the place in plain words (error-text.ts). This file
// holds the MCP schema's side; a schema a student's code returned is judged by json-schema.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv, ValidateFunction } from "ajv";
import { addFormats, newAjv } from "./ajv-classes.js";
import { describeErrors } from "./error-text.js";
import { warmMetaSchema } from "./json-schema.js";
import { loadValidators, saveValidators } from "./schema-cache.js";

export type Validation<T> = { valid: true; data: T } | { valid: false; errorMessage: string };

export const MCP_REVISION = "2025-06-18";
export const MCP_DEFINITIONS = ["JSONRPCResponse", "JSONRPCError", "InitializeResult", "ListToolsResult", "CallToolResult", "Tool"] as const;
export type McpDefinition = (typeof MCP_DEFINITIONS)[number];

const SCHEMA_URL = new URL(`./mcp/${MCP_REVISION}/schema.json`, import.meta.url);
const SCHEMA_ID = "mcp.json";
const require = createRequire(import.meta.url);

export function loadMcpSchema(): { definitions: Record<string, unknown> } {
  return JSON.parse(readFileSync(SCHEMA_URL, "utf8")) as { definitions: Record<string, unknown> };
}

// Built once per process on first use. Compiling the MCP schema is the slow part (about 50 ms
// of CPU a run, measured here), so what Ajv makes of it is kept as code (Ajv's "standalone"
// validators) in node_modules/.cache/grade, under a key of the schema's text and both packages'
// versions, and later runs load that instead (schema-cache.ts).
let mcpAjv: Ajv | undefined;
const compiled = new Map<McpDefinition, ValidateFunction>();
let fromCache: Record<string, ValidateFunction> | undefined | null;

function mcpValidatorFunction(definition: McpDefinition): ValidateFunction {
  if (fromCache === undefined) fromCache = loadValidators(schemaKey()) ?? null;
  const cached = fromCache?.[definition];
  if (cached) return cached;
  if (!mcpAjv) {
    // The vendored schema is the official one, checked against its meta-schema by a test
    // (validator.test.ts), not on every run: that check costs more than compiling what we use.
    mcpAjv = addFormats(newAjv("draft-07", { strict: false, validateSchema: false, code: { source: true } }));
    mcpAjv.addSchema(loadMcpSchema(), SCHEMA_ID);
  }
  let fn = compiled.get(definition);
  if (!fn) {
    fn = mcpAjv.getSchema(`${SCHEMA_ID}#/definitions/${definition}`);
    if (!fn) throw new Error(`the vendored MCP schema has no definition ${definition}`);
    compiled.set(definition, fn);
    // Every definition compiled: kept for the next run.
    if (compiled.size === MCP_DEFINITIONS.length) saveValidators(schemaKey(), mcpAjv, Object.fromEntries(MCP_DEFINITIONS.map((d) => [d, `${SCHEMA_ID}#/definitions/${d}`])));
  }
  return fn;
}

let key: string | undefined;
function schemaKey(): string {
  const version = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;
  key ??= `ajv ${version("ajv")}; ajv-formats ${version("ajv-formats")}; ${MCP_DEFINITIONS.join(",")}; ${readFileSync(SCHEMA_URL, "utf8")}`;
  return key;
}

/**
 * Compiles every definition the checks use, ahead of the first validation, one at a time with
 * the event loop let through in between: the grader's thread meanwhile starts processes and reads
 * their replies.
 */
let warm = false;
export async function warmUpSchema(): Promise<void> {
  // Once per process: a batch asks for every submission.
  if (warm) return;
  for (const definition of MCP_DEFINITIONS) {
    await new Promise((resolve) => setImmediate(resolve));
    mcpValidatorFunction(definition);
  }
  // And the draft-07 meta-schema that every toMcp result's inputSchema is checked against.
  await new Promise((resolve) => setImmediate(resolve));
  warmMetaSchema();
  warm = true;
}

/** Validates a value against one definition of the MCP schema; `where` names the value. */
export function validateMcp(definition: McpDefinition, value: unknown, where: string): Validation<unknown> {
  const fn = mcpValidatorFunction(definition);
  if (fn(value)) return { valid: true, data: value };
  return { valid: false, errorMessage: describeErrors(fn.errors ?? [], where, value) };
}

