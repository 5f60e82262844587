import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The course module as students import it (tsconfig.json maps it for the compiler and tsx).
  resolve: { alias: { "grade/course": fileURLToPath(new URL("./src/course/index.ts", import.meta.url)) } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // End-to-end tests spawn the real CLI, which spawns a process per task: generous limits,
    // since our machines are shared. Speed is measured in bench/, never asserted here.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
