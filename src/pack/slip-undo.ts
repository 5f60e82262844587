// Finding and undoing a slip in the values a call returned (answer-slips.ts): its answers are
// objects, or lines of JSON text (a serve's out lines) written back as their writer wrote them,
// and each is undone with what the call was given (its requests, for an id written as text).
import { isResponse, NONE_ASKED, type AnswerSlip, type Asked, type AskedBy } from "./answer-slips.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The requests in a call's input (a message, a list of lines, arguments); an id's text that is also a string id is left out of `ids`. */
export function askedIn(input: unknown): Asked {
  const numbers = new Map<string, number | null>();
  const requests = new Map<string, Record<string, unknown>[]>();
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
      requests.set(String(id), [...(requests.get(String(id)) ?? []), v]);
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

// Each answer's own request: a session's lines may give two requests one id, answered in turn.
function answering(asked: AskedBy): (answer: Record<string, unknown>) => AskedBy {
  const seen = new Map<string, number>();
  return (answer) => {
    const id = String(answer["id"]);
    const n = seen.get(id) ?? 0;
    seen.set(id, n + 1);
    return () => { const a = asked(); return { ...a, request: a.requests.get(id)?.[n] } as Asked; };
  };
}

/** The value with the slip undone in every response it holds (objects, or lines of JSON text); `changed` counts them. */
export function undoSlip(value: unknown, slip: AnswerSlip, asked: AskedBy = NONE_ASKED): { value: unknown; changed: number } {
  const own = answering(asked);
  const walk = (v: unknown, depth: number): { value: unknown; changed: number } => {
    if (depth > 64) return { value: v, changed: 0 };
    if (typeof v === "string") {
      if (!v.startsWith("{")) return { value: v, changed: 0 };
      let parsed: unknown;
      try { parsed = JSON.parse(v); } catch { return { value: v, changed: 0 }; }
      if (!isAnswer(parsed)) return { value: v, changed: 0 };
      const by = own(parsed);
      const writer = WRITERS.find((w) => w(parsed) === v);
      const fixed = writer ? slip.undo(parsed, by) : undefined;
      return fixed ? { value: writer!(fixed), changed: 1 } : { value: v, changed: 0 };
    }
    if (isAnswer(v)) {
      const fixed = slip.undo(v, own(v));
      return fixed ? { value: fixed, changed: 1 } : { value: v, changed: 0 };
    }
    let changed = 0;
    const inner = (x: unknown): unknown => { const r = walk(x, depth + 1); changed += r.changed; return r.value; };
    if (Array.isArray(v)) { const out = v.map(inner); return changed ? { value: out, changed } : { value: v, changed: 0 }; }
    if (isObject(v)) { const out = Object.fromEntries(Object.keys(v).map((k) => [k, inner(v[k])])); return changed ? { value: out, changed } : { value: v, changed: 0 }; }
    return { value: v, changed: 0 };
  };
  return walk(value, 0);
}

/** Adds to `found` each of `slips` some answer in the value carries (one walk for them all; a line of JSON text read as its value). */
export function slipsIn(value: unknown, slips: readonly AnswerSlip[], found: Set<AnswerSlip>, asked: AskedBy = NONE_ASKED): void {
  const own = answering(asked);
  const walk = (v: unknown, depth: number): void => {
    if (depth > 64 || found.size === slips.length) return;
    let answer: unknown = v;
    if (typeof v === "string") {
      if (!v.startsWith("{")) return;
      try { answer = JSON.parse(v); } catch { return; }
      if (!isAnswer(answer)) return;
    }
    if (isAnswer(answer)) {
      const by = own(answer);
      for (const slip of slips) if (!found.has(slip) && slip.undo(answer, by)) found.add(slip);
      return;
    }
    if (Array.isArray(v)) for (const item of v) walk(item, depth + 1);
    else if (isObject(v)) for (const k of Object.keys(v)) walk(v[k], depth + 1);
  };
  walk(value, 0);
}
