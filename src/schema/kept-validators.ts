// A vendored schema's validators for a fixed list of its definitions, compiled by Ajv once per
// build and kept as code (Ajv's standalone validators, schema-cache.ts) under a key of the
// schema's text, the options and both packages' versions. Compiling a pack's MCP schema was the
// largest part of its judging (about 220 ms of the grader's thread a run for the stateless
// pack's 2026-07-28 schema, docs/speed.md); loading what was kept takes a few.
import { createRequire } from "node:module";
import type { Options, ValidateFunction } from "ajv";
import { addFormats, newAjv, type Dialect } from "./ajv-classes.js";
import { loadValidators, saveValidators } from "./schema-cache.js";

const require = createRequire(import.meta.url);

export interface VendoredSchema {
  dialect: Dialect;
  /** The schema's JSON text: read once a process, for the key of what is kept (and compiled when nothing kept fits). */
  text: () => string;
  /** The id the schema is added under; `ref` names a definition inside it. */
  id: string;
  ref: (definition: string) => string;
  /** Every definition the pack validates against: all are compiled and kept together. */
  definitions: readonly string[];
  /** Ajv's options beyond the shared ones (strict and validateSchema off: the schema is the official one). */
  options?: Options;
}

const version = (name: string): string => (require(`${name}/package.json`) as { version: string }).version;

/** The validator of each listed definition, compiled or loaded on first use. */
export function keptValidators(schema: VendoredSchema): (definition: string) => ValidateFunction {
  let table: Record<string, ValidateFunction> | undefined;
  return (definition) => {
    table ??= load(schema);
    const fn = Object.hasOwn(table, definition) ? table[definition] : undefined;
    if (!fn) throw new Error(`the vendored schema ${schema.id} has no kept validator for ${definition}: add it to the list`);
    return fn;
  };
}

function load(schema: VendoredSchema): Record<string, ValidateFunction> {
  const text = schema.text();
  const options: Options = { strict: false, validateSchema: false, ...schema.options };
  const key = `${schema.dialect}; ajv ${version("ajv")}; ajv-formats ${version("ajv-formats")}; ${JSON.stringify(options)}; ${schema.definitions.map((d) => `${d} ${schema.ref(d)}`).join(",")}; ${text}`;
  const kept = loadValidators(key);
  if (kept && schema.definitions.every((d) => typeof kept[d] === "function")) return kept;
  const ajv = addFormats(newAjv(schema.dialect, { ...options, code: { source: true } }));
  ajv.addSchema(JSON.parse(text) as object, schema.id);
  const refs = Object.fromEntries(schema.definitions.map((d) => [d, schema.ref(d)]));
  const table: Record<string, ValidateFunction> = {};
  for (const [definition, ref] of Object.entries(refs)) {
    const fn = ajv.getSchema(ref);
    if (!fn) throw new Error(`the vendored schema ${schema.id} has no definition ${definition}`);
    table[definition] = fn;
  }
  saveValidators(key, ajv, refs);
  return table;
}
