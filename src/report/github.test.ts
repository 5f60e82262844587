import { describe, expect, it } from "vitest";
import { renderGithub, renderGithubSummary } from "./github.js";
import { HOSTILE, NORMAL, hostileReport, runnerCommands, terminalHazards } from "./hostile.js";
import { SAMPLE_REPORT } from "./sample-report.js";
import { escapeControls } from "./sanitize.js";

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

  it("names files from the repository's root it is given, and matches their lines as the messages name them", () => {
    const rooted = renderGithub([SAMPLE_REPORT], { root: "class/2025" }).split("\n").filter((l) => l.startsWith("::error "));
    expect(rooted[1]).toMatch(/^::error file=class\/2025\/students\/ann\/task1\.ts,line=7,/);
    expect(rooted[3]).toMatch(/^::error file=class\/2025\/students\/ann\/task2\.ts,line=12,title=task2 did not run::/);
  });

  it("gives an error, not only a notice, for a task that was never written", () => {
    const starter = { ...SAMPLE_REPORT, submission: ".", tasks: [{ task: "task3" as const, title: "t", status: "fail" as const, score: 0, maxScore: 5, message: "serve in task3.ts is not written yet: replace the TODO in it with your code.", checks: [] }] };
    expect(renderGithub([starter])).toMatch(/^::error file=task3\.ts,line=1,title=task3 is not written yet::serve in task3\.ts is not written yet/);
  });

  it("escapes %, CR and LF so a message cannot start a command of its own", () => {
    expect(lines.every((l) => l.startsWith("::"))).toBe(true);
    expect(lines[0]).toContain("100%25 done:%0Asecond line");
  });

  it("ends with a notice and summarises in Markdown", () => {
    expect(lines.at(-1)).toBe("::notice title=grade::students/ann: 2/12 (error)");
    const md = renderGithubSummary([SAMPLE_REPORT]);
    expect(md).toContain("| task1 | fail | 2/3 | t1_name_description_unchanged: a &lt;tag&gt; &amp; \"quotes\", 100% done: second line\\\\x01 |");
    expect(md).toContain("| task2 | error | 0/9 | handle threw TypeError: x \\(at students\\/ann\\/task2\\.ts:12:5\\)\\. |");
  });
});

describe("github reporter on a hostile submission", () => {
  const report = hostileReport();
  const out = renderGithub([report]);

  it("gives only its own commands, one per line, each carrying the whole text", () => {
    const commands = runnerCommands(out);
    expect(commands.map((c) => c.name)).toEqual(["error", "error", "error", "notice"]);
    expect(out.trimEnd().split("\n")).toHaveLength(commands.length);
    const visible = escapeControls(HOSTILE, "\n\t");
    expect(commands[0]!.properties).toEqual({ file: `students/${visible}/task1.ts`, line: "1", title: "t1_keys: keys" });
    expect(commands[0]!.data).toBe(`${visible}\nexpected: description,inputSchema,name\nactual: ${visible}`);
    expect(commands[2]!.properties).toEqual({ file: `students/${visible}/task2.ts`, line: "1", title: "task2 did not run" });
    expect(commands[2]!.data).toBe(visible);
    expect(terminalHazards(out)).toEqual([]);
  });

  it("keeps normal text as it is in an annotation", () => {
    expect(runnerCommands(renderGithub([hostileReport(NORMAL)]))[2]!.data).toBe(NORMAL);
  });

  const tableRows = (md: string): string[] => md.split("\n").filter((l) => l.startsWith("|"));
  const unescapedPipes = (row: string): number => row.match(/(?<!\\)(?:\\\\)*\|/g)?.length ?? 0;

  it("writes a step summary with no tag, link, image or broken table", () => {
    for (const md of [renderGithubSummary([report]), renderGithubSummary([report, hostileReport("=x | y")])]) {
      expect(md.replace(/<!---->/g, "")).not.toMatch(/[<>]/);
      expect(md).not.toMatch(/(^|[^\\])(\\\\)*[[\]`]/m);
      const rows = tableRows(md);
      for (const row of rows) expect(unescapedPipes(row)).toBe(unescapedPipes(rows[0]!));
      expect(terminalHazards(md)).toEqual([]);
    }
  });

  it("keeps letters and emoji as they are in the summary", () => {
    expect(renderGithubSummary([hostileReport(NORMAL)])).toContain(`| task1 | fail | 1/3 | t1_keys: ${NORMAL} |`);
  });
});
