import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { longestFirst } from "./test/longest-first.js";

/**
 * Files that need a process of their own: they count their own process's children or zombies
 * (a shared worker keeps an earlier file's TypeScript 7 processes), read their own threads' CPU
 * from /proc, or set TZ for their whole process (which every CLI a later file spawns would inherit).
 */
export const OWN_PROCESS = ["src/typecheck/thread.test.ts", "src/sandbox/watchdog.test.ts", "src/sandbox/runtime/differential.test.ts", "courses/mcp-ch2/typecheck/hostile.test.ts"];
const INCLUDE = ["src/**/*.test.ts", "courses/**/*.test.ts", "test/**/*.test.ts"];
// The hostile submissions (test/hostile, issue 12) are a project of their own in the same run, so
// that their long files fill the cores while the rest of the suite ends: each grades dozens of
// attacks and watches its own runs' processes and files (its process group, token, root and
// canary port), so another file beside it is not seen. vitest.hostile.config.ts runs them alone.
const HOSTILE = ["test/hostile/**/*.test.ts"];
// A fixture folder is a student's submission: a test file of its own (fair-round-2026-12-07j
// sl-c-own-test-file) is its code, never one of ours.
const EXCLUDE = ["test/hostile/**", "**/node_modules/**", "test/fixtures/**"];

export default defineConfig({
  // The course module as students import it (tsconfig.json maps it for the compiler and tsx).
  resolve: { alias: { "grade/course": fileURLToPath(new URL("./courses/mcp-ch2/course/index.ts", import.meta.url)) } },
  test: {
    // A file per core. Vitest's default is one fewer (a single worker on two cores), which leaves a
    // core idle while a file waits on the CLI processes and sandbox threads it started.
    pool: "forks",
    maxWorkers: Math.max(2, os.availableParallelism()),
    sequence: { sequencer: longestFirst(["test/hostile/grade-dir.test.ts", "test/hostile/grade-batch.test.ts", "test/hostile/stateless.test.ts", "test/e2e/printed-commands.test.ts", "courses/mcp-stateful/grading/class.test.ts", "test/e2e/cli.test.ts", "test/e2e/students.test.ts"]) },
    // End-to-end tests spawn the real CLI, which runs a sandbox thread, a type-check thread and
    // live servers. The limits only stop a hang: they are generous because our machines are
    // shared, and a test that waits ends as soon as what it waits for happens. Speed is measured
    // in bench/, never asserted here. 180 s ran out for a table's row (two seeds of a gaming
    // submission at once) in a fresh clone's CI at a load average of 30 on 2 cores.
    testTimeout: 600_000,
    // `npx vitest run courses/<pack>` for a pack without tests of its own (courses/shout) is not a failure.
    passWithNoTests: true,
    hookTimeout: 600_000,
    // A worker runs its files in one process, not a process per file: they import the same engine
    // and course modules, and loading them again for each file was a large part of the suite's
    // processor time (docs/speed.md, "Test suite, 2026-12-03"). OWN_PROCESS keeps a process each.
    // The files are named here only: a project extending this config would add to a list above.
    projects: [
      { extends: true, test: { name: "shared", isolate: false, include: INCLUDE, exclude: [...EXCLUDE, ...OWN_PROCESS] } },
      { extends: true, test: { name: "own-process", isolate: true, include: OWN_PROCESS } },
      // Only stops a hang: long, since a file grades dozens of attacks on a machine others load too.
      { extends: true, test: { name: "hostile", isolate: true, include: HOSTILE, testTimeout: 900_000, hookTimeout: 600_000 } },
    ],
  },
});
