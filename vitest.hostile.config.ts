// The hostile submissions (test/hostile, issue 12) alone: npm test runs them with the rest of the
// suite, as vitest.config.ts's project "hostile". Two files at once, one per core: each run a file watches is its own (its process group and
// descendants, its token, its own root, its canary port), so another file's runs are not seen,
// and a file that grades on one thread leaves the other core to the other file.
import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { longestFirst } from "./test/longest-first.js";

export default defineConfig({
  resolve: { alias: { "grade/course": fileURLToPath(new URL("./courses/mcp-ch2/course/index.ts", import.meta.url)) } },
  test: {
    include: ["test/hostile/**/*.test.ts"],
    pool: "forks",
    maxWorkers: Math.max(2, os.availableParallelism()),
    // In CI's fresh clone grade-dir (266 s) started last and ran alone at the end (496 s in all).
    sequence: { sequencer: longestFirst(["test/hostile/grade-dir.test.ts", "test/hostile/grade-batch.test.ts", "test/hostile/stateless.test.ts"]) },
    // Only stops a hang: long, since two files share the cores on a machine others load too.
    testTimeout: 900_000,
    hookTimeout: 600_000,
  },
});
