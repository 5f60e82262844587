import { describe, expect, it } from "vitest";
import { renderGithub, renderGithubSummary } from "./github.js";
import type { Report } from "./types.js";
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

describe("github annotations within GitHub's limits", () => {
  const failing = (id: string, n: number): Report => ({
    version: 1, submission: id, status: "fail", score: 0, maxScore: n, evidence: {},
    tasks: [{ task: "task1", title: "t", status: "fail", score: 0, maxScore: n, checks: Array.from({ length: n }, (_, i) => ({ name: `c${i + 1}`, kind: "evidence", title: `check ${i + 1}`, status: "fail" as const })) }],
  });
  const errors = (out: string): string[] => out.split("\n").filter((l) => l.startsWith("::error "));

  it("annotates at most 10 problems of one student, the rest counted in the notice and the step summary", () => {
    const out = renderGithub([failing("ann", 12)]);
    expect(errors(out)).toHaveLength(10);
    expect(out).toMatch(/::notice title=grade::ann: 0\/12 \(fail\); 2 more problems not annotated \(GitHub shows 10 per step\)/);
    expect(renderGithubSummary([failing("ann", 12)])).toContain("12 problems: the first 10 are annotated on the files (GitHub shows 10 error annotations per step), the other 2 are not");
  });

  it("reaches every student's first problem before anyone's second", () => {
    const class_ = Array.from({ length: 34 }, (_, i) => failing(`s${String(i).padStart(2, "0")}`, 2));
    const out = errors(renderGithub(class_));
    expect(out).toHaveLength(10);
    expect(out.every((l) => l.includes("title=c1%3A check 1"))).toBe(true);
    expect(new Set(out.map((l) => /file=(s\d+)\//.exec(l)![1])).size).toBe(10);
    expect(renderGithubSummary(class_)).toContain("68 problems: the first 10 are annotated");
  });

  it("says nothing of a limit when every problem is annotated", () => {
    expect(renderGithub([failing("ann", 3)])).toMatch(/::notice title=grade::ann: 0\/3 \(fail\)\n$/);
    expect(renderGithubSummary([failing("ann", 3)])).not.toContain("annotated");
  });
});
