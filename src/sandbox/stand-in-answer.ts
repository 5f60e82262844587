// A stand-in export's answer to one call (protocol.ts StandIn): its table's, by the arguments'
// key, or, for a call the table lacks, its template filled with the arguments. A template serves
// an export that only arranges its arguments (a message builder), whose calls no table can list:
// they carry whatever the student's own code computed. An export with states (a server whose
// accepted cancel changes a later status) answers by the state its module instance is in, which
// the guest carries from call to call. Plain data in, JSON text out: nothing of the student's runs
// here but the arguments' JSON and that state's number.
import { standInKey } from "../json/stand-in-key.js";
import type { StandInExport as Export } from "./protocol.js";

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

/** A stand-in's answer: its JSON text ("undefined" for none), and the state the export is in after it. */
export interface StandInReply { text: string; state: number }

/**
 * The answer, or undefined when the stand-in has none for these arguments (the call throws, and
 * the state stays). `key`: the arguments as the table's key; `ordered`: the same arguments in
 * their own key order (what a template fills in, as the real export would keep it); `state`: the
 * export's state in this module instance (0 for an export without states, or a number it never gave).
 */
export function standInAnswer(table: Export, key: string | undefined, ordered: string | undefined, state = 0): StandInReply | undefined {
  if (table.arity !== undefined) [key, ordered] = [read(key, table.arity, standInKey), read(ordered, table.arity, JSON.stringify)];
  const here = Number.isInteger(state) && state >= 0 ? table.states?.[state] : undefined;
  const now = here ? state : 0;
  if (key !== undefined) {
    const next = here && Object.hasOwn(here.next, key) ? here.next[key]! : now;
    if (here && Object.hasOwn(here.answers, key)) return { text: here.answers[key]!, state: next };
    if (Object.hasOwn(table.answers, key)) return { text: table.answers[key]!, state: next };
  }
  const text = filled(table, ordered);
  return text === undefined ? undefined : { text, state: now };
}

/** The call's arguments from their JSON text, or undefined when it is not a JSON list. */
function argsOf(text: string): unknown[] | undefined {
  try {
    const args: unknown = JSON.parse(text);
    return Array.isArray(args) ? args : undefined;
  } catch {
    return undefined;
  }
}

/** The arguments' text with those past the export's arity left out (written by `write`), or undefined if it is not a list. */
function read(text: string | undefined, arity: number, write: (args: unknown[]) => string): string | undefined {
  const args = text === undefined ? undefined : argsOf(text);
  if (args === undefined) return undefined;
  return args.length > arity ? write(args.slice(0, arity)) : text;
}

function filled(table: Export, ordered: string | undefined): string | undefined {
  if (table.template === undefined || !ordered) return undefined;
  const args = argsOf(ordered);
  if (args === undefined) return undefined;
  return JSON.stringify(fill(JSON.parse(table.template), args, 0)) ?? "undefined";
}
