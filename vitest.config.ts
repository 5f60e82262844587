import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // End-to-end tests spawn the real CLI, which spawns a process per task: generous limits,
    // since our machines are shared. Speed is measured in bench/, never asserted here.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
