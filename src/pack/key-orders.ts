// Generated inputs whose keys come in other orders than the page's. JSON objects are unordered,
// and every rule of the packs answers a message the same whatever its keys' order; code that
// follows a rule only for the key orders the grader used to write (the page's, or exactly
// reversed) kept every point (helper 79: cheats-2026-12-05d, `*-key-order*`). Every third input
// of a generated list gets a drawn order of its own keys, and of its `params`' keys, other than
// both the order it had and its reverse where its keys allow one; the values are not touched
// (an arguments object's order can decide which problem a validator names first).
import { makeRandom, type Random } from "./random.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** An order of `keys` other than theirs and their reverse, when there is one (four keys or more: three have two such). */
function otherOrder(keys: readonly string[], random: Random): string[] {
  if (keys.length < 2) return [...keys];
  const given = keys.join("\u0000");
  const reversed = [...keys].reverse().join("\u0000");
  let best = [...keys].reverse();
  for (let attempt = 0; attempt < 8; attempt++) {
    const order = [...keys];
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const text = order.join("\u0000");
    if (text !== given && text !== reversed) return order;
    if (text !== given) best = order;
  }
  return best;
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
  return out;
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
