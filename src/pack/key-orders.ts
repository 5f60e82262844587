// Generated inputs whose keys come in other orders than the page's. JSON objects are unordered,
// and every rule of the packs answers a message the same whatever its keys' order; code that
// follows a rule only for the key orders the grader used to write (the page's, or exactly
// reversed) kept every point (helper 79: cheats-2026-12-05d, `*-key-order*`). Every third input
// of a generated list gets a drawn order of its own keys, and of its `params`' keys, other than
// both the order it had and its reverse where its keys allow one; the values are not touched
// (an arguments object's order can decide which problem a validator names first).
import type { CheckResult } from "../report/types.js";
import { makeRandom, type Random } from "./random.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The inputs withKeyOrders gave another order: a check's judge asks which failed inputs were. */
const reordered = new WeakSet<object>();
export const isReordered = (value: unknown): boolean => typeof value === "object" && value !== null && reordered.has(value);
/** `value`, counted as an input in another key order than it was made in (a generator's own reordering). */
export function markReordered<T>(value: T): T {
  if (typeof value === "object" && value !== null) reordered.add(value);
  return value;
}

/** An order of `keys` other than theirs and their reverse, when there is one (four keys or more: three have two such). */
function otherOrder(keys: readonly string[], random: Random): string[] {
  if (keys.length < 2) return [...keys];
  const given = keys.join("\u0000");
  const reversed = [...keys].reverse();
  for (let attempt = 0; attempt < 8; attempt++) {
    const order = [...keys];
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const text = order.join("\u0000");
    if (text !== given && text !== reversed.join("\u0000")) return order;
  }
  return reversed; // two keys, or eight unlucky draws
}

/** A copy of `value` with its own keys in `order` (a key named __proto__ stays an own key, as JSON.parse makes it). */
function inOrder(value: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) Object.defineProperty(out, key, { value: value[key], enumerable: true, writable: true, configurable: true });
  return out;
}

/** `value` with its keys, and its params' keys, in another order; anything else as it is. */
export function reorderKeys(value: unknown, random: Random): unknown {
  if (!isObject(value)) return value;
  const out = inOrder(value, otherOrder(Object.keys(value), random));
  const params = Object.hasOwn(value, "params") ? value["params"] : undefined;
  if (isObject(params)) Object.defineProperty(out, "params", { value: inOrder(params, otherOrder(Object.keys(params), random)), enumerable: true, writable: true, configurable: true });
  return markReordered(out);
}

/**
 * Every third of `inputs` (from a place drawn from `seed`) with its keys in another order
 * (reorderKeys), the rest as they were: the same list for the same seed.
 */
export function withKeyOrders(inputs: readonly unknown[], seed: number): unknown[] {
  const random = makeRandom((seed ^ 0x6b65795f) >>> 0);
  const first = random.int(0, 2);
  return inputs.map((input, i) => (i % 3 === first ? reorderKeys(input, random) : input));
}


// A check's failures that could be key order's by chance: an honest slip failing one or two inputs
// hits only reordered ones a ninth of the time or more; three, 1 in 27.
const FAILED_ON_ORDER_AT_LEAST = 3;

/**
 * Whether a check broke on key order alone: its failing inputs (at least three) are all ones whose
 * keys came in a drawn order, and an input in the order it was made passed.
 */
export function failedOnKeyOrder(inputs: readonly unknown[], failing: readonly number[]): boolean {
  if (failing.length < FAILED_ON_ORDER_AT_LEAST) return false;
  const failed = new Set(failing);
  return failing.every((i) => isReordered(inputs[i])) && inputs.some((input, i) => !failed.has(i) && !isReordered(input));
}

/**
 * No failure is read through a check that broke on key order alone (CheckResult.notThrough): no
 * rule reads the order, so that failure explains no other rule's, and code that follows the rules
 * only in the orders the fixtures show would otherwise have had every family for one point.
 */
export function notThroughKeyOrder(results: readonly CheckResult[], judged: readonly { name: string; inputs: readonly unknown[]; failing: readonly number[] }[]): CheckResult[] {
  const names = judged.filter((j) => failedOnKeyOrder(j.inputs, j.failing)).map((j) => j.name);
  if (!names.length) return [...results];
  return results.map((r) => {
    const others = names.filter((n) => n !== r.name);
    return r.status !== "fail" || !others.length ? r : { ...r, notThrough: [...(r.notThrough ?? []), ...others] };
  });
}
