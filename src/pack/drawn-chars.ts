// Characters drawn from a whole class, not from a short list (issue 20: no points without the
// work). Checks that sent the same dozen "hard" characters every seed let a table of exactly
// those pass for the rule: ensure_ascii done for a dozen letters, blank meaning a list of seven
// spaces, repr's "not printable" a list of fifteen (cheats-2026-12-06). Each draw is seeded, so
// `--seed` replays it. Only characters whose class is the same in every Unicode version a
// student's runtime, the sandbox and Python may have (no unassigned code points, no character
// that changed category), so the rule's answer never depends on whose tables read it.
import type { Random } from "./random.js";

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const chars = (points: readonly number[]): string[] => points.map((p) => String.fromCodePoint(p));

/** The spaces (Zs) but U+0020, and the line and paragraph separators: one category since Unicode 4 (U+180E left Zs in 6.3: not here). */
const SEPARATORS = chars([0xa0, 0x1680, ...range(0x2000, 0x200a), 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);

/** What JavaScript's trim() removes, but a newline (a line holds none). */
export const TRIM_SPACES: readonly string[] = ["\t", "\v", "\f", "\r", " ", ...SEPARATORS, "\ufeff"];
/** What both trim() and Python's str.strip() remove, but a newline: blank by either reading. */
export const STRIP_SPACES: readonly string[] = TRIM_SPACES.filter((c) => c !== "\ufeff");

/** A run of 1 to `most` characters drawn from `spaces`. */
export const drawnBlank = (random: Random, spaces: readonly string[], most = 3): string =>
  Array.from({ length: random.int(1, most) }, () => random.pick(spaces)).join("");

/** A code point outside ASCII from one of four widths (two bytes, BMP, the rest of the BMP past the surrogates, astral), never a surrogate half. */
export function drawnNonAscii(random: Random): string {
  const [from, to] = random.pick([[0x80, 0x7ff], [0x800, 0xd7ff], [0xe000, 0xfffd], [0x10000, 0x10fffd]] as const);
  return String.fromCodePoint(random.int(from, to));
}

// Format characters (Cf) assigned by Unicode 6 and never moved since.
const FORMAT = [0xad, ...range(0x600, 0x603), 0x6dd, 0x70f, ...range(0x200b, 0x200f), ...range(0x202a, 0x202e), ...range(0x2060, 0x2064), ...range(0x206a, 0x206f), 0xfeff, ...range(0xfff9, 0xfffb), 0x110bd, ...range(0x1d173, 0x1d17a), 0xe0001, ...range(0xe0020, 0xe007f)];
const NOT_PRINTABLE_CLASSES: readonly (() => number[])[] = [
  () => [...range(0x00, 0x08), ...range(0x0b, 0x0c), ...range(0x0e, 0x1f), ...range(0x7f, 0x9f)], // controls (Cc), but \t \n \r which repr names
  () => [...SEPARATORS.map((c) => c.codePointAt(0)!)],
  () => FORMAT,
  () => [...range(0xe000, 0xf8ff), ...range(0xf0000, 0xf0fff), ...range(0x100000, 0x100fff)], // private use (Co)
];

/** A character Python's str.isprintable() refuses, from a class drawn first (controls, separators, format, private use). */
export function drawnNotPrintable(random: Random): string {
  return String.fromCodePoint(random.pick(random.pick(NOT_PRINTABLE_CLASSES)()));
}

/** A printable character outside ASCII: a Latin-1 letter, Greek, CJK, or an emoticon (assigned since Unicode 6.1). */
export function drawnPrintable(random: Random): string {
  const [from, to] = random.pick([[0xc0, 0xff], [0x3b1, 0x3c9], [0x4e00, 0x9fa5], [0x1f600, 0x1f64f]] as const);
  return String.fromCodePoint(random.int(from, to));
}
