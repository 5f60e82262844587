import { describe, expect, it } from "vitest";
import { newerThanNode20 } from "./newer-than-node20.js";

describe("a built-in newer than Node 20, named in a failure", () => {
  it("says which, that Node 20 lacks it, and what to write", () => {
    expect(newerThanNode20("TypeError: problems.getOrInsert is not a function")).toMatch(/^If that is Map\.prototype\.getOrInsert .*newer than Node 20.*map\.has\(key\)/);
    expect(newerThanNode20("TypeError: seen.union is not a function")).toMatch(/Set\.prototype\.union.*new Set\(\[\.\.\.a, \.\.\.b\]\)/);
    // Finding 3 of builtins-round-2026-12-08t: these four were taken out with no hint.
    expect(newerThanNode20("TypeError: Error.isError is not a function")).toMatch(/^If that is Error\.isError: .*newer than Node 20.*instanceof Error/);
    expect(newerThanNode20("TypeError: Promise.try is not a function")).toMatch(/^If that is Promise\.try: /);
    expect(newerThanNode20("TypeError: Math.sumPrecise is not a function")).toMatch(/^If that is Math\.sumPrecise: /);
    expect(newerThanNode20("TypeError: Math.f16round is not a function")).toMatch(/^If that is Math\.f16round: .*Math\.fround/);
    expect(newerThanNode20("TypeError: Object.groupBy is not a function")).toMatch(/^If that is Object\.groupBy or Map\.groupBy: /);
  });

  it("says it of a method taken from its holder first, and of a global Node 20 lacks", () => {
    expect(newerThanNode20("TypeError: groupBy is not a function")).toMatch(/^If that is Object\.groupBy/);
    expect(newerThanNode20("ReferenceError: Iterator is not defined")).toMatch(/^If that is Iterator: .*Array\.from\(iterable\)/);
    expect(newerThanNode20("ReferenceError: Float16Array is not defined")).toMatch(/^If that is Float16Array: .*Float32Array/);
    for (const text of ["ReferenceError: union is not defined", "TypeError: Iterator is not a function", "ReferenceError: o.Float16Array is not defined"]) expect(newerThanNode20(text)).toBeUndefined();
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
