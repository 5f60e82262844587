// How big a schema a student's code returned is, measured before Ajv sees it. Ajv's work grows
// faster than the schema (about 50 ms at the cap below, 1 s at four times it, and a stack overflow
// on long $ref chains: docs/schema-checks.md), so a schema over any cap is refused unchecked.
// The walk is iterative: a schema nested a million deep must not overflow the grader's stack.

export interface SchemaSize {
  /** JSON values: every object, list, string, number, boolean and null, the root included. */
  values: number;
  /** Levels of objects and lists; a bare string is depth 1. */
  depth: number;
  /** Characters of every key and string. */
  text: number;
  /** `$ref`, `$recursiveRef` and `$dynamicRef` fields holding a string. */
  refs: number;
  /** `$id` and anchor fields holding a string: with refs, what Ajv resolves as URIs. */
  ids: number;
  /** Characters of the longest of those: Ajv parses each URI again at every step it takes. */
  longestUri: number;
}

// The course's own generated schemas reach about 310 values, depth 11 and 3,400 characters.
export const SCHEMA_CAPS: Omit<SchemaSize, "ids"> = { values: 1000, depth: 32, text: 64_000, refs: 100, longestUri: 2048 };

const REF_KEYS = new Set(["$ref", "$recursiveRef", "$dynamicRef"]);
const ID_KEYS = new Set(["$id", "$anchor", "$dynamicAnchor"]);

// Past this many values the count stops (and says "more than"): the walk is bounded even on a
// value that is not JSON, such as a cycle in a test.
export const COUNT_CEILING = 100 * SCHEMA_CAPS.values;

export function measureSchema(schema: unknown): SchemaSize {
  const size: SchemaSize = { values: 0, depth: 0, text: 0, refs: 0, ids: 0, longestUri: 0 };
  const stack: [unknown, number][] = [[schema, 1]];
  while (stack.length > 0 && size.values <= COUNT_CEILING) {
    const [value, depth] = stack.pop()!;
    size.values++;
    if (depth > size.depth) size.depth = depth;
    if (typeof value === "string") size.text += value.length;
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      size.text += key.length;
      stack.push([child, depth + 1]);
      if (typeof child !== "string") continue;
      if (REF_KEYS.has(key)) size.refs++;
      if (ID_KEYS.has(key)) size.ids++;
      if ((REF_KEYS.has(key) || ID_KEYS.has(key)) && child.length > size.longestUri) size.longestUri = child.length;
    }
  }
  return size;
}

const n = (x: number): string => x.toLocaleString("en-US");
const count = (x: number): string => (x > COUNT_CEILING ? `more than ${n(COUNT_CEILING)}` : n(x));

/** Why `where` is too large to check, or undefined if it is within every cap. */
export function oversize(size: SchemaSize, where: string, caps: Omit<SchemaSize, "ids"> = SCHEMA_CAPS): string | undefined {
  // Counted values, not properties: a schema grows as much through anyOf, items or $defs.
  if (size.values > caps.values) return `${where} is too large to check (${count(size.values)} JSON values, cap ${n(caps.values)})`;
  if (size.depth > caps.depth) return `${where} is nested too deeply to check (${count(size.depth)} levels, cap ${n(caps.depth)})`;
  if (size.text > caps.text) return `${where} holds too much text to check (${n(size.text)} characters in its keys and strings, cap ${n(caps.text)})`;
  if (size.refs > caps.refs) return `${where} has too many references to check (${n(size.refs)} $ref, cap ${n(caps.refs)})`;
  if (size.longestUri > caps.longestUri) return `${where} has a $ref or $id too long to check (${n(size.longestUri)} characters, cap ${n(caps.longestUri)})`;
  return undefined;
}
