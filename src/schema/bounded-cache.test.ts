import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache.js";

describe("BoundedCache", () => {
  it("never holds more than its capacity, however many keys it is given", () => {
    const cache = new BoundedCache<string, number>(3);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
    expect([cache.get("k996"), cache.get("k997"), cache.get("k999")]).toEqual([undefined, 997, 999]);
  });

  it("forgets the least recently used entry, a read counting as a use", () => {
    const cache = new BoundedCache<string, string | null>(2);
    cache.set("a", null);
    cache.set("b", "fail");
    expect(cache.get("a")).toBeNull();
    cache.set("c", "x");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeNull();
    cache.set("a", "again");
    expect(cache.size).toBe(2);
    expect(cache.get("a")).toBe("again");
  });

  it("refuses a capacity that could not hold anything", () => {
    expect(() => new BoundedCache(0)).toThrow(/at least one/);
  });
});
