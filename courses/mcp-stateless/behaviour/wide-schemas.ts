// checkArgs's cases again on a schema that lists many more properties than the page's tools (one)
// or the generators' schemas (1-4): a checkArgs that answered [] past 4 properties kept 41/41
// (cheats-round-2026-12-07h sl-checkargs-few-props). The added names change no answer: half are
// optional and absent from the arguments, half required and given as strings, so none is missing,
// unexpected or of the wrong type, and the problems keep their kinds and order.
// The absent ones declare other types than string (integer, number, boolean, array, object): rule 3
// reads the value, never the declared type, so no answer changes, and a checkArgs that answered []
// for a schema with a property other than {"type": "string"} kept 41/41 while every schema declared
// strings (cheats-round-2026-12-07i sl-checkargs-string-props-only). The given ones stay strings, so
// a checkArgs reading the declared type (a mistake of rule 3) is seen by rule 3's line alone.
import type { BehaviourCheck } from "./check.js";
import { checkArgs } from "./model.js";

type Obj = Record<string, unknown>;
/** JSON Schema's types other than string, for the properties a wide case leaves out. */
const OTHER_TYPES = ["integer", "number", "boolean", "array", "object"];
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** `[schema, args]` with `extra` more properties (names none of its own), or undefined for a case not of that shape. */
export function widened(input: unknown, extra: number): unknown[] | undefined {
  if (!Array.isArray(input) || !isObj(input[0]) || !isObj(input[1]) || !isObj(input[0]["properties"])) return undefined;
  const [schema, args] = input as [Obj, Obj];
  const properties = schema["properties"] as Obj;
  const required = Array.isArray(schema["required"]) ? (schema["required"] as unknown[]) : [];
  const taken = new Set([...Object.keys(properties), ...Object.keys(args)]);
  const added: string[] = [];
  for (let i = 0; added.length < extra; i++) if (!taken.has(`field_${i}`)) added.push(`field_${i}`);
  const given = added.filter((_, i) => i % 2 === 1);
  const typeOf = (i: number): string => (i % 2 === 1 ? "string" : OTHER_TYPES[(i / 2) % OTHER_TYPES.length]!);
  return [
    { ...schema, properties: { ...properties, ...Object.fromEntries(added.map((p, i) => [p, { type: typeOf(i) }])) }, required: [...required, ...given] },
    { ...args, ...Object.fromEntries(given.map((p) => [p, `v${p.slice(6)}`])) },
  ];
}

/** The check's last case that has problems (else its last case), again with 7 and 40 more properties, after its own inputs. */
export function withWideTwins(check: BehaviourCheck): BehaviourCheck {
  return {
    ...check, inputs: (random) => {
      const inputs = check.inputs(random);
      const cases = inputs.filter((input) => widened(input, 0) !== undefined) as [Obj, Obj][];
      const base = cases.findLast(([schema, args]) => checkArgs(schema, args).length > 0) ?? cases.at(-1);
      return base ? [...inputs, ...[7, 40].map((n) => widened(base, n)!)] : inputs;
    },
  };
}
