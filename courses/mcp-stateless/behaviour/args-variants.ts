// checkArgs's page cases made again with other names and other counts: how many names the schema
// lists, how many are missing, how many keys are unexpected or not strings. A checkArgs that
// recognises the page's five cases by their shapes (one property, one missing name, one extra key)
// and puts the names back fails them; one that follows the rules cannot tell them from the page's.
// Each varies only what its line's rule fixes (see each comment), so that a mistake in another
// rule costs that rule's line, not this one too.
import type { Random } from "../../../src/pack/random.js";
import { reversedKeys } from "../../../src/json/reversed-keys.js";
import type { BehaviourCheck } from "./check.js";
import { checkArgs } from "./model.js";

// Every property required: an optional name left out is t1_same_valid's case (the page's schemas
// list only required names), so a checkArgs calling it missing loses that line alone.
const schemaOf = (properties: string[]) =>
  ({ type: "object", properties: Object.fromEntries(properties.map((p) => [p, { type: "string" }])), required: properties });
const NOT_STRINGS = [100, 0, -1, 2.5, true, false, null, [], ["A100"], { id: "A100" }];

/** n distinct plain names, none of `taken`, so that the case reads as the page's with its names changed. */
function names(random: Random, n: number, taken: readonly string[] = []): string[] {
  const out = new Set<string>();
  while (out.size < n) { const w = random.word(3, 9, true); if (!taken.includes(w)) out.add(w); }
  return [...out];
}

/** `items` in a random order (the random stream's own shuffle). */
function shuffled<T>(random: Random, items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) { const j = random.int(0, i); [out[i], out[j]] = [out[j]!, out[i]!]; }
  return out;
}

const kindOf = (problem: unknown): string =>
  typeof problem !== "string" ? "?" : problem.startsWith("missing ") ? "missing" : problem.startsWith("unexpected ") ? "unexpected" : problem.endsWith(" must be a string") ? "type" : "?";
/**
 * What a line of one kind of problem reads when its case holds two of a kind: the kinds in order
 * (missing ones first) and which problems, but not their order within a kind. That order
 * (schema.required's, Object.keys(args)'s) is t1_same_problem_order's and t1_generated_args'; the
 * page's quoted_name line shows unexpected keys sorted, so reading it here would charge one
 * mistake twice.
 */
const setsInKindOrder = (answer: unknown): unknown =>
  (Array.isArray(answer) ? { kinds: answer.map(kindOf), problems: [...answer].map(String).sort() } : answer);

const HINT = "The answer depends on the schema and the arguments only. Look for code that recognises the page's exact inputs (a table, a test of the field name order_id, of how many names the schema lists) instead of following the rule.";

const VARIANTS: readonly BehaviourCheck[] = [
  {
    id: "t1_same_missing_unexpected", task: "task1", title: "The page's missing and unexpected names, with other names and counts, give the same problems",
    rule: "Rules 1 and 2: a name in schema.required that args lacks is \"missing <name>\"; a key of args that schema.properties lacks is \"unexpected <name>\", missing ones first.",
    hint: HINT, part: setsInKindOrder,
    // 1-3 names, 0-2 of them missing (the rest given as strings, never ""), 0-2 keys unexpected
    // holding numbers as the page's {id: 100} does; every third input has both kinds.
    inputs: (random) => Array.from({ length: 9 }, (_, i) => {
      const listed = names(random, random.int(1, 3));
      const both = i % 3 === 0;
      const missing = Math.min(listed.length, random.int(both ? 1 : 0, 2));
      // Never {}: a call without arguments is no page case (a checkArgs that throws on one costs
      // t1_repr_quoting's line, whose inputs hold it).
      const extras = random.int(both || missing === 0 || missing === listed.length ? 1 : 0, 2);
      const gone = new Set(shuffled(random, listed).slice(0, missing));
      const args: Record<string, unknown> = {};
      for (const p of listed) if (!gone.has(p)) args[p] = random.word(1, 6);
      for (const extra of names(random, extras, listed)) args[extra] = random.int(1, 999);
      return [schemaOf(listed), shuffledArgs(random, args)];
    }),
  },
  {
    id: "t1_same_wrong_type", task: "task1", title: "The page's value that is not a string, under other names and beside strings, gives the same problems",
    rule: "Rule 3: a listed key whose value is not a string is \"<name> must be a string\".",
    hint: HINT, part: setsInKindOrder,
    // 1-3 names, all given: 1-2 of them not strings, the rest strings (never ""); no other kind.
    // Then the first three again with declared types (typedTwin).
    inputs: (random) => {
      const inputs = Array.from({ length: 9 }, () => {
        const listed = names(random, random.int(1, 3));
        const wrong = new Set(shuffled(random, listed).slice(0, random.int(1, Math.min(2, listed.length))));
        const args = Object.fromEntries(listed.map((p) => [p, wrong.has(p) ? random.pick(NOT_STRINGS) : random.word(1, 6)]));
        return [schemaOf(listed), shuffledArgs(random, args)];
      });
      return [...inputs, ...inputs.slice(0, 3).map(typedTwin)];
    },
  },
  {
    id: "t1_same_problem_order", task: "task1", title: "The page's three kinds of problem, with other names and counts, come in the same order",
    rule: "Missing names, each name of schema.required that args lacks whether schema.properties lists it or not, in schema.required's order; then unexpected keys, then values that are not strings, both in Object.keys(args)'s order.",
    hint: HINT,
    // 2-4 names, 1-2 missing, 1-2 given as numbers (as the page's 7: which values are not strings
    // is t1_same_wrong_type's), the rest strings; one unexpected key holding a string, as the
    // page's "asap" (several would read their order, which the quoted_name line shows first, and a
    // number there would read whether an unexpected key is also of the wrong type, t1_bad_args').
    inputs: (random) => Array.from({ length: 9 }, () => {
      const listed = names(random, random.int(2, 4));
      const order = shuffled(random, listed);
      const missing = random.int(1, Math.min(2, listed.length - 1));
      const numbers = new Set(order.slice(missing, missing + random.int(1, Math.min(2, listed.length - missing))));
      const gone = new Set(order.slice(0, missing));
      const args: Record<string, unknown> = {};
      for (const p of listed) if (!gone.has(p)) args[p] = numbers.has(p) ? random.int(0, 999) : random.word(1, 6);
      args[names(random, 1, listed)[0]!] = random.word(1, 6);
      return [schemaOf(listed), shuffledArgs(random, args)];
    }).concat(Array.from({ length: 3 }, () => {
      // Rule 1's reach: schema.required holds a name schema.properties does not list, among the
      // listed ones, and args lacks it (a checkArgs walking schema.properties never says it is
      // missing, and says the missing ones in properties' order: one rule, one point).
      const listed = names(random, random.int(1, 3));
      const unlisted = names(random, 1, listed)[0]!;
      const required = shuffled(random, [...listed, unlisted]);
      const args: Record<string, unknown> = {};
      for (const p of listed) if (random.bool()) args[p] = random.word(1, 6);
      return [{ ...schemaOf(listed), required }, shuffledArgs(random, args)];
    })),
  },
  {
    id: "t1_same_valid", task: "task1", title: "Valid arguments under other names give no problems",
    rule: "Arguments with every required name, only listed keys and string values (the empty string too) give an empty list; arguments with all three kinds of problem do not.",
    hint: HINT,
    // The line reads whether a list is empty: [] is earned only by a checkArgs that finds problems
    // elsewhere (evidence/lines.ts), so two inputs with all three kinds ride along, judged only on
    // finding something (what it finds is the other lines' rules).
    part: (answer) => (Array.isArray(answer) && answer.length > 0 ? "one problem or more" : answer),
    // The first two hold "" for the required name: a string, so present and valid (not missing).
    inputs: (random) => Array.from({ length: 10 }, (_, i) => {
      const [a, b] = names(random, 2) as [string, string];
      const schema = { ...schemaOf([a, b]), required: [a] };
      if (i === 3 || i === 7) return [schemaOf([a, b]), { [a]: random.pick(NOT_STRINGS), [`${b}_${a}`]: random.word(1, 6) }];
      const args = i === 0 ? { [a]: "" } : i === 1 ? { [a]: "", [b]: random.word(0, 6) } : random.bool() ? { [a]: random.word(0, 6) } : { [a]: random.word(1, 6), [b]: "" };
      return [schema, args];
    }),
  },
];

/** JSON Schema's type of a value (null's is "null"). */
const jsonType = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value === "object" ? "object" : typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value;

/**
 * The case again with each property declaring a type other than string: the type of its value where
 * that is not a string (still "must be a string": rule 3 reads the value, as the page's isinstance(v,
 * str) does), "integer" where it is (still no problem). A checkArgs that answered [] for a schema
 * whose properties were not all {"type": "string"} kept 41/41, and one comparing values with the
 * declared type cost nothing, while every schema declared strings (cheats-round-2026-12-07i
 * sl-checkargs-string-props-only, sl-mistake-type-from-schema). Made without a draw.
 */
function typedTwin(input: unknown[]): unknown[] {
  const [schema, args] = input as [Record<string, unknown>, Record<string, unknown>];
  const properties = schema["properties"] as Record<string, unknown>;
  const typeOf = (p: string): string => (typeof args[p] === "string" ? "integer" : jsonType(args[p]));
  return [{ ...schema, properties: Object.fromEntries(Object.keys(properties).map((p) => [p, { type: typeOf(p) }])) }, args];
}

/** The arguments' keys in a random order: the problems follow Object.keys(args), not the schema's. */
function shuffledArgs(random: Random, args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(shuffled(random, Object.entries(args)));
}

/**
 * Every other input with the keys of its schema and its arguments reversed (made without the
 * random stream): checkArgs reads them as JSON, in any order, and one that followed the rules only
 * for the page's order (type, properties, required; the arguments in the properties' order) kept
 * 4/5 of task 1.
 */
const everyOtherReversed = (inputs: unknown[]): unknown[] =>
  inputs.map((input, i) => (i % 2 && Array.isArray(input) ? input.map(reversedKeys) : input));

/**
 * The last case whose arguments have a key, again with that key renamed in the schema and the
 * arguments alike (in place, so every order stays) to a name beyond ASCII and the BMP: the same
 * case under another name. checkArgs run only on ASCII arguments kept 40/41 while every case's
 * names were plain (cheats-round-2026-12-07f sl-checkargs-ascii-only). Made without a draw.
 */
export function nonAsciiTwin(inputs: unknown[]): unknown[] {
  // A case with problems where there is one: [] is what a skipped checkArgs answers.
  const keyed = inputs.filter((input) => Array.isArray(input) && Object.keys(input[1] ?? {}).length > 0) as [Record<string, unknown>, Record<string, unknown>][];
  const base = keyed.findLast(([schema, args]) => checkArgs(schema, args).length > 0) ?? keyed.at(-1);
  if (!base) return [];
  const [schema, args] = base;
  const key = Object.keys(args)[0]!;
  const name = `${key}_é📦`;
  const renamed = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).map(([k, v]) => [k === key ? name : k, v]));
  const properties = schema["properties"] as Record<string, unknown> | undefined;
  const required = schema["required"] as unknown[] | undefined;
  return [[{ ...schema, ...(properties ? { properties: renamed(properties) } : {}), ...(required ? { required: required.map((r) => (r === key ? name : r)) } : {}) }, renamed(args)]];
}

export const TASK1_VARIANT_CHECKS: readonly BehaviourCheck[] = VARIANTS.map((check) => ({
  ...check, inputs: (random: Random) => {
    const inputs = check.inputs(random) as unknown[];
    return everyOtherReversed([...inputs, ...nonAsciiTwin(inputs)]);
  },
}));
