// Whether what toMcp added to its input shows in what it returned. A conversion in place (the
// input renamed and returned, its schema edited or replaced) changes the input and the result's
// keys or schema at once: one mistake, which t1_input_unchanged reads through the lines that show
// it. A key added to the input that the result does not carry (a memo kept on it, a flag) is the
// rule's own mistake beside any slip in those lines: a "title" added to the result made a memo on
// the input free (cheats-2026-12-05b slip-keys-mutates-input kept 16/17).
import { sameJson } from "./expectation.js";

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** True where a top-level key the call added to `before` (giving `after`) is not seen in `output`, as a value. */
export function addedKeyNotShown(before: unknown, after: unknown, output: unknown): boolean {
  if (!isRecord(before) || !isRecord(after)) return false;
  const values = isRecord(output) ? Object.values(output) : [];
  return Object.keys(after).some((key) => !Object.hasOwn(before, key) && !values.some((value) => sameJson(value, after[key])));
}
