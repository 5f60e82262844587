// Characters drawn from a whole class, not from a short list (issue 20: no points without the
// work). Checks that sent the same dozen "hard" characters every seed let a table of exactly
// those pass for the rule: ensure_ascii done for a dozen letters, blank meaning a list of seven
// spaces, repr's "not printable" a list of fifteen (cheats-2026-12-06). Each draw is seeded, so
// `--seed` replays it. Only characters whose class Node 20's Unicode tables (15.0 and later) and
// the sandbox's agree on (src/sandbox/runtime/table.ts compares the format class), so the rule's
// answer never depends on whose tables read it: no code point a later Unicode may assign (the
// noncharacters are unassigned for ever).
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

// The format characters (Cf): every one Unicode 15.0 has, Node 20's tables and the sandbox's alike
// (U+180E among them: Zs until 6.3, not printable by either). A list of those assigned by Unicode 6
// passed for the rule: a table of exactly it, all its Cf, kept 41/41 (cheats-2026-12-06b
// repr-format-list). Each class is drawn a block first, then a character of it, so that the blocks
// of a character or two are not lost among the tags and the planes of private use.
type Block = readonly [number, number];
const one = (p: number): Block => [p, p];
const FORMAT: readonly Block[] = [
  one(0xad), [0x600, 0x605], one(0x61c), one(0x6dd), one(0x70f), [0x890, 0x891], one(0x8e2), one(0x180e), [0x200b, 0x200f], [0x202a, 0x202e],
  [0x2060, 0x2064], [0x2066, 0x206f], one(0xfeff), [0xfff9, 0xfffb], one(0x110bd), one(0x110cd), [0x13430, 0x1343f], [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a], one(0xe0001), [0xe0020, 0xe007f],
];
/**
 * The classes str.isprintable() refuses that every Unicode version agrees on: controls (but \t \n
 * \r, which repr names), separators, format, private use (the whole planes 15 and 16 but their
 * last two), surrogates (a half alone: JSON carries it as \uXXXX), and the noncharacters, which
 * are unassigned (Cn) for ever. A repr that wrote the last two raw kept 41/41 while only the first
 * four were drawn (cheats-2026-12-06e repr-no-cs-cn).
 */
export const NOT_PRINTABLE_CLASSES: readonly (readonly Block[])[] = [
  [[0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f], [0x7f, 0x9f]],
  SEPARATORS.map((c) => one(c.codePointAt(0)!)),
  FORMAT,
  [[0xe000, 0xf8ff], [0xf0000, 0xffffd], [0x100000, 0x10fffd]],
  [[0xd800, 0xdbff], [0xdc00, 0xdfff]],
  [[0xfdd0, 0xfdef], ...Array.from({ length: 17 }, (_, plane): Block => [plane * 0x10000 + 0xfffe, plane * 0x10000 + 0xffff])],
];

/** A character Python's str.isprintable() refuses, of `of` (one of NOT_PRINTABLE_CLASSES), else of a class drawn first. */
export function drawnNotPrintable(random: Random, of?: readonly Block[]): string {
  const [from, to] = random.pick(of ?? random.pick(NOT_PRINTABLE_CLASSES));
  return String.fromCodePoint(random.int(from, to));
}

/** A printable character outside ASCII: a Latin-1 letter, Greek, CJK, or an emoticon (assigned since Unicode 6.1). */
export function drawnPrintable(random: Random): string {
  const [from, to] = random.pick([[0xc0, 0xff], [0x3b1, 0x3c9], [0x4e00, 0x9fa5], [0x1f600, 0x1f64f]] as const);
  return String.fromCodePoint(random.int(from, to));
}
