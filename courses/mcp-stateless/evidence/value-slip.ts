// A slip in a value: the rules' value with one stretch written otherwise (a text's wording, a
// field written otherwise, a character left out), and the ways to write that stretch right in
// another text where the same slip may stand (grading/line-slips.ts reads families' answers so;
// a line whose value shows another line's slip again reads through it, evidence/lines.ts).
const CONTEXT = 12;
const SHORTEST = 4;

/** A value slip: the stretch the student wrote and the rules' in its place, and what stands before it. */
export interface Slip {
  /** The stretch the student wrote, the rules' in its place, and what stands before and after it in the line. */
  line: string; before: string; wrote: string; due: string; after?: string;
  /** Where the stretch starts or ends the line's value: in an answer, where a JSON string does. */
  atStart?: boolean; atEnd?: boolean;
  /** A list of names in another order (tools/list newest first): the order written, and the rules'. */
  order?: { wrote: readonly string[]; due: readonly string[] };
}

/** The line's slip in a list's order, where its value is the rules' names (comma-separated) in another order. */
export function orderSlip(line: string, expected: string, actual: string): Slip | undefined {
  const [due, wrote] = [expected.split(","), actual.split(",")];
  if (expected === actual || due.length < 2 || [...due].sort().join(",") !== [...wrote].sort().join(",")) return undefined;
  return { line, before: "", wrote: "", due: "", order: { wrote, due } };
}

/** The value with every list of named objects in the slip's order put in the rules' order. */
export function reordered(value: unknown, order: NonNullable<Slip["order"]>): unknown {
  if (Array.isArray(value)) {
    const names = value.map((v) => (v !== null && typeof v === "object" && typeof (v as { name?: unknown }).name === "string" ? (v as { name: string }).name : undefined));
    if (names.every((n) => n !== undefined) && names.join(",") === order.wrote.join(",")) {
      return order.due.map((name) => value[names.indexOf(name)]);
    }
    return value.map((v) => reordered(v, order));
  }
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reordered(v, order)]));
  return value;
}

/** The line's value slip, where its value is the rules' with one stretch written otherwise. */
export function valueSlip(line: string, expected: string, actual: string): Slip | undefined {
  let start = 0;
  while (start < expected.length && start < actual.length && expected[start] === actual[start]) start++;
  let end = 0;
  while (end < expected.length - start && end < actual.length - start && expected[expected.length - 1 - end] === actual[actual.length - 1 - end]) end++;
  // Most of the value kept: a slip in it, not another value.
  if (start + end < Math.max(SHORTEST, expected.length / 2)) return undefined;
  // A field or a phrase left out or added is no slip in a value: what it holds may differ with
  // every input (data's requested), so no one stretch written right repairs the others.
  const [wrote, due] = [actual.slice(start, actual.length - end), expected.slice(start, expected.length - end)];
  if ((wrote === "" || due === "") && wrote.length + due.length > 3) return undefined;
  return {
    line, before: actual.slice(Math.max(0, start - CONTEXT), start), wrote, due, after: actual.slice(actual.length - end, actual.length - end + CONTEXT),
    ...(start === 0 ? { atStart: true } : {}), ...(end === 0 ? { atEnd: true } : {}),
  };
}

/** The longest stretch a quoting wraps (a name, a uri). */
const WRAPPED_CHARS = 200;

const escaped = (s: string): string => JSON.stringify(s).slice(1, -1);
const replaced = (text: string, from: string, to: string): string => text.split(from).join(to);

/**
 * The ways one slip may have been written in another answer's JSON text, each made right: the
 * stretch with less and less of what stands before it, or after it (a message's wording is
 * written beside other names and codes than the line's), at the start or end of a string where
 * it starts or ends the line, and, where the student's stretch wraps the rules' (a name quoted),
 * every such wrapping taken off with the escapes a quoting adds.
 */
export function repairs(slip: Slip): ((text: string) => string)[] {
  const out: ((text: string) => string)[] = [];
  if (slip.order) return out;
  const swap = (from: string, to: string): void => {
    if (from.length === 0 || from === to) return;
    // As written, or as written inside a JSON string (where a quote or a backslash is escaped).
    out.push(escaped(from) === from ? (t) => replaced(t, from, to) : (t) => replaced(replaced(t, from, to), escaped(from), escaped(to)));
  };
  const after = slip.after ?? "";
  for (const n of [CONTEXT, 8, 4, 2, 1]) {
    const before = slip.before.slice(Math.max(0, slip.before.length - n));
    if (before) swap(before + slip.wrote, before + slip.due);
    if (after.slice(0, n)) swap(slip.wrote + after.slice(0, n), slip.due + after.slice(0, n));
  }
  // In JSON text a string's own quotes mark where a value starts and ends.
  if (slip.atStart) out.push((t) => replaced(t, `"${escaped(slip.wrote)}`, `"${escaped(slip.due)}`));
  if (slip.atEnd) out.push((t) => replaced(t, `${escaped(slip.wrote)}"`, `${escaped(slip.due)}"`));
  swap(slip.wrote, slip.due);
  const at = slip.due.length > 0 ? slip.wrote.indexOf(slip.due) : -1;
  if (at >= 0) {
    const [left, right] = [slip.wrote.slice(0, at), slip.wrote.slice(at + slip.due.length)];
    const quote = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (left || right) for (const [l, r] of [[left, right], [escaped(left), escaped(right)]] as const) {
      // Inside one JSON string: the wrapping of a name, not text between two of them; no opening
      // inside it, and a name's length at most, so that a text of openings with no close is read
      // once, not from each of them to its end (the answers are the student's to make).
      const opening = l ? l[0]!.replace(/[\]\\^-]/g, "\\$&") : "";
      const wrapped = new RegExp(`${quote(l)}((?:[^"\\\\${opening}]|\\\\.){0,${WRAPPED_CHARS}}?)${quote(r)}`, "g");
      // A wrapping that quotes (repr) escapes what it wraps too: a tab written as \t, a quote as \'.
      out.push((t) => t.replace(wrapped, (_, inner: string) => inner.replace(/\\\\(\\\\|[tnrfb'])/g, (__, c: string) => (c === "'" ? "'" : c.length === 2 ? c : `\\${c}`))));
    }
  }
  return out;
}

/** Whether `actual` is `accepted` with the slip of `lineActual` (against `lineAccepted`) written right. */
export function showsSlipOf(lineActual: string, lineAccepted: string, actual: string, accepted: string): boolean {
  const slip = valueSlip("", lineAccepted, lineActual);
  return slip !== undefined && actual !== accepted && repairs(slip).some((repair) => repair(actual) === accepted);
}
