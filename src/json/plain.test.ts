import { describe, expect, it } from "vitest";
import { findNonJson } from "./plain.js";

describe("findNonJson", () => {
  it("accepts JSON data, with undefined properties treated as absent", () => {
    expect(findNonJson({ a: [1, "x", null, true, { b: undefined }] })).toBeUndefined();
  });

  it.each([
    [(() => { const o: Record<string, unknown> = {}; o["self"] = o; return { o }; })(), "$.o.self refers back to an object that contains it (a cycle)"],
    [{ n: 10n }, "$.n is a BigInt (10n): use a number"],
    [{ list: [1, undefined] }, "$.list[1] is undefined: use null or leave the key out"],
    [{ f: () => 1 }, "$.f is a function, not data"],
    [{ m: new Map() }, "$.m is a Map, not a plain object: build it from {} and [] literals"],
    [{ "odd key": Number.NaN }, '$["odd key"] is NaN, which JSON cannot represent'],
  ])("names the first part that is not JSON (%#)", (value, problem) => {
    expect(findNonJson(value)).toBe(problem);
  });

  it("allows the same object twice when it is not a cycle", () => {
    const shared = { x: 1 };
    expect(findNonJson({ a: shared, b: shared })).toBeUndefined();
  });
});
