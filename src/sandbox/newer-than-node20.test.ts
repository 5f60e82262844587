import { describe, expect, it } from "vitest";
import { newerThanNode20 } from "./newer-than-node20.js";

describe("a built-in newer than Node 20, named in a failure", () => {
  it("says which, that Node 20 lacks it, and what to write", () => {
    expect(newerThanNode20("TypeError: problems.getOrInsert is not a function")).toMatch(/^If that is Map\.prototype\.getOrInsert .*newer than Node 20.*map\.has\(key\)/);
    expect(newerThanNode20("TypeError: seen.union is not a function")).toMatch(/Set\.prototype\.union.*new Set\(\[\.\.\.a, \.\.\.b\]\)/);
  });

  it("says an iterator helper only where the method is called on what values(), keys(), entries() or matchAll() returned", () => {
    expect(newerThanNode20("TypeError: (schema.required ?? []).values(...).filter is not a function")).toMatch(/Iterator\.prototype\.filter.*newer than Node 20.*\[\.\.\.iterator\]\.filter/);
    expect(newerThanNode20("TypeError: tools.keys(...).map is not a function")).toMatch(/Iterator\.prototype\.map/);
    for (const text of ["TypeError: tools.filter is not a function", "TypeError: load(...).map is not a function"]) expect(newerThanNode20(text)).toBeUndefined();
  });

  it("says nothing of other names or other errors", () => {
    for (const text of ["TypeError: tools.map is not a function", "TypeError: not a function", "RangeError: union", "TypeError: x.unionAll is not a function"]) expect(newerThanNode20(text)).toBeUndefined();
  });
});
