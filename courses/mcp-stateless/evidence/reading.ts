// Reading what a task returned, for the evidence lines and the checks: a path such as
// result.content[0].text walked by own fields, with the reason in the student's terms where it
// stops. A line whose value cannot be read throws Missing.
import { isObject } from "../behaviour/model.js";

export class Missing extends Error {}

export const need = (ok: unknown, why: string): void => { if (!ok) throw new Missing(why); };

export function describeType(v: unknown): string {
  if (v === undefined) return "missing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  return `${typeof v} ${JSON.stringify(v)}`.slice(0, 80);
}

/** Walks `path` from `root` (named `rootName` in messages) by own fields only. */
export function dig(root: unknown, path: (string | number)[], rootName: string): unknown {
  let here = root;
  let name = "";
  const where = (): string => (name ? `${name} in ${rootName}` : rootName);
  for (const step of path) {
    if (typeof step === "number") {
      need(Array.isArray(here) && step < here.length, Array.isArray(here) ? `${where()} is a list of ${here.length} items, with no item ${step}` : `${where()} is ${describeType(here)}, not a list`);
      here = (here as unknown[])[step];
      name = `${name}[${step}]`;
    } else {
      need(isObject(here) && Object.hasOwn(here, step), `${where()} has no ${step} (it is ${describeType(here)})`);
      here = (here as Record<string, unknown>)[step];
      const key = /^[A-Za-z_$][\w$]*$/.test(step) ? step : `[${JSON.stringify(step)}]`;
      name = !name ? key : key.startsWith("[") ? `${name}${key}` : `${name}.${key}`;
    }
  }
  return here;
}

/** A value as an evidence line prints it: a string as it is, anything else as JSON. */
export const printed = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? String(v));

/** Deep equality of JSON data, object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => b[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

// Characters a reader cannot see or tell from a space (C1 controls, NBSP, format characters,
// private use, the Unicode spaces and separators): JSON text may hold them only inside strings,
// where \uXXXX means the same, so a counterexample shows them escaped and pastes as the same value.
const INVISIBLE = /[\u0080-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ue000-\uf8ff\ufeff\u{e0000}-\u{e007f}]/gu;
const visible = (text: string): string =>
  text.replace(INVISIBLE, (ch) => Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`).join(""));

/** JSON text for a message: short enough to read, whole enough to paste. */
export const show = (v: unknown, max = 600): string => {
  const text = v === undefined ? "undefined" : visible(JSON.stringify(v) ?? String(v));
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
};
