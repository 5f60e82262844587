// A stand-in export's answer to one call (protocol.ts StandIn): its table's, by the arguments'
// key, or, for a call the table lacks, its template filled with the arguments. A template serves
// an export that only arranges its arguments (a message builder), whose calls no table can list:
// they carry whatever the student's own code computed. Plain data in, JSON text out: nothing of
// the student's runs here but the arguments' JSON.
import type { StandIn } from "./protocol.js";

type Export = StandIn["exports"][string];
const MAX_DEPTH = 200;

/** `{"$arg": i}`: the template's place for the call's i-th argument. */
function argIndex(value: unknown): number | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const at = (value as Record<string, unknown>)["$arg"];
  return keys.length === 1 && Number.isInteger(at) && (at as number) >= 0 ? (at as number) : undefined;
}

// An argument the call left out (or passed as undefined) leaves its key out, as JSON does.
function fill(template: unknown, args: readonly unknown[], depth: number): unknown {
  if (depth > MAX_DEPTH) throw new RangeError("template nested too deeply");
  const at = argIndex(template);
  if (at !== undefined) return args[at];
  if (Array.isArray(template)) return template.map((item) => fill(item, args, depth + 1) ?? null);
  if (typeof template !== "object" || template === null) return template;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(template)) {
    const value = fill(item, args, depth + 1);
    if (value !== undefined) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The JSON text of the answer ("undefined" for none), or undefined when the stand-in has none for
 * these arguments. `key`: the arguments as the table's key; `ordered`: the same arguments in
 * their own key order (what a template fills in, as the real export would keep it).
 */
export function standInAnswer(table: Export, key: string | undefined, ordered: string | undefined): string | undefined {
  if (key !== undefined && Object.hasOwn(table.answers, key)) return table.answers[key];
  if (table.template === undefined || !ordered) return undefined;
  let args: unknown;
  try {
    args = JSON.parse(ordered);
  } catch {
    return undefined;
  }
  if (!Array.isArray(args)) return undefined;
  return JSON.stringify(fill(JSON.parse(table.template), args, 0)) ?? "undefined";
}
