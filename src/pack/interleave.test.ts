import { describe, expect, it } from "vitest";
import { interleave, picked } from "./interleave.js";

describe("an oracle's inputs among a judged run's", () => {
  it("keeps each list's order and the fixtures first, and says where each item went", () => {
    const own = ["f1", "f2", "a", "b", "c", "d"];
    const theirs = ["x", "y", "z"];
    const mixed = interleave(own, 2, theirs, 7);
    expect(mixed.inputs.slice(0, 2)).toEqual(["f1", "f2"]);
    expect(mixed.own.map((i) => mixed.inputs[i])).toEqual(own);
    expect(mixed.theirs.map((i) => mixed.inputs[i])).toEqual(theirs);
    expect(mixed.inputs).toHaveLength(own.length + theirs.length);
  });

  it("gives the same order for the same seed and mixes them for most seeds", () => {
    const own = Array.from({ length: 40 }, (_, i) => `o${i}`);
    const theirs = Array.from({ length: 40 }, (_, i) => `t${i}`);
    expect(interleave(own, 0, theirs, 3)).toEqual(interleave(own, 0, theirs, 3));
    // Not all of one list first: the oracle's inputs are in among the judged ones.
    const { theirs: at } = interleave(own, 0, theirs, 3);
    expect(at[0]).toBeLessThan(40);
    expect(at[at.length - 1]).toBeGreaterThanOrEqual(40);
  });

  it("reads back one list's calls, up to the first the run did not make", () => {
    const calls = ["c0", "c1", "c2", "c3"];
    expect(picked(calls, [0, 2])).toEqual(["c0", "c2"]);
    expect(picked(calls.slice(0, 2), [0, 1, 3])).toEqual(["c0", "c1"]);
    expect(picked(calls, undefined)).toEqual(calls);
    expect(picked(undefined, [0])).toBeUndefined();
  });
});
