import { describe, expect, it } from "vitest";
import { reversedKeys } from "./reversed-keys.js";

describe("reversedKeys", () => {
  it("reverses every object's keys at every depth and keeps the value", () => {
    const value = { jsonrpc: "2.0", id: 1, method: "m", params: { name: "n", arguments: { a: 1, b: [{ x: 1, y: 2 }] } } };
    const out = reversedKeys(value);
    expect(out).toEqual(value);
    expect(Object.keys(out)).toEqual(["params", "method", "id", "jsonrpc"]);
    expect(Object.keys(out.params)).toEqual(["arguments", "name"]);
    expect(Object.keys(out.params.arguments)).toEqual(["b", "a"]);
    expect(Object.keys(out.params.arguments.b[0]!)).toEqual(["y", "x"]);
  });

  it("keeps a key named __proto__ an own key, and leaves arrays in order", () => {
    const parsed = JSON.parse('{"__proto__": {"a": 1}, "z": [3, 2, 1]}') as Record<string, unknown>;
    const out = reversedKeys(parsed);
    expect(Object.keys(out)).toEqual(["z", "__proto__"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out["z"]).toEqual([3, 2, 1]);
  });
});
