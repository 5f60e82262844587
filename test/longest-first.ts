// The order a fresh clone runs test files in (CI's): without vitest's cache of earlier runs'
// durations it starts the largest files first, and the hostile suite's longest file by far (its
// `grade --dir` runs, a small file) then started last, alone on one core for its whole length.
// The files measured longest in CI (docs/speed.md) start first, in this order; the rest follow
// as vitest sorts them. A machine with the cache sorts by the durations it saw, as before.
import { BaseSequencer, type TestSpecification } from "vitest/node";

export function longestFirst(paths: readonly string[]): typeof BaseSequencer {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (f: TestSpecification): number => {
        const at = paths.findIndex((p) => f.moduleId.replaceAll("\\", "/").endsWith(p));
        return at < 0 ? paths.length : at;
      };
      // A stable sort: files of equal rank keep vitest's order.
      return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
    }
  };
}
