import { describe, expect, it } from "vitest";
import { summarise } from "../batch/summary.js";
import { renderBatchSummary, renderProgress } from "./batch-summary.js";
import { HOSTILE, NORMAL, runnerCommands, terminalHazards } from "./hostile.js";
import { SAMPLE_REPORT } from "./sample-report.js";
import { REPORT_VERSION, type Report } from "./types.js";

const passing: Report = { version: REPORT_VERSION, submission: "bob", status: "pass", score: 12, maxScore: 12, evidence: {}, tasks: [] };

describe("batch summary", () => {
  const summary = summarise([SAMPLE_REPORT, passing, { ...passing, submission: "cy" }]);

  it("counts statuses, builds the score histogram and ranks the failed checks", () => {
    expect(summary).toMatchObject({ total: 3, passed: 2, failed: 0, errored: 1, maxScore: 12 });
    expect(summary.histogram[12]).toBe(2);
    expect(summary.histogram[2]).toBe(1);
    expect(summary.mostFailed.map((f) => f.check)).toEqual(["t1_name_description_unchanged", "t1_no_stdout", "t1_shape"]);
  });

  it("renders without colour codes when asked for none", () => {
    const text = renderBatchSummary({ summary, graded: 3, skipped: 0, durationMs: 1500, out: "results", broken: [] }, false);
    expect(text).toMatch(/^grade batch · 3 submissions: 2 passed, 0 failed, 1 errored\n3 graded in 1\.5 s at 2\.0\/s/);
    expect(text).toContain("  12/12 ██████████████████████████████ 2");
    expect(text).not.toMatch(/\u001b\[/);
  });

  it("escapes a hostile folder name, check name and grader error, and lets no CI command through", () => {
    const hostile = { ...summary, mostFailed: [{ check: HOSTILE, count: 1 }] };
    for (const color of [false, true]) {
      const text = renderBatchSummary({ summary: hostile, graded: 3, skipped: 0, durationMs: 1, out: HOSTILE, broken: [{ id: HOSTILE, error: HOSTILE }] }, color);
      expect(terminalHazards(text)).toEqual([]);
      expect(runnerCommands(text)).toEqual([]);
    }
    const plain = renderBatchSummary({ summary, graded: 3, skipped: 0, durationMs: 1, broken: [{ id: NORMAL, error: NORMAL }] }, false);
    expect(plain).toContain(`  ${NORMAL}: ${NORMAL}\n`);
  });

  it("shows done/total, the rate and the time left on one line", () => {
    expect(renderProgress({ done: 50, total: 200, startedAt: 0 }, 10_000)).toBe(`\r[${"#".repeat(8)}${"-".repeat(22)}] 50/200  5.0/s  ETA 30s  `);
  });
});
