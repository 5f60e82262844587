// What a line's rule leaves free, drawn: the other unknown orders, bad arguments, unknown tools,
// methods and requests that the rule answers as it answers the page's. A handle or serve that
// recognises the page's shape (an order shaped Z<digits>, one unexpected key, a tool named
// word_word, an old version on tools/list only, the page's requests) and puts the varying bits
// back fails them. Each draw stays inside one rule: near misses of a known name (case, spaces, a
// character more) are the general checks' (t2_order_ids, t2_unknown_names), so a lookup mistake
// costs one point, not a line's too.
import type { Random } from "../../../src/pack/random.js";
import { call, CLIENT_META, request } from "../course/fixtures.js";
import { ORDERS, TOOLS } from "../course/index.js";
import { VERSION_KEY } from "./model.js";

type Json = Record<string, unknown>;

/** The page's kinds of request under `id`, each made by one function (a pick among them is one draw, then the maker's own). */
export const PAGE_REQUESTS: readonly ((random: Random, id: number) => Json)[] = [
  (_, id) => request(id, "server/discover"),
  (_, id) => request(id, "tools/list"),
  (random, id) => call(id, "get_order_status", { order_id: random.pick(["A100", "A101", "Z9"]) }),
  (_, id) => call(id, "cancel_order", { order_id: "A100" }),
  (_, id) => request(id, "resources/read", { uri: "policy://refunds" }),
  (_, id) => request(id, "prompts/list"),
];

const CAPITALS = "BCDEFGHJKLMNPQRSTUVWXYZ";
const capitals = (random: Random, n: number): string => Array.from({ length: n }, () => random.pick([...CAPITALS])).join("");

/**
 * An unknown order far from every known one: Z and digits as the page's Z9, another capital and
 * digits (Q17), capitals alone, capitals, a dash and digits; never beginning with A, so that no
 * known id is one mistake away. By index, so every four draws hold each shape.
 */
export function unknownOrder(random: Random, index: number): string {
  let order = "Z9";
  while (order === "Z9" || Object.hasOwn(ORDERS, order)) {
    order = [
      () => `Z${random.int(10, 9999)}`,
      () => `${capitals(random, 1)}${random.int(1, 999)}`,
      () => capitals(random, random.int(2, 4)),
      () => `${capitals(random, random.int(2, 3))}-${random.int(1, 99)}`,
    ][index % 4]!();
  }
  return order;
}

/** Distinct argument names other than order_id. */
function keys(random: Random, n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) { const k = random.word(2, 8, true); if (k !== "order_id") out.add(k); }
  return [...out];
}

/**
 * Arguments get_order_status's schema refuses: the page's shape (order_id absent, one other key
 * holding a number), two or three other keys, order_id given but not a string beside 0-2 others,
 * order_id a string beside 1-3 others. What the problems are is checkArgs's (the student's own,
 * replayed, judges handle); handle's rule is only to report them.
 */
export function badArguments(random: Random, index: number): Json {
  const value = (): unknown => (random.bool() ? random.int(1, 999) : random.word(1, 6));
  const others = (n: number): Json => Object.fromEntries(keys(random, n).map((k) => [k, value()]));
  switch (index % 4) {
    case 0: return others(1);
    case 1: return others(random.int(2, 3));
    case 2: return { order_id: random.pick([100, 7, 0, true, false]), ...others(random.int(0, 2)) };
    default: return { ...others(random.int(1, 3)), order_id: random.pick([...Object.keys(ORDERS), unknownOrder(random, 0)]) };
  }
}

/** A tool name TOOLS lacks, of several shapes: word_word as the page's delete_everything, a word, a word and digits, camelCase. */
export function unknownTool(random: Random, index: number): string {
  let name = "";
  while (name === "" || Object.hasOwn(TOOLS, name) || name in Object.prototype) {
    const word = random.word(3, 8);
    name = [
      () => `${word}_${random.word(3, 8)}`,
      () => word,
      () => `${word}${random.int(1, 99)}`,
      () => { const next = random.word(3, 8); return `${word}${next[0]!.toUpperCase()}${next.slice(1)}`; },
    ][index % 4]!();
  }
  return name;
}

/** The methods besides tools/list that read the version, each with params it answers: [method, params]. */
export const OTHER_METHODS: readonly ((order: string) => [string, Json])[] = [
  (order) => ["tools/call", { name: "get_order_status", arguments: { order_id: order } }],
  () => ["resources/list", {}],
  (order) => ["tools/call", { name: "cancel_order", arguments: { order_id: order } }],
  () => ["resources/read", { uri: "policy://refunds" }],
];

/**
 * A request for serve's same-kind lists that handle answers by a rule beyond the page's kinds
 * (serve is judged against the student's own handle, so any is fair), by kind: 0 a call with bad
 * arguments, 1 an unknown tool or a method no server has, 2 an unknown order or an old version on
 * any method. None changes an order's status.
 */
export function ruleRequest(random: Random, id: number, kind: number): Json {
  const order = random.pick(Object.keys(ORDERS));
  // Not order_id given as a number (badArguments' third shape): checkArgs throwing on a value that
  // is not a string is task 1's likeliest mistake, and handle would carry it into serve's lines.
  if (kind === 0) return call(id, random.pick(Object.keys(TOOLS)), badArguments(random, random.pick([0, 1, 3])) as never);
  if (kind === 1) return random.bool() ? call(id, unknownTool(random, random.int(0, 3)), { order_id: order }) : request(id, `${random.word(3, 9)}/${random.word(3, 9)}`);
  if (random.bool()) return call(id, random.pick(Object.keys(TOOLS)), { order_id: unknownOrder(random, random.int(0, 3)) });
  const [method, params] = random.pick<(o: string) => [string, Json]>([...OTHER_METHODS, () => ["tools/list", {}]])(order);
  return request(id, method, params as never, { ...CLIENT_META, [VERSION_KEY]: `20${random.int(10, 25)}-0${random.int(1, 9)}-1${random.int(0, 9)}` } as never);
}
