import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { failedOnKeyOrder, isReordered, markReordered, notThroughKeyOrder, reorderKeys, withKeyOrders } from "./key-orders.js";
import { makeRandom } from "./random.js";

const message = (): Record<string, unknown> => JSON.parse('{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search","arguments":{"b":1,"a":2}},"__proto__":{"x":1}}') as Record<string, unknown>;

describe("generated inputs in other key orders", () => {
  it("keeps every value, and a key named __proto__ as an own key", () => {
    const random = makeRandom(3);
    for (let i = 0; i < 20; i++) {
      const out = reorderKeys(message(), random) as Record<string, unknown>;
      expect(JSON.parse(JSON.stringify(out))).toEqual(message());
      expect(Object.hasOwn(out, "__proto__")).toBe(true);
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
      // The arguments' own order is left as it was: it may decide which problem is named first.
      expect(Object.keys((out["params"] as { arguments: object }).arguments)).toEqual(["b", "a"]);
    }
  });

  it("gives an order other than the page's and its reverse, for the message and its params", () => {
    const random = makeRandom(11);
    const given = Object.keys(message());
    for (let i = 0; i < 20; i++) {
      const out = reorderKeys(message(), random) as Record<string, unknown>;
      const keys = Object.keys(out);
      expect(keys).not.toEqual(given);
      expect(keys).not.toEqual([...given].reverse());
      expect(Object.keys(out["params"] as object)).toEqual(["arguments", "name"]);
    }
  });

  it("reorders every third input of a list, the same for the same seed, and nothing that is no object", () => {
    const inputs = [...Array.from({ length: 12 }, message), null, [1, 2], "text", 5];
    const once = withKeyOrders(inputs, 42);
    expect(isDeepStrictEqual(once.map((v) => JSON.stringify(v)), withKeyOrders(inputs, 42).map((v) => JSON.stringify(v)))).toBe(true);
    const moved = once.slice(0, 12).map((v, i) => (JSON.stringify(v) === JSON.stringify(inputs[i]) ? 0 : 1));
    expect(moved.reduce((a: number, b) => a + b, 0)).toBe(4);
    expect(once.slice(12)).toEqual([null, [1, 2], "text", 5]);
  });
});

describe("a check that broke on key order alone", () => {
  const made = Array.from({ length: 9 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" }));
  const inputs = withKeyOrders(made, 5);
  const moved = inputs.flatMap((v, i) => (isReordered(v) ? [i] : []));
  const fail = (name: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail" });

  it("is one whose failing inputs (three or more) are all in a drawn order, beside one in its own order that passed", () => {
    expect(moved).toHaveLength(3);
    expect(failedOnKeyOrder(inputs, moved)).toBe(true);
    expect(failedOnKeyOrder(inputs, moved.slice(0, 2))).toBe(false); // two: a slip's by chance
    expect(failedOnKeyOrder(inputs, [...moved, moved[0]! === 0 ? 1 : 0])).toBe(false); // one in its own order failed too
    expect(failedOnKeyOrder(inputs, inputs.map((_, i) => i))).toBe(false);
  });

  it("is read through by no other failure, and reads through the others as before", () => {
    const out = notThroughKeyOrder([fail("order"), fail("family"), { ...fail("passing"), status: "pass" }], [
      { name: "order", inputs, failing: moved }, { name: "family", inputs, failing: [0, 1, 2, 3] }, { name: "passing", inputs, failing: [] }]);
    expect(out.map((c) => c.notThrough)).toEqual([undefined, ["order"], undefined]);
    expect(markReordered(made[0]!)).toBe(made[0]);
    expect(isReordered(made[0])).toBe(true);
  });
});
