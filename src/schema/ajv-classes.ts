// Ajv's classes, loaded on first use rather than with the CLI: a run without schema checks never
// pays for them. All three packages are CommonJS; ajv-formats' plugin is its export's `default`.
import { createRequire } from "node:module";
import type { Ajv, Options } from "ajv";
import type { UriResolver } from "ajv/dist/types/index.js";

const require = createRequire(import.meta.url);

/** The JSON Schema dialects Ajv 8 can check and compile; draft-07 is the MCP schema's own. */
export const DIALECTS = ["draft-06", "draft-07", "2019-09", "2020-12"] as const;
export type Dialect = (typeof DIALECTS)[number];

/** Each dialect's meta-schema id, as Ajv registers it. */
export const META_SCHEMA: Record<Dialect, string> = {
  "draft-06": "http://json-schema.org/draft-06/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

type AjvClass = new (options: Options) => Ajv;
const classes: Partial<Record<Dialect, AjvClass>> = {};

function ajvClass(dialect: Dialect): AjvClass {
  const loaded = classes[dialect];
  if (loaded) return loaded;
  const loadedClass = dialect === "2019-09" ? (require("ajv/dist/2019") as { Ajv2019: AjvClass }).Ajv2019
    : dialect === "2020-12" ? (require("ajv/dist/2020") as { Ajv2020: AjvClass }).Ajv2020
    : (require("ajv") as { Ajv: AjvClass }).Ajv;
  return (classes[dialect] = loadedClass);
}

/**
 * An Ajv instance for `dialect`. Never a logger: Ajv warns about what it ignores by quoting the
 * schema, and a student's schema must not write to the grader's stderr.
 */
export function newAjv(dialect: Dialect, options: Options): Ajv {
  const ajv = new (ajvClass(dialect))({ logger: false, ...options });
  if (dialect === "draft-06") ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json") as object);
  return ajv;
}

export function addFormats(ajv: Ajv): Ajv {
  const plugin = require("ajv-formats") as { default?: (ajv: Ajv) => Ajv };
  return (plugin.default ?? (plugin as unknown as (ajv: Ajv) => Ajv))(ajv);
}

/** The URI library Ajv resolves `$ref` and `$id` with when given none (fast-uri). */
export function defaultUriResolver(): UriResolver {
  return (require("ajv/dist/runtime/uri") as { default: UriResolver }).default;
}
