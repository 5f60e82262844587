import { describe, expect, it } from "vitest";
import type { FileCheckReport } from "../grading/check-file.js";
import { HOSTILE, NORMAL, hostileReport, runnerCommands, terminalHazards } from "./hostile.js";
import type { Report } from "./types.js";
import { renderPretty, renderPrettyFileCheck } from "./pretty.js";
import { SAMPLE_REPORT } from "./sample-report.js";

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
  it("labels stderr as what failed a check that forbids it, never as not graded", () => {
    const task = { task: "task3", title: "Serve", status: "fail" as const, score: 4, maxScore: 5, stderr: "debug\n",
      checks: [{ name: "t3_no_stderr", kind: "output", title: "serve prints nothing on stderr", status: "fail" as const }] };
    const text = renderPretty({ ...SAMPLE_REPORT, tasks: [task] }, false);
    expect(text).toContain("  stderr (what t3_no_stderr failed on):\n    │ debug\n");
    expect(text).not.toContain("not graded");
  });

  it("says why a task did not run, lists what was skipped, and shows stderr without failing it", () => {
    expect(text).toContain("Task 1 · Convert a tool definition  FAIL · evidence 1/2 · 1 of 3 checks failed: t1_keys\n");
    expect(text).toContain("Task 2 · Answer  ERROR · did not run · evidence 0/1\n  ! It threw.\n  - skipped: t2_responses\n  stderr (shown, not graded):\n    │ warning\n");
  });
  it("ends with the closing count and no colour codes", () => {
    expect(text.trimEnd().split("\n").slice(-2)).toEqual(["1 task did not run to the end: task2", "2 passed, 1 failed, 1 skipped"]);
    expect(text).not.toMatch(/\u001b/);
  });
});

describe("renderPretty on a hostile submission", () => {
  for (const color of [false, true]) {
    it(`escapes its controls and defuses its CI commands${color ? ", colour on" : ""}`, () => {
      const out = renderPretty(hostileReport(), color);
      expect(terminalHazards(out)).toEqual([]);
      expect(runnerCommands(out)).toEqual([]);
      expect(out).toContain("\\x1b]8;;http://x\\x07click\\x1b]8;;\\x07\\r::error::forged");
      expect(out).toContain("\\x3a:add-mask::secret");
      expect(out).toContain("looks fine\\u202e\\u2066txt.exe\\u2069");
      // The submission's name and an evidence value stay on their line.
      expect(out.split("\n")[0]).toContain("students/\\x1b]8;;");
      expect(out).toMatch(/t1_keys:(\u001b\[\d+m)* \\x1b\]8;;.*\\nclear\\x1b\[2J/);
    });
  }

  it("shows normal text, emoji and its marks unchanged", () => {
    const out = renderPretty(hostileReport(NORMAL), false);
    expect(out).toContain(`  ✗ t1_keys: ${NORMAL}\n`);
    expect(out).toContain(`      ${NORMAL}\n`);
    expect(out).toContain("students/" + NORMAL + "/");
  });

  it("escapes a hostile evidence file in grade check's report", () => {
    const file: FileCheckReport = {
      version: 1, file: HOSTILE, status: "fail", score: 0, maxScore: 17, problems: [{ line: 1, message: HOSTILE }],
      tasks: hostileReport().tasks, code: { compared: false, reason: HOSTILE },
    };
    const out = renderPrettyFileCheck(file, true);
    expect(terminalHazards(out)).toEqual([]);
    expect(runnerCommands(out)).toEqual([]);
  });
});

describe("student text in the pretty report", () => {
  it("cannot stand on a line of its own: no pass mark, no closing count, no CI command at a line start", () => {
    const forged = "Task 1 · x  PASS 3/3\n  ✓ t1_keys: a\n17 passed, 0 failed\n::notice::pass";
    const report: Report = {
      version: 1, submission: "s", status: "error", score: 0, maxScore: 1, evidence: {},
      tasks: [{ task: "task1", title: "T", status: "error", score: 0, maxScore: 1, message: `toMcp threw Error: ${forged}`, stderr: forged,
        checks: [{ name: "b", kind: "behaviour", title: "B", status: "fail", message: forged, expected: forged, actual: forged }] }],
    };
    const lines = renderPretty(report, false).split("\n");
    expect(lines.filter((l) => /^\s*✓/.test(l))).toEqual([]);
    expect(lines.filter((l) => /^\s*\d+ passed, \d+ failed/.test(l))).toEqual(["0 passed, 1 failed"]);
    expect(lines.filter((l) => /^\s*::/.test(l))).toEqual([]);
  });
});
