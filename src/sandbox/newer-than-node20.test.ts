import { describe, expect, it } from "vitest";
import { newerThanNode20 } from "./newer-than-node20.js";

describe("a built-in newer than Node 20, named in a failure", () => {
  it("says which, that Node 20 lacks it, and what to write", () => {
    expect(newerThanNode20("TypeError: problems.getOrInsert is not a function")).toMatch(/^If that is Map\.prototype\.getOrInsert .*newer than Node 20.*map\.has\(key\)/);
    expect(newerThanNode20("TypeError: seen.union is not a function")).toMatch(/Set\.prototype\.union.*new Set\(\[\.\.\.a, \.\.\.b\]\)/);
  });

  it("says nothing of other names or other errors", () => {
    for (const text of ["TypeError: tools.map is not a function", "TypeError: not a function", "RangeError: union", "TypeError: x.unionAll is not a function"]) expect(newerThanNode20(text)).toBeUndefined();
  });
});
