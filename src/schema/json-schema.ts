// Whether a JSON Schema that a student's code returned is one: a verdict for any value, never a
// throw. The schema is measured first (schema-size.ts) and refused unchecked when over a cap;
// then checked against its dialect's meta-schema (linear, cheap); then, within the check's
// budget, compiled by a fresh Ajv instance, so that nothing ($id, $ref, options) is shared
// between two students' schemas, or two calls of one student's code.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { ValidateFunction } from "ajv";
import type { UriResolver } from "ajv/dist/types/index.js";
import { defaultUriResolver, DIALECTS, META_SCHEMA, newAjv, type Dialect } from "./ajv-classes.js";
import { BoundedCache } from "./bounded-cache.js";
import { loadValidators, saveValidators } from "./schema-cache.js";
import { clip, describeErrors, describeValue, plainPath } from "./error-text.js";
import { measureSchema, oversize, SCHEMA_CAPS, type SchemaSize } from "./schema-size.js";
import type { Validation } from "./validator.js";

/** JSON values left to compile in one check; past it, schemas get the meta-schema check only. */
export interface CompileBudget {
  values: number;
}
// One schema at the cap: the most one check of one submission spends compiling (about 100 ms,
// 250 ms cold: docs/schema-checks.md), however many of its calls return a different schema.
export const COMPILE_BUDGET = SCHEMA_CAPS.values;
export const newCompileBudget = (): CompileBudget => ({ values: COMPILE_BUDGET });

const DIALECT_NAMES = `${DIALECTS.slice(0, -1).join(", ")} and ${DIALECTS.at(-1)!}`;

/** The dialect a `$schema` names (draft-07 when absent, as for MCP clients' Ajv), or why not. */
export function dialectOf(schema: Record<string, unknown>, where: string): { dialect: Dialect } | { error: string } {
  if (!Object.hasOwn(schema, "$schema")) return { dialect: "draft-07" };
  const declared = schema["$schema"];
  const at = plainPath("/$schema", where);
  if (typeof declared !== "string") return { error: `${at} must be a string (the URI of a JSON Schema dialect), but it is ${describeValue(declared)}` };
  // http or https, with or without the empty fragment: all name the same meta-schema.
  const bare = declared.replace(/^https?:\/\//, "").replace(/#$/, "");
  const dialect = DIALECTS.find((d) => META_SCHEMA[d].replace(/^https?:\/\//, "") === bare);
  if (dialect) return { dialect };
  return { error: `${at} is ${clip(JSON.stringify(declared), 120)}, a dialect this check cannot compile: it knows ${DIALECT_NAMES}; without $schema it uses draft-07` };
}

// One per dialect, made on first use: a meta-schema's validator is a plain function of its
// input, so sharing it between students shares nothing of theirs. Ajv checks no formats in a
// meta-schema (a bad pattern is found by compiling), so these have none. Compiling one took
// 300-500 ms of a grade (draft-07's, Ajv's compiler loaded for it): what Ajv makes of it is kept
// as code in node_modules/.cache/grade, as the MCP schema's validators are (schema-cache.ts).
const metaValidators: Partial<Record<Dialect, ValidateFunction>> = {};
const metaKey = (dialect: Dialect): string => `meta-schema ${dialect}; ajv ${(createRequire(import.meta.url)("ajv/package.json") as { version: string }).version}`;
function metaValidator(dialect: Dialect): ValidateFunction {
  const made = metaValidators[dialect];
  if (made) return made;
  const key = metaKey(dialect);
  let fn = loadValidators(key)?.["validate"];
  if (!fn) {
    const ajv = newAjv(dialect, { strict: false, code: { source: true } });
    fn = ajv.getSchema(META_SCHEMA[dialect]);
    if (!fn) throw new Error(`Ajv has no meta-schema for ${dialect}`);
    saveValidators(key, ajv, { validate: META_SCHEMA[dialect] });
  }
  return (metaValidators[dialect] = fn);
}

/** `schema` against `dialect`'s meta-schema, with no size cap: for schemas the grader trusts. */
export function validateAgainstMetaSchema(schema: unknown, dialect: Dialect, where: string): Validation<unknown> {
  const fn = metaValidator(dialect);
  if (fn(schema)) return { valid: true, data: schema };
  return { valid: false, errorMessage: `${where} is not a valid JSON Schema (${dialect}): ${describeErrors(fn.errors ?? [], where, schema)}` };
}

// Options as MCP clients' Ajv (strict: false, allErrors), and for bounded work: refs compiled
// as calls, not inlined (inlining is quadratic), and no optimisation passes (superlinear too).
// No loadSchema, so a remote $ref is never fetched: it fails to resolve.
const COMPILE_OPTIONS = { strict: false, validateSchema: false, allErrors: true, inlineRefs: false, code: { optimize: false } } as const;

// Ajv follows a $ref to a schema that is only a $ref by recursion, with no check for a circle:
// {"a": {"$ref": "#/b"}, "b": {"$ref": "#/a"}} recurses until the stack overflows, which takes
// seconds when the refs are long. Each step resolves a URI, so the resolver counts them: a
// compile takes about 3 per $ref and 2 per $id, and up to 80 for a $ref to a meta-schema
// (measured), so one stopped past twice that has gone round.
// Counting starts at `arm`, after the instance has added its own meta-schemas.
class RefLimit extends Error {}
function countingResolver(): UriResolver & { arm: (limit: number) => void } {
  const base = defaultUriResolver();
  let left = Infinity;
  const step = (): void => {
    if (--left < 0) throw new RefLimit("too many URI resolutions");
  };
  return {
    arm: (limit) => { left = limit; },
    parse: (uri) => (step(), base.parse(uri)),
    resolve: (from, to) => (step(), base.resolve(from, to)),
    serialize: (component) => base.serialize(component),
  };
}
const uriLimit = (size: SchemaSize): number => 160 + 6 * (size.refs + size.ids);

const DEEP_REFS = "its $ref chain is too long to follow, or goes round in a circle";
function compileError(error: unknown, where: string, dialect: Dialect): string {
  const message = error instanceof Error ? error.message : String(error);
  const circle = error instanceof RefLimit || (error instanceof RangeError && /call stack/i.test(message));
  return `${where} does not compile as a JSON Schema (${dialect}): ${circle ? DEEP_REFS : clip(message, 300)}`;
}

// Verdicts of compiled schemas, by a hash of what was compiled (never the schema itself):
// a batch's correct submissions return the same schemas. null is a pass.
const compiled = new BoundedCache<string, string | null>(1000);

function compileVerdict(schema: object, size: SchemaSize, where: string, dialect: Dialect): string | null {
  const key = createHash("sha256").update(`${dialect}\0${where}\0${JSON.stringify(schema)}`).digest("hex");
  let verdict = compiled.get(key);
  if (verdict === undefined) {
    try {
      const uriResolver = countingResolver();
      const ajv = newAjv(dialect, { ...COMPILE_OPTIONS, uriResolver });
      uriResolver.arm(uriLimit(size));
      ajv.compile(schema);
      verdict = null;
    } catch (error) {
      verdict = compileError(error, where, dialect);
    }
    compiled.set(key, verdict);
  }
  return verdict;
}

/**
 * Loads what judging a student's schema loads (Ajv's classes, the meta-schema's validator), by
 * judging a small one: for a grading's thread while the sandbox runs the student's code, which
 * it would otherwise do after, on the grading's path (docs/speed.md).
 */
export function warmSchemaJudging(): void {
  try {
    judgeJsonSchema({ type: "object", properties: { a: { type: "string" } } }, "a warm-up schema", { compile: true });
  } catch {
    // Nothing is lost: the judging meets the same trouble where it belongs, and says so there.
  }
}

/**
 * The verdict on `schema` as a JSON Schema. With `compile`, it is also compiled, if `budget`
 * (shared by one check's calls) has room for it; charged whether or not the verdict was cached,
 * so that what a student gets never depends on what a classmate's code returned. After a
 * schema whose refs go round, the budget is spent.
 */
export function judgeJsonSchema(schema: unknown, where: string, options: { compile: boolean; budget?: CompileBudget }): Validation<unknown> {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    return { valid: false, errorMessage: `${where} must be a JSON Schema object, but it is ${describeValue(schema)}` };
  }
  const size = measureSchema(schema);
  const tooLarge = oversize(size, where);
  if (tooLarge) return { valid: false, errorMessage: tooLarge };
  const found = dialectOf(schema as Record<string, unknown>, where);
  if ("error" in found) return { valid: false, errorMessage: found.error };
  const meta = validateAgainstMetaSchema(schema, found.dialect, where);
  if (!meta.valid || !options.compile) return meta;
  if (options.budget) {
    if (options.budget.values < size.values) return meta;
    options.budget.values -= size.values;
  }
  const failure = compileVerdict(schema, size, where, found.dialect);
  // A circle of refs costs up to a few tens of ms however small the schema: one per check.
  if (options.budget && failure?.endsWith(DEEP_REFS)) options.budget.values = 0;
  return failure === null ? { valid: true, data: schema } : { valid: false, errorMessage: failure };
}
