// Small helpers for reading returned values the way the chapter's Python runner would: how it
// prints them, and where a line's path through them stops. A line that cannot be read (the
// runner would have crashed) throws `Missing`, with the reason in the student's terms.
import { NotData, notJson } from "../../../src/sandbox/value.js";

/** How the runner prints a value on an evidence line: booleans as true/false, others as JSON. */
export function printed(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || typeof value === "number" || value === null) return String(value);
  return JSON.stringify(value);
}

/** "a string", "null", "a list", ... for messages about a wrong shape. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `a ${typeof value} (${JSON.stringify(value)})`;
}

/** Python's == on JSON data: objects regardless of key order, lists in order. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => k in b && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Why a line has no value; `notData` when what it reads is not JSON data (an error, not a wrong answer). */
export class Missing extends Error {
  /** `failedCall`: the call this line reads gave no answer (src/pack/failed-call.ts). */
  constructor(why: string, readonly notData = false, readonly failedCall = false) { super(why); }
}
export const need = (ok: unknown, why: string): void => { if (!ok) throw new Missing(why); };
/** Only the value itself, not what it holds, must be data. */
export const shallow = (value: unknown, name: string): void => { if (value instanceof NotData) data(value, name); };
/** The part a line reads must be data: a function, a cycle or a Promise there makes the line an error. */
export function data<T>(value: T, name: string): T {
  const problem = notJson(value, name);
  if (problem && !(value === undefined)) throw new Missing(`${problem}, so this line cannot be printed`, true);
  return value;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
export const asRecord = (v: unknown): Record<string, unknown> | undefined => (isObject(v) ? v : undefined);

/** Walks a path such as result.content[0].text, explaining where it stops. */
export function dig(root: unknown, path: (string | number)[], rootName: string): unknown {
  let here = root;
  let name = rootName;
  for (const step of path) {
    const next = typeof step === "number" ? `${name}[${step}]` : `${name}.${step}`;
    if (here instanceof NotData) data(here, name);
    if (typeof step === "number") need(Array.isArray(here) && step < here.length, `${name} is ${describeType(here)}, not a list with an item ${step}`);
    else need(isObject(here) && Object.prototype.hasOwnProperty.call(here, step), `${name} has no ${step} (it is ${describeType(here)})`);
    here = (here as Record<string | number, unknown>)[step];
    name = next;
  }
  return here;
}
