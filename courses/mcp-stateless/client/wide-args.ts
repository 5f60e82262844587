// Arguments beyond the page's shape ({"order_id": "A101"}: short, ASCII, one plain key), for the
// generated calls that the page's flows' lines read through (t3_same_cancel_flows, the cap's and
// the error's cases). A tools/call's arguments are any JSON object (the schema's
// CallToolRequestParams: additionalProperties {}), and a client hands them on as they came, so
// each shape is one a correct client sends unchanged. Before, every such call was page-shaped:
// a client that ran the rounds only for ASCII calls (cheats-round-2026-12-07f's
// sl-client-ascii-only, 37-38/41) or only for arguments of at most 40 characters
// (sl-client-short-args-only, 36-37/41) kept the flows' lines the one-round client loses (32/41).
import type { Random } from "../../../src/pack/random.js";
import { record, type Json, type JsonRecord } from "./mock-server.js";

/**
 * text-bmp: a note in letters beyond ASCII (all in the Basic Multilingual Plane); text-astral: a
 * note beyond it (surrogate pairs in UTF-16, emoji joined by ZWJ); long: a nested object of
 * hundreds of ASCII characters; odd-keys: keys a JSON object may have that no identifier does
 * ("", spaces, dots, a digit, a newline); all: the three at once, nested and long.
 */
export type WideShape = "text-bmp" | "text-astral" | "long" | "odd-keys" | "all";
export const WIDE_SHAPES: readonly WideShape[] = ["text-bmp", "text-astral", "long", "odd-keys", "all"];
/** The shapes a gate on ASCII meets, and those a gate on length meets (hundreds of characters). */
export const TEXT_SHAPES: readonly WideShape[] = ["text-bmp", "text-astral", "all"];
export const LONG_SHAPES: readonly WideShape[] = ["long", "all"];

const BMP = ["é", "ü", "ñ", "ß", "日本語", "Ωμέγα", "привет", "✓", "€", "«oui»", "naïve café"];
// Each a whole character (or a ZWJ sequence): no lone surrogate, which is no JSON text.
const ASTRAL = ["📦", "🚚", "𝄞", "😀", "🇮🇳", "👩‍👩‍👧", "𠜎", "🧾"];
const ODD_KEYS = ["", " ", "with space", "a.b", "$ref", "0", "null", "x-y", "line\nbreak", "UPPER", "ü"];
/** The long shapes' least length, as JSON.stringify writes the arguments. */
export const LONG_AT_LEAST = 300;

const bmpText = (random: Random): string => `${random.word(3, 8)} ${random.pick(BMP)} ${random.pick(BMP)} ${random.word(2, 6)}`;
const astralText = (random: Random): string => `${random.pick(ASTRAL)} ${random.word(3, 8)} ${random.pick(ASTRAL)}${random.pick(BMP)}`;

function oddKeys(random: Random, base: JsonRecord, ascii: boolean): JsonRecord {
  const keys = ODD_KEYS.filter((k) => !Object.hasOwn(base, k) && (!ascii || /^[\x00-\x7f]*$/.test(k)));
  const entries: [string, Json][] = Object.entries(base);
  for (let n = random.int(3, 5); n > 0; n--) {
    const k = random.pick(keys);
    if (!entries.some(([e]) => e === k)) entries.push([k, random.pick<Json>([random.word(1, 6), random.int(-9, 99), true, null, []])]);
  }
  return record(entries);
}

/** A nested object of lists and objects, at least LONG_AT_LEAST characters as JSON, its text from `text`. */
function longDetail(random: Random, text: (r: Random) => string): JsonRecord {
  const items: Json[] = [];
  const detail: JsonRecord = {
    items,
    shipping: { address: { lines: [text(random), text(random)], city: text(random), postcode: String(random.int(10000, 99999)) }, window: { from: "09:00", to: "18:00" } },
    history: [{ at: random.int(1, 28), by: { name: text(random), role: random.pick(["agent", "customer"]) } }],
  };
  while (JSON.stringify(detail).length < LONG_AT_LEAST) {
    items.push({ sku: `${random.word(3, 5).toUpperCase()}-${random.int(100, 999)}`, qty: random.int(1, 20), label: text(random), tags: [random.word(2, 6), random.word(2, 6)] });
  }
  return detail;
}

const asciiText = (random: Random): string => `${random.word(3, 9)} ${random.word(3, 9)} ${random.word(3, 9)}`;

/** The arguments `base` widened to `shape`: base's keys as they were, with more beside them. */
export function widenArgs(random: Random, base: JsonRecord, shape: WideShape): JsonRecord {
  if (shape === "text-bmp") return { ...base, note: bmpText(random) };
  if (shape === "text-astral") return { ...base, note: astralText(random) };
  if (shape === "long") return { ...base, detail: longDetail(random, asciiText) };
  if (shape === "odd-keys") return oddKeys(random, base, true);
  const mixed = (r: Random): string => (r.bool() ? bmpText(r) : astralText(r));
  return oddKeys(random, { ...base, detail: longDetail(random, mixed), note: astralText(random) }, false);
}

/** `n` shapes, each of WIDE_SHAPES at most once while there are more left, in a drawn order. */
export function drawShapes(random: Random, n: number): WideShape[] {
  const out: WideShape[] = [];
  while (out.length < n) {
    const left = [...WIDE_SHAPES];
    while (left.length && out.length < n) out.push(left.splice(random.int(0, left.length - 1), 1)[0]!);
  }
  return out;
}
