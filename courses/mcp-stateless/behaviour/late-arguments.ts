// t2_arguments' last inputs: bad arguments past the bounds the other draws keep. Numbers far above
// the page's (100, 0, -1, 2.5) among the bad values, ids of ten million up to
// Number.MAX_SAFE_INTEGER and strings: checkArgs skipped for a number above a million or under ids
// of 10^7 or more kept 41/41 (cheats-round-2026-12-07h sl-args-big-numbers, sl-args-ids-below-1e7).
// checkArgs' problems name keys, never values, so every one of these reads as the page's
// bad-arguments case. Last in task 2's longest check, after some 300 calls.
import type { Random } from "../../../src/pack/random.js";
import { MESSAGES, messageIndex } from "../course/fixtures.js";

type Call = (name: string, args: unknown, id: number | string) => unknown;

const TOOLS = ["get_order_status", "cancel_order"];
const BIG = [1e7, 123_456_789, 2 ** 31, 2 ** 32 + 1, 1e15, Number.MAX_SAFE_INTEGER, -(2 ** 40), 1e21, 1.5e300, -1e9 - 0.5];

/** Bad arguments holding big numbers: as the order id, beside it, or alone. */
const bigCases = (random: Random): [string, unknown][] => [
  ...BIG.map((n): [string, unknown] => [random.pick(TOOLS), { order_id: n }]),
  ...BIG.map((n): [string, unknown] => [random.pick(TOOLS), { order_id: random.pick(["A100", "A101"]), [random.word(1, 6, true)]: n }]),
  [random.pick(TOOLS), { count: Number.MAX_SAFE_INTEGER }], [random.pick(TOOLS), { order_id: [1e12] }],
];
const plainCases = (): [string, unknown][] =>
  TOOLS.flatMap((name) => [undefined, null, {}, { order_id: 100 }, { order_id: "A100", extra: "x" }, { order_id: null }].map((args): [string, unknown] => [name, args]));

/** Ids past the draws' 999,999: numbers up to the largest safe integer, and strings of other shapes. */
const bigId = (random: Random, k: number): number | string =>
  [10_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER, random.int(10_000_000, Number.MAX_SAFE_INTEGER), `late-${k}`, `${random.int(1e7, 1e9)}`][k % 6]!;

export function lateArguments(random: Random, call: Call): unknown[] {
  const bad = [...bigCases(random), ...plainCases()];
  return [...bad.map(([name, args], k) => call(name, args, `big-args-${k}`)), ...bad.map(([name, args], k) => call(name, args, bigId(random, k)))];
}

/**
 * t2_same_bad_args' last inputs, with no draw: the page's bad call ({id: 100}) under big ids and
 * with big numbers: the line's case met where the other draws never put it (see above).
 */
export function latePageBadCalls(): unknown[] {
  const page = MESSAGES[messageIndex(5)]!;
  const as = (id: number | string, args: Record<string, unknown>): unknown => ({ ...structuredClone(page), id, params: { ...structuredClone(page["params"] as object), arguments: args } });
  const edge = [
    as(10_000_000, { id: 100 }), as(Number.MAX_SAFE_INTEGER, { id: 100 }), as(2 ** 31, { id: 100 }), as("9007199254740993", { id: 100 }),
    as("big-0", { id: 1e12 }), as("big-1", { id: Number.MAX_SAFE_INTEGER }), as("big-2", { id: -1e9 }), as("big-3", { id: 1e21 }),
  ];
  return edge;
}
