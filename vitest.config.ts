import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The course module as students import it (tsconfig.json maps it for the compiler and tsx).
  resolve: { alias: { "grade/course": fileURLToPath(new URL("./courses/mcp-ch2/course/index.ts", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "courses/**/*.test.ts", "test/**/*.test.ts"],
    // The hostile submissions run on their own, one file at a time, after the rest
    // (vitest.hostile.config.ts, npm test): each grades dozens of attacks and samples the
    // machine's processes and memory, which other tests running beside them would disturb.
    exclude: ["test/hostile/**", "**/node_modules/**"],
    // End-to-end tests spawn the real CLI, which spawns a process per task: generous limits,
    // since our machines are shared. Speed is measured in bench/, never asserted here.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
