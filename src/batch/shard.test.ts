import { describe, expect, it } from "vitest";
import { UserError } from "../cli/errors.js";
import { inShard, parseShard, stableHash } from "./shard.js";

describe("shards", () => {
  it("parses I/N and teaches the format on anything else", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, count: 4 });
    for (const bad of ["0/4", "5/4", "2", "a/b", "1/0", "-1/2"]) expect(() => parseShard(bad)).toThrow(UserError);
  });

  it("puts every id in exactly one shard", () => {
    const ids = Array.from({ length: 500 }, (_, i) => `student-${i}`);
    for (const count of [1, 2, 3, 7]) {
      for (const id of ids) {
        const homes = Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard(id, { index, count }));
        expect(homes).toHaveLength(1);
      }
    }
  });

  it("hashes the same on every machine (FNV-1a reference values)", () => {
    expect(stableHash("")).toBe(0x811c9dc5);
    expect(stableHash("a")).toBe(0xe40c292c);
    expect(stableHash("foobar")).toBe(0xbf9cf968);
  });
});
