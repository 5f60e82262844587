// Task 1's behaviour checks: checkArgs on names Python quotes oddly, on names every object
// inherits, and on generated schemas and arguments (the order of the problems).
import type { Random } from "../../../src/pack/random.js";
import { drawnNotPrintable, drawnPrintable, NOT_PRINTABLE_CLASSES } from "../../../src/pack/drawn-chars.js";
import type { BehaviourCheck } from "./check.js";
import { nonAsciiTwin, TASK1_VARIANT_CHECKS } from "./args-variants.js";
import { withWideTwins } from "./wide-schemas.js";

/** Names every JavaScript object inherits, and the one that sets a prototype. */
export const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "__defineGetter__"];

export const ODD_NAMES = [
  "it's", 'say "hi"', "a'b\"c", "C:\\tmp", "tab\there", "new\nline", "cr\rhere", "nul\u0000", "del\u007f",
  "caf\u00e9", "nbsp\u00a0", "zero\u200bwidth", "emoji\u{1F600}", "soft\u00adhyphen", "line\u2028sep", "\u0085next",
  "", " ", "'", '"', "\\", "''", "\"'\"", "order id", "ORDER_ID",
  // Beyond a hand-made list of ranges: other spaces (Zs), format characters (Cf), private use (Co).
  "ideo\u3000space", "ogham\u1680mark", "word\u2060joiner", "isolate\u2066", "private\ue000", "tag\u{E0001}", "bom\ufeff",
  // Every backslash and every chosen quote escaped, not the first only (String.replace with a string).
  "a\\b\\c", "\\\\", "x'y'z\"", "it's Bob's",
  // C's named escapes, which Python's repr writes as \x08 \x0c \x0b \x07 (it names only \t \n \r), and ESC.
  "back\bspace", "form\ffeed", "vert\vtab", "bell\x07", "esc\x1b[0m",
];

// Names whose characters make one grapheme cluster (CR LF, a letter and U+200D, a quote and a
// space before a combining mark): repr() reads code points, so a walk by Intl.Segmenter's
// graphemes quotes them wrong. Fixed inputs, not ODD_NAMES: oddName's draws stay as they were.
const CLUSTER_NAMES = ["cr\r\nlf", "zw\u200dj", "' \u0301"];

const ADJACENT_NOT_PRINTABLE = ["two\x01\x02", "\x7f\x80\x9f", "zw\u200b\u00ad"];

export const DOLLAR_NAMES = ["x$", "a$&b", "$'q", "p$$"];

const LONG_NAMES = ["customer's preferred delivery window", `note_${"x".repeat(120)}\tend`];

const schemaOf = (properties: string[], required: string[]) =>
  ({ type: "object", properties: Object.fromEntries(properties.map((p) => [p, { type: "string" }])), required });
const ORDER = schemaOf(["order_id"], ["order_id"]);

const NOT_STRINGS = [100, 0, -1, 1.5, true, false, null, [], ["A100"], {}, { id: "A100" }];

/** How many names hold a character of each of NOT_PRINTABLE_CLASSES. */
const DRAWS = [3, 3, 9, 3, 2, 2];

function oddName(random: Random): string {
  // Besides the fixed odd characters, one drawn from a whole class, printable or not: a table of the fixed ones passed.
  const drawn = random.bool() ? drawnNotPrintable(random) : drawnPrintable(random);
  const parts = [random.pick(ODD_NAMES), random.word(1, 4), random.pick(["'", '"', "\\", "\t", "\u00e9", "\u00a0", "\x01", "\u{1F4E6}", drawn, drawn])];
  return parts.sort(() => random.next() - 0.5).join("");
}

const RULE_CHECKS: readonly BehaviourCheck[] = [
  {
    id: "t1_repr_quoting", task: "task1", title: "Names are quoted exactly as Python's repr() quotes them",
    rule: "<name> is written as Python's repr() writes a str: its quote choice, backslash escapes, \\t \\n \\r, and \\x, \\u or \\U for what str.isprintable() refuses.",
    hint: "Compare your quoting with the task header's examples for a name holding a quote, a backslash, a control character, a non-breaking space.",
    inputs: (random) => [
      // String values: the odd name is only unexpected, so what another rule does with a value
      // that is not a string (t1_bad_args's) does not fail the quoting's line too.
      ...ODD_NAMES.map((name) => [ORDER, { order_id: "A100", [name]: "x" }]),
      ...ODD_NAMES.map((name) => [schemaOf([name], [name]), {}]),
      ...CLUSTER_NAMES.map((name) => [ORDER, { order_id: "A100", [name]: "x" }]),
      ...Array.from({ length: 12 }, () => [ORDER, { order_id: "A100", [oddName(random)]: random.word(1, 3) }]),
      // Characters of each class str.isprintable() refuses, drawn (controls, separators, format,
      // private use, surrogates, noncharacters): format's more, its blocks being many and small
      // (src/pack/drawn-chars.ts).
      ...NOT_PRINTABLE_CLASSES.flatMap((of, k) => Array.from({ length: DRAWS[k]! }, () => [ORDER, { order_id: "A100", [`${random.word(1, 3)}${drawnNotPrintable(random, of)}`]: "x" }])),
      // Long names: repr() never shortens (reprlib.repr does, past 30 characters, and kept 41/41
      // while no name was longer than about 20: repr-reprlib-shortened). Last, for the draws.
      ...LONG_NAMES.map((name) => [ORDER, { order_id: "A100", [name]: "x" }]),
      // Two characters str.isprintable() refuses side by side, each escaped: a shared /g regex's
      // .test() skipped the second (lastIndex) and kept 41/41 while no fixed name held two
      // together (ch2-sl-round-2026-12-07d sl-mistake-repr-shared-global-regex). Last, for the draws.
      ...ADJACENT_NOT_PRINTABLE.map((name) => [ORDER, { order_id: "A100", [name]: "x" }]),
      // Names holding a replacement's patterns ($& the match, $' what follows it, $$): a message
      // filled by replace("{}", name) wrote them otherwise and kept 41/41 while no name held one
      // (gaming-round-2026-12-08u sl-narrow-checkargs-replace-dollar). Last, for the draws.
      ...DOLLAR_NAMES.map((name) => [ORDER, { order_id: "A100", [name]: "x" }]),
      ...DOLLAR_NAMES.map((name) => [schemaOf([name], [name]), {}]),
    ],
  },
  {
    id: "t1_inherited_names", task: "task1", title: "Names such as constructor and __proto__ are names like any other",
    rule: "\"Has\" and \"is in\" mean own keys: a key every object inherits is neither in args nor in schema.properties unless it is written there.",
    hint: "Look for `in`, a plain lookup like properties[name] or args[name] !== undefined: they all see Object.prototype. Object.hasOwn sees only what is there.",
    inputs: () => [
      ...INHERITED.flatMap((name) => [
        [ORDER, { order_id: "A100", [name]: "x" }],
        [ORDER, { [name]: 5 }],
        [schemaOf([name], [name]), {}],
        [schemaOf([name], [name]), { [name]: 7 }],
        // Listed too: a required name the properties lack is rule 1's reach, t1_same_problem_order's
        // (a checkArgs walking schema.properties for the missing names lost a point here as well
        // as its order's: cheats-round-2026-12-07i sl-mistake-missing-by-properties).
        [schemaOf(["order_id", name], ["order_id", name]), { order_id: "A100" }],
      ]),
      // A listed name in full-width letters (NFKC makes it order_id) is only written like it:
      // keys normalised before the lookup kept 41/41 (ch2-sl-round-2026-12-07d sl-mistake-checkargs-keys-nfkc).
      [ORDER, { "\uff4f\uff52\uff44\uff45\uff52_\uff49\uff44": "A100" }], [ORDER, { order_id: "A100", "\uff4f\uff52\uff44\uff45\uff52_\uff49\uff44": "x" }],
    ],
  },
  {
    id: "t1_generated_args", task: "task1", title: "Generated schemas and arguments give the problems in the page's order",
    rule: "Missing names in schema.required's order, then unexpected keys, then values that are not strings, both in Object.keys(args)'s order.",
    hint: "Collect the three kinds separately and concatenate them; a key can be unexpected or of the wrong type, never both.",
    inputs: (random) => Array.from({ length: 40 }, (_, n) => {
      // Names once each: JSON Schema wants required's items unique, so no schema lists one twice.
      const properties = [...new Set(Array.from({ length: random.int(1, 4) }, () => random.word(2, 8, true)))];
      const required = properties.filter(() => random.bool());
      const args: Record<string, unknown> = {};
      // Every other input gives the listed keys in the reverse of schema.properties's order: rule 3
      // follows Object.keys(args), which a checkArgs walking schema.properties does not.
      for (const p of n % 2 ? [...properties].reverse() : properties) if (random.next() < 0.6) args[p] = random.bool() ? random.word(0, 5) : random.pick(NOT_STRINGS);
      for (let i = random.int(0, 2); i > 0; i--) args[random.word(2, 6)] = random.bool() ? "x" : random.pick(NOT_STRINGS);
      return [schemaOf(properties, required), args];
    }).concat(Array.from({ length: 4 }, () => {
      // And surely: two or three listed keys, none a string, given in the reverse order.
      const properties = [...new Set(Array.from({ length: random.int(2, 3) }, () => random.word(2, 8, true)))];
      const args = Object.fromEntries([...properties].reverse().map((p) => [p, random.pick(NOT_STRINGS)]));
      return [schemaOf(properties, properties.filter(() => random.bool())), args];
    })).flatMap((input, n, all) => (n === all.length - 1 ? [input, ...nonAsciiTwin(all)] : [input])),
  },
];

/**
 * The fixtures' cases again with other names and ids (args-variants.ts), first: a run that stops on a later input keeps their verdicts; then the rules' checks.
 * Each ends with a case again on a wide schema (wide-schemas.ts).
 */
export const TASK1_CHECKS: readonly BehaviourCheck[] = [...TASK1_VARIANT_CHECKS, ...RULE_CHECKS].map(withWideTwins);
