// globals/sort.js against this process's own V8 sort (Node 20), on the host: the same order and
// the same comparator calls, in the same order, for comparators that are consistent and ones
// that are not, on arrays short enough for insertion sort and long enough to merge and gallop.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

type Item = { id: number; k: number };
const source = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "sort.js"), "utf8").trim().replace(/;$/, "");
const lib: { define: () => void; timSort?: (a: Item[], compare: (x: Item, y: Item) => unknown) => void } = { define: () => undefined };
(new Function(`return (\n${source}\n);`)() as (host: unknown, l: typeof lib) => void)(null, lib);

const COMPARATORS: Record<string, (a: Item, b: Item) => unknown> = {
  consistent: (a, b) => a.k - b.k,
  boolean: (a, b) => a.k > b.k,
  "boolean, reversed": (a, b) => a.k < b.k,
  "always -1": () => -1,
  "always 1": () => 1,
  "always 0": () => 0,
  "by pair, inconsistent": (a, b) => ((((a.id * 2654435761) ^ (b.id * 40503)) >>> 0) % 3) - 1,
  "NaN on ties": (a, b) => (a.k === b.k ? NaN : a.k - b.k),
};
const SIZES = [0, 1, 2, 3, 5, 16, 32, 33, 64, 65, 128, 257, 1000, 2500];
let seed = 7;
const random = (): number => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const shapes: Record<string, (i: number, n: number) => number> = {
  random: () => Math.floor(random() * 1000), sorted: (i) => i, reversed: (i, n) => n - i, "few values": () => Math.floor(random() * 5), runs: (i) => (i % 50) + Math.floor(i / 50) * 3,
};

describe("the sandbox's sort against V8's", () => {
  it.each(Object.entries(COMPARATORS))("%s: the same order and the same comparator calls", (_, compare) => {
    for (const n of SIZES) for (const [shape, key] of Object.entries(shapes)) {
      const items = Array.from({ length: n }, (_, i) => ({ id: i, k: key(i, n) }));
      const [v8, ours] = [items.slice(), items.slice()];
      const v8Calls: number[] = [], ourCalls: number[] = [];
      v8.sort((x, y) => { v8Calls.push(x.id, y.id); return compare(x, y) as number; });
      lib.timSort!(ours, (x, y) => { ourCalls.push(x.id, y.id); return compare(x, y); });
      expect({ n, shape, order: ours.map((x) => x.id), calls: ourCalls }).toEqual({ n, shape, order: v8.map((x) => x.id), calls: v8Calls });
    }
  });
});
