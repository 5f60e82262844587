// End-to-end: the CI reporters as a workflow runs them, with their side effects.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { makeSubmission, runCli, tempDir } from "./cli.js";

describe.concurrent("CI reporters from the real CLI", () => {
  it("github: annotations on stdout, and the Markdown summary appended to $GITHUB_STEP_SUMMARY", async () => {
    const base = tempDir();
    const dir = makeSubmission("unknown-tool-32601", base);
    const summary = path.join(base, "summary.md");
    writeFileSync(summary, "earlier step\n");
    const result = await runCli(["--dir", dir, "--evidence", path.join(base, "e.txt"), "--reporter", "github", "--reporter", `junit=${path.join(base, "junit.xml")}`], { cwd: base, env: { GITHUB_STEP_SUMMARY: summary } });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^::error file=unknown-tool-32601\/task2\.ts,line=1,title=t2_id4_error%3A /m);
    expect(result.stdout.trimEnd().split("\n").at(-1)).toBe("::notice title=grade::unknown-tool-32601: 16/17 (fail)");
    const markdown = readFileSync(summary, "utf8");
    expect(markdown.startsWith("earlier step\n## grade\n")).toBe(true);
    expect(markdown).toContain("| task2 | fail | 8/9 | t2_id4_error:");
    expect(XMLValidator.validate(readFileSync(path.join(base, "junit.xml"), "utf8"))).toBe(true);
  });

  it("gradescope: results.json with tests, and kinds hidden until published when asked", async () => {
    const base = tempDir();
    const dir = makeSubmission(undefined, base);
    const result = await runCli(["--dir", dir, "--evidence", path.join(base, "e.txt"), "--reporter", "gradescope", "--gradescope-hide", "output"], { cwd: base });
    expect(result.code).toBe(0);
    const data = JSON.parse(result.stdout) as { score: number; max_score: number; tests: { visibility: string; name: string }[] };
    expect([data.score, data.max_score]).toEqual([17, 17]);
    expect(data.tests.filter((t) => t.visibility === "after_published").map((t) => t.name.split(" ")[2])).toEqual(["t1_json_data:", "t1_no_stdout:", "t2_json_data:", "t2_no_stdout:", "t3_json_data:", "t3_no_stdout:", "t3_no_stderr:"]);
  });
});
