import { describe, expect, it } from "vitest";
import { renderGithub, renderGithubSummary } from "./github.js";
import { SAMPLE_REPORT } from "./sample-report.js";

describe("github reporter", () => {
  const lines = renderGithub([SAMPLE_REPORT]).trimEnd().split("\n");

  it("annotates the task file of each failing check, one command per line", () => {
    const errors = lines.filter((l) => l.startsWith("::error "));
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^::error file=students\/ann\/task1\.ts,line=1,title=t1_name_description_unchanged%3A The name & description::/);
    // a location in the message becomes the annotation's line
    expect(errors[1]).toMatch(/^::error file=students\/ann\/task1\.ts,line=7,/);
    expect(errors[3]).toMatch(/^::error file=students\/ann\/task2\.ts,line=12,title=task2 did not run::/);
  });

  it("escapes %, CR and LF so a message cannot start a command of its own", () => {
    expect(lines.every((l) => l.startsWith("::"))).toBe(true);
    expect(lines[0]).toContain("100%25 done:%0Asecond line");
  });

  it("ends with a notice and summarises in Markdown", () => {
    expect(lines.at(-1)).toBe("::notice title=grade::students/ann: 2/12 (error)");
    const md = renderGithubSummary([SAMPLE_REPORT]);
    expect(md).toContain("| task1 | fail | 2/3 | t1_name_description_unchanged:");
    expect(md).toContain("| task2 | error | 0/9 | handle threw");
  });
});
