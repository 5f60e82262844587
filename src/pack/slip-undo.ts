// Finding and undoing a slip in the values a call returned (answer-slips.ts): its answers are
// objects, or lines of JSON text (a serve's out lines) written back as their writer wrote them,
// and each is undone with what the call was given (its requests, for an id written as text).
import { isResponse, NONE_ASKED, type AnswerSlip, type Asked, type AskedBy } from "./answer-slips.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The requests in a call's input (a message, a list of lines, arguments); an id's text that is also a string id is left out of `ids`. */
export function askedIn(input: unknown): Asked {
  const numbers = new Map<string, number | null>();
  const requests = new Map<string, Record<string, unknown>>();
  const strings = new Set<string>();
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === "string") {
      if (!/^\s*\{/.test(v) || v.length > 100_000) return;
      try { walk(JSON.parse(v), depth + 1); } catch { /* not a message */ }
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    // A request, or what stands for one (a message without a method is answered under its id too).
    else if (isObject(v) && Object.hasOwn(v, "id") && !Object.hasOwn(v, "result") && !Object.hasOwn(v, "error")) {
      const id = v["id"];
      if ((typeof id === "number" && Number.isFinite(id)) || id === null) numbers.set(String(id), id);
      else if (typeof id === "string") strings.add(id);
      requests.set(String(id), v);
    }
  };
  walk(input, 0);
  for (const text of strings) numbers.delete(text);
  return { ids: numbers, requests };
}


// What may be an answer, its slip undone: an object with an id and no method (each slip asks more).
const isAnswer = (v: unknown): v is Record<string, unknown> => isObject(v) && Object.hasOwn(v, "id") && !Object.hasOwn(v, "method");

// A text written as JSON.stringify or Python's json.dumps writes it (", " and ": ", non-ASCII
// escaped or not): the writer that gives the same text back, so a line repaired reads as the
// student's code would have written it. Undefined where none does.
type Writer = (v: unknown) => string;
const escapeAscii = (s: string): string => s.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
function spaced(ascii: boolean): Writer {
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(", ")}]`;
    if (isObject(v)) return `{${Object.keys(v).map((k) => `${str(k)}: ${write(v[k])}`).join(", ")}}`;
    return typeof v === "string" ? str(v) : JSON.stringify(v);
  };
  const str = (s: string): string => (ascii ? escapeAscii(JSON.stringify(s)) : JSON.stringify(s));
  return write;
}
const WRITERS: readonly Writer[] = [(v) => JSON.stringify(v), (v) => escapeAscii(JSON.stringify(v)), spaced(false), spaced(true)];

/** The value with the slip undone in every response it holds (objects, or lines of JSON text); `changed` counts them. */
export function undoSlip(value: unknown, slip: AnswerSlip, asked: AskedBy = NONE_ASKED, depth = 0): { value: unknown; changed: number } {
  if (depth > 64) return { value, changed: 0 };
  if (typeof value === "string") {
    if (!value.startsWith("{")) return { value, changed: 0 };
    let parsed: unknown;
    try { parsed = JSON.parse(value); } catch { return { value, changed: 0 }; }
    const writer = WRITERS.find((w) => w(parsed) === value);
    const fixed = writer && isAnswer(parsed) ? slip.undo(parsed, asked) : undefined;
    return fixed ? { value: writer!(fixed), changed: 1 } : { value, changed: 0 };
  }
  if (isAnswer(value)) {
    const fixed = slip.undo(value, asked);
    return fixed ? { value: fixed, changed: 1 } : { value, changed: 0 };
  }
  let changed = 0;
  const walk = (v: unknown): unknown => { const r = undoSlip(v, slip, asked, depth + 1); changed += r.changed; return r.value; };
  if (Array.isArray(value)) { const out = value.map(walk); return changed ? { value: out, changed } : { value, changed: 0 }; }
  if (isObject(value)) { const out = Object.fromEntries(Object.keys(value).map((k) => [k, walk(value[k])])); return changed ? { value: out, changed } : { value, changed: 0 }; }
  return { value, changed: 0 };
}

/** Adds to `found` each of `slips` some answer in the value carries (one walk for them all; a line of JSON text read as its value). */
export function slipsIn(value: unknown, slips: readonly AnswerSlip[], found: Set<AnswerSlip>, asked: AskedBy = NONE_ASKED, depth = 0): void {
  if (depth > 64 || found.size === slips.length) return;
  if (typeof value === "string") {
    if (!value.startsWith("{")) return;
    let parsed: unknown;
    try { parsed = JSON.parse(value); } catch { return; }
    if (isAnswer(parsed)) slipsIn(parsed, slips, found, asked, depth + 1);
    return;
  }
  if (isAnswer(value)) {
    for (const slip of slips) if (!found.has(slip) && slip.undo(value, asked)) found.add(slip);
    return;
  }
  if (Array.isArray(value)) for (const item of value) slipsIn(item, slips, found, asked, depth + 1);
  else if (isObject(value)) for (const k of Object.keys(value)) slipsIn(value[k], slips, found, asked, depth + 1);
}
