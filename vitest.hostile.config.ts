// The hostile submissions (test/hostile, issue 12): run by npm test after the rest of the suite,
// one file at a time, since each watches the machine's processes, files and memory.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "grade/course": fileURLToPath(new URL("./courses/mcp-ch2/course/index.ts", import.meta.url)) } },
  test: {
    include: ["test/hostile/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 600_000,
  },
});
