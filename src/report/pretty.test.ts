import { describe, expect, it } from "vitest";
import type { Report } from "./types.js";
import { renderPretty } from "./pretty.js";

const report: Report = {
  version: 1, submission: "tasks", status: "error", score: 1, maxScore: 2, evidence: { t1_keys: "name" },
  tasks: [
    {
      task: "task1", title: "Convert a tool definition", status: "fail", score: 1, maxScore: 2,
      checks: [
        { name: "t1_keys", kind: "evidence", title: "keys", status: "fail", expected: "a,b", actual: "name", message: "Why it failed.", hint: "The rule." },
        { name: "t1_schema_unchanged", kind: "evidence", title: "schema", status: "pass", actual: "true" },
        { name: "t1_no_stdout", kind: "output", title: "toMcp prints nothing on stdout", status: "pass" },
      ],
    },
    {
      task: "task2", title: "Answer", status: "error", score: 0, maxScore: 0, message: "It threw.", stderr: "warning\n",
      checks: [{ name: "t2_responses", kind: "evidence", title: "r", status: "skip", message: "did not run" }],
    },
  ],
};

describe("renderPretty", () => {
  const text = renderPretty(report, false);
  it("shows each check with its mark and value, and the diagnosis under a failure", () => {
    expect(text).toContain("  ✗ t1_keys: name\n      expected: a,b\n      Why it failed.\n      hint: The rule.\n");
    expect(text).toContain("  ✓ t1_schema_unchanged: true\n  ✓ toMcp prints nothing on stdout\n");
  });
  it("says why a task did not run, lists what was skipped, and shows stderr without failing it", () => {
    expect(text).toContain("Task 2 · Answer  ERROR 0/0\n  ! It threw.\n  - skipped: t2_responses\n  stderr (shown, not graded):\n    warning\n");
  });
  it("ends with the closing count and no colour codes", () => {
    expect(text.trimEnd().split("\n").slice(-2)).toEqual(["1 task did not run to the end: task2", "2 passed, 1 failed, 1 skipped"]);
    expect(text).not.toMatch(/\u001b/);
  });
});
