// npm run test:quick: the unit tests beside the code (src/, courses/), without the files that
// grade whole submissions many times over or spawn the CLI; under a minute on two cores. npm
// test runs everything, these included.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * Test files beside the code that grade whole submissions through the sandbox or the type check
 * dozens of times, compile against tsc, or spend a limit's worth of processor time on purpose.
 */
export const SLOW = [
  "courses/mcp-stateless/typecheck/check.test.ts",
  "src/sandbox/compile.test.ts",
  "src/sandbox/live.test.ts",
  "src/sandbox/watchdog.test.ts",
  "src/sandbox/fuel.test.ts",
  // Also counts the zombies of its own process: alone in it in npm test, not beside other files here.
  "src/typecheck/thread.test.ts",
  "src/sandbox/peers.test.ts",
  "src/sandbox/exit-text.test.ts",
  "courses/mcp-stateless/grading/class.test.ts",
  "courses/mcp-stateless/grading/mistakes.test.ts",
  "courses/mcp-stateless/live/interop.test.ts",
  "courses/mcp-stateless/client/task3.test.ts",
  "courses/mcp-stateful/grading/mistakes.test.ts",
  "courses/mcp-stateful/live/live.test.ts",
  "courses/mcp-ch2/typecheck/hostile.test.ts",
  "courses/mcp-ch2/typecheck/check-types.test.ts",
  "courses/mcp-ch2/typecheck/fixtures.test.ts",
  "src/grading/grade.test.ts",
  "src/student/hint.test.ts",
  "src/student/status.test.ts",
  // Measured 2026-12-03 (docs/speed.md): together about 280 of the subset's 330 s of test time.
  "courses/mcp-stateful/grading/class.test.ts",
  "courses/mcp-stateful/grading/shrink.test.ts",
  "courses/mcp-stateful/grading/stand-ins.test.ts",
  "courses/mcp-stateful/typecheck/check.test.ts",
  "courses/mcp-stateless/grading/stand-ins.test.ts",
  "courses/mcp-stateless/grading/settle.test.ts",
  "courses/mcp-stateless/grading/failed-calls.test.ts",
];

export default defineConfig({
  ...base,
  // One process per worker for all its files, not one per file: these files import the same
  // engine and course modules, and loading them again for each file was about half the run's
  // processor time (docs/speed.md, "The test suite").
  test: { ...base.test, projects: undefined, isolate: false, include: ["src/**/*.test.ts", "courses/**/*.test.ts"], exclude: [...SLOW, "**/node_modules/**"] },
});
