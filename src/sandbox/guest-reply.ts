// Reads what the guest (guest.js) hands back: a run's outcomes framed by length, and each
// outcome's text. A value stays text (the grader decodes it, value.ts); the rest is checked
// field by field, since the student's code could have shaped its strings.
import { locate } from "./failures.js";

/** "<length>:<text>" frames, read by length (guest.js run). */
export function frames(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const colon = text.indexOf(":", at);
    const length = Number(text.slice(at, colon));
    if (colon < 0 || colon - at > 9 || !Number.isInteger(length) || length < 0 || colon + 1 + length > text.length) break;
    out.push(text.slice(colon + 1, colon + 1 + length));
    at = colon + 1 + length;
  }
  return out;
}

export interface GuestThrow { kind: "throw"; name: string; text: string; exit?: string; where?: string }
export type GuestReply =
  | { kind: "loaded"; modules: string[] } | GuestThrow | { kind: "missing-export"; found: string[] } | { kind: "too-large" }
  /** The run's `via` is no function of the course module: the pack's mistake. */
  | { kind: "no-driver"; name: string }
  | { kind: "value"; valueText: string; inputText?: string };

/**
 * Reads the guest's reply. A value stays text (the grader decodes it, value.ts); the rest is
 * checked field by field, since the student's code could have shaped its strings. `place` turns
 * a place in compiled code into the student's own (Session, from the source maps).
 */
export function parseGuest(text: string, shown: string, place: (where: string) => string = (where) => where): GuestReply | undefined {
  // "V<length>:<value><input>": framed by length, so neither part is read for the other's end.
  const framed = /^V(\d{1,9}):/.exec(text.slice(0, 12));
  if (framed) {
    const start = framed[0].length;
    const end = start + Number(framed[1]);
    if (end > text.length) return undefined;
    return { kind: "value", valueText: text.slice(start, end), ...(end < text.length ? { inputText: text.slice(end) } : {}) };
  }
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return undefined; }
  if (parsed === null || typeof parsed !== "object") return undefined;
  const p = parsed as Record<string, unknown>;
  const str = (v: unknown): string => (typeof v === "string" ? v : "");
  if (p["kind"] === "loaded") return { kind: "loaded", modules: Array.isArray(p["modules"]) ? p["modules"].filter((m): m is string => typeof m === "string").slice(0, 200) : [] };
  if (p["kind"] === "too-large") return { kind: "too-large" };
  if (p["kind"] === "no-driver") return { kind: "no-driver", name: str(p["name"]).slice(0, 100) };
  if (p["kind"] === "missing-export") return { kind: "missing-export", found: Array.isArray(p["found"]) ? p["found"].filter((f): f is string => typeof f === "string").slice(0, 20) : [] };
  if (p["kind"] === "throw") {
    const found = locate(str(p["stack"]));
    const where = found ? shown + place(found) : undefined;
    return { kind: "throw", name: str(p["name"]), text: str(p["text"]), ...(typeof p["exit"] === "string" ? { exit: p["exit"] } : {}), ...(where ? { where } : {}) };
  }
  return undefined;
}
