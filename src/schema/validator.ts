// Ajv behind one small interface: a validation is {valid: true, data} or {valid: false,
// errorMessage}, and the message names the place in plain words ("result.tools[0].inputSchema
// is missing the required field type"), never Ajv's JSON pointers.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import { loadValidators, saveValidators } from "./schema-cache.js";

export type Validation<T> = { valid: true; data: T } | { valid: false; errorMessage: string };

export const MCP_REVISION = "2025-06-18";
export const MCP_DEFINITIONS = ["JSONRPCResponse", "JSONRPCError", "InitializeResult", "ListToolsResult", "CallToolResult", "Tool"] as const;
export type McpDefinition = (typeof MCP_DEFINITIONS)[number];

const SCHEMA_URL = new URL(`./mcp/${MCP_REVISION}/schema.json`, import.meta.url);
const SCHEMA_ID = "mcp.json";

// Ajv is loaded on first use, not with the CLI: a run without schema checks never pays for it.
// Both packages are CommonJS; ajv-formats' plugin is its export's `default`.
const require = createRequire(import.meta.url);
let ajvClass: typeof Ajv | undefined;
function newAjv(options: ConstructorParameters<typeof Ajv>[0]): Ajv {
  ajvClass ??= (require("ajv") as typeof import("ajv")).Ajv;
  return new ajvClass(options);
}
function addFormats(ajv: Ajv): Ajv {
  const plugin = require("ajv-formats") as { default?: (ajv: Ajv) => Ajv };
  return (plugin.default ?? (plugin as unknown as (ajv: Ajv) => Ajv))(ajv);
}

export function loadMcpSchema(): { definitions: Record<string, unknown> } {
  return JSON.parse(readFileSync(SCHEMA_URL, "utf8")) as { definitions: Record<string, unknown> };
}

// Built once per process on first use. Compiling the MCP schema is the slow part (about 50 ms
// of CPU a run, measured here), so what Ajv makes of it is kept as code (Ajv's "standalone"
// validators) in node_modules/.cache/grade, under a key of the schema's text and both packages'
// versions, and later runs load that instead (schema-cache.ts).
let mcpAjv: Ajv | undefined;
let schemaAjv: Ajv | undefined;
const compiled = new Map<McpDefinition, ValidateFunction>();
let fromCache: Record<string, ValidateFunction> | undefined | null;

function mcpValidatorFunction(definition: McpDefinition): ValidateFunction {
  if (fromCache === undefined) fromCache = loadValidators(schemaKey()) ?? null;
  const cached = fromCache?.[definition];
  if (cached) return cached;
  if (!mcpAjv) {
    // The vendored schema is the official one, checked against its meta-schema by a test
    // (validator.test.ts), not on every run: that check costs more than compiling what we use.
    mcpAjv = addFormats(newAjv({ strict: false, validateSchema: false, code: { source: true } }));
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
  compileJsonSchema({ type: "object" }, "a warm-up schema", { compile: false });
  warm = true;
}

/** Validates a value against one definition of the MCP schema; `where` names the value. */
export function validateMcp(definition: McpDefinition, value: unknown, where: string): Validation<unknown> {
  const fn = mcpValidatorFunction(definition);
  if (fn(value)) return { valid: true, data: value };
  return { valid: false, errorMessage: describeErrors(fn.errors ?? [], where, value) };
}

/**
 * Whether a value compiles as a JSON Schema (draft-07, as the MCP schema uses). Checking it
 * against the meta-schema is cheap; compiling generates code (a few ms a schema), so a caller
 * with many schemas known to be copies of valid ones can skip it with `compile: false`.
 */
// A batch sees the same generated schemas in every correct submission: each is compiled once.
const compiledSchemas = new Map<string, Validation<unknown>>();

export function compileJsonSchema(schema: unknown, where: string, options: { compile?: boolean } = {}): Validation<unknown> {
  if (options.compile === false || schema === null || typeof schema !== "object") return checkJsonSchema(schema, where, options);
  const key = `${where}\0${JSON.stringify(schema)}`;
  let verdict = compiledSchemas.get(key);
  if (!verdict) {
    if (compiledSchemas.size >= 5000) compiledSchemas.clear();
    verdict = checkJsonSchema(schema, where, options);
    compiledSchemas.set(key, verdict);
  }
  return verdict.valid ? { valid: true, data: schema } : verdict;
}

function checkJsonSchema(schema: unknown, where: string, options: { compile?: boolean }): Validation<unknown> {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    return { valid: false, errorMessage: `${where} must be a JSON Schema object, but it is ${schema === null ? "null" : Array.isArray(schema) ? "a list" : typeof schema}` };
  }
  schemaAjv ??= addFormats(newAjv({ strict: false }));
  const ajv = schemaAjv;
  if (ajv.validateSchema(schema)) {
    if (options.compile === false) return { valid: true, data: schema };
    try {
      ajv.compile(schema);
      return { valid: true, data: schema };
    } catch (error) {
      return { valid: false, errorMessage: `${where} does not compile as a JSON Schema: ${(error as Error).message}` };
    } finally {
      ajv.removeSchema(schema);
    }
  }
  return { valid: false, errorMessage: describeErrors(ajv.errors ?? [], where, schema) };
}

/** "/result/tools/0/name" under "the response" -> "the response's result.tools[0].name". */
export function plainPath(pointer: string, where: string): string {
  const steps = pointer.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (steps.length === 0) return where;
  const dotted = steps.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `${i ? "." : ""}${s}` : `[${JSON.stringify(s)}]`)).join("");
  return `${dotted} in ${where}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let here = root;
  for (const step of pointer.split("/").slice(1)) here = (here as Record<string, unknown> | undefined)?.[step];
  return here;
}

const describeValue = (v: unknown): string =>
  v === undefined ? "missing" : v === null ? "null" : Array.isArray(v) ? "a list" : typeof v === "object" ? "an object" : `${typeof v} ${JSON.stringify(v)}`;

function describeError(e: ErrorObject, where: string, root: unknown): string {
  const at = plainPath(e.instancePath, where);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required": return `${at} is missing the required field ${String(p["missingProperty"])}`;
    case "type": return `${at} must be of type ${String(p["type"]).replace(",", " or ")}, but it is ${describeValue(valueAt(root, e.instancePath))}`;
    case "const": return `${at} must be exactly ${JSON.stringify(p["allowedValue"])}, but it is ${describeValue(valueAt(root, e.instancePath))}`;
    case "enum": return `${at} must be one of ${(p["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}, but it is ${describeValue(valueAt(root, e.instancePath))}`;
    case "additionalProperties": return `${at} has a field the schema does not allow: ${String(p["additionalProperty"])}`;
    default: return `${at} ${e.message ?? "is not valid"}`;
  }
}

// With anyOf (a content block may be text, image, ...) Ajv reports each branch's first error and
// then the anyOf itself; the deepest concrete error is the one that tells the student most.
function describeErrors(errors: ErrorObject[], where: string, root: unknown): string {
  const concrete = errors.filter((e) => !["anyOf", "oneOf", "if"].includes(e.keyword));
  const chosen = (concrete.length ? concrete : errors).reduce<ErrorObject | undefined>((best, e) => (!best || e.instancePath.length > best.instancePath.length ? e : best), undefined);
  return chosen ? describeError(chosen, where, root) : `${where} is not valid`;
}
