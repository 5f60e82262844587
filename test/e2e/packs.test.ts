// End-to-end: a second pack through the real CLI, as a student and an instructor use it — init,
// grade, hint, status, watch, check, batch — and the pack chosen by --pack, by a folder's
// grade.json, by a folder named after the pack, or by default.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../src/batch/csv.js";
import { packIds } from "../../src/pack/registry.js";
import { OutputWait } from "../output-wait.js";
import { ROOT, runCli, tempDir } from "./cli.js";

const SOLUTION = path.join(ROOT, "solutions", "mcp-stateless");
const MISTAKES = path.join(ROOT, "test", "fixtures", "mcp-stateless");
const FILES = ["task1.ts", "task2.ts", "task3.ts", "task4.ts"];

interface JsonReport { pack: string; status: string; score: number; maxScore: number; tasks: { task: string; status: string; message?: string; checks: { name: string; status: string }[] }[] }

function solutionCopy(into: string, mistake?: string): string {
  mkdirSync(into, { recursive: true });
  for (const f of FILES) copyFileSync(path.join(SOLUTION, f), path.join(into, f));
  if (mistake) for (const f of readdirSync(path.join(MISTAKES, mistake))) copyFileSync(path.join(MISTAKES, mistake, f), path.join(into, f));
  return into;
}

describe.concurrent("the mcp-stateless pack through the CLI", () => {
  it("grade init --pack makes its starters, names the pack in grade.json, and grade then knows the folder's pack", async () => {
    const cwd = tempDir();
    const init = await runCli(["init", "my-work", "--pack", "mcp-stateless"], { cwd });
    expect(init.code).toBe(0);
    expect(readdirSync(path.join(cwd, "my-work")).sort()).toEqual(["grade.json", ...FILES, "tsconfig.json"].sort());
    expect(JSON.parse(readFileSync(path.join(cwd, "my-work", "grade.json"), "utf8"))).toEqual({ pack: "mcp-stateless" });
    const graded = await runCli(["--dir", "my-work", "--no-live", "--reporter", "json"], { cwd });
    expect(graded.code).toBe(1);
    const report = JSON.parse(graded.stdout) as JsonReport;
    expect(report.pack).toBe("mcp-stateless");
    expect(report.tasks.map((t) => t.task)).toEqual(["task1", "task2", "task3", "task4"]);
    expect(report.tasks.every((t) => /not written yet/.test(t.message ?? ""))).toBe(true);
    expect(readFileSync(path.join(cwd, "evidence", "my-work", "stateless-evidence.txt"), "utf8")).toBe("");
    // The student's next step and a hint, for this pack's tasks.
    const hint = await runCli(["hint", "task2", "--dir", "my-work"], { cwd });
    expect(hint.code).toBe(0);
    expect(hint.stdout).toMatch(/Hint 1 of \d+/);
    const status = await runCli(["status", "--dir", "my-work", "--no-behaviour"], { cwd });
    expect(status.stdout).toMatch(/task1\.ts/);
  });

  it("grades the reference solution: every check passes, the evidence file is the pack's, the first line names the pack", async () => {
    const cwd = tempDir();
    solutionCopy(path.join(cwd, "mcp-stateless"));
    const pretty = await runCli(["--dir", "mcp-stateless", "--seed", "3"], { cwd });
    expect(pretty.stderr).toBe("");
    // What did not pass, when something did not: the report's failing lines.
    expect(pretty.code, pretty.stdout.split("\n").filter((l) => /✗|FAIL|ERROR|skip/.test(l)).join("\n")).toBe(0);
    expect(pretty.stdout.split("\n")[0]).toMatch(/^grade mcp-stateless\/ · mcp-stateless · score (\d+)\/\1 /);
    const evidence = readFileSync(path.join(cwd, "evidence", "mcp-stateless", "stateless-evidence.txt"), "utf8");
    expect(evidence).toMatch(/^t1_/);
    // grade check reads the file back against the pack's rules and the code.
    const check = await runCli(["check", "--dir", "mcp-stateless"], { cwd });
    expect(check.code).toBe(0);
  });

  it("fails a listed mistake on its own check, with the pack named in JSON", async () => {
    const cwd = tempDir();
    solutionCopy(path.join(cwd, "sub"), "remembers-round-one");
    const graded = await runCli(["--pack", "mcp-stateless", "--dir", "sub", "--no-live", "--no-typecheck", "--seed", "3", "--reporter", "json"], { cwd });
    expect(graded.code).toBe(1);
    const report = JSON.parse(graded.stdout) as JsonReport;
    const failing = report.tasks.flatMap((t) => t.checks).filter((c) => c.status === "fail").map((c) => c.name);
    expect(failing).toContain("t2_stateless");
  });

  it("grade batch --pack grades a class: one row each, the pack's four task columns and the pack in grades.csv", async () => {
    const cwd = tempDir();
    solutionCopy(path.join(cwd, "class", "ann"));
    solutionCopy(path.join(cwd, "class", "bob"), "missing-is-error");
    mkdirSync(path.join(cwd, "class", "cy"));
    for (const f of FILES) copyFileSync(path.join(ROOT, "starters", "mcp-stateless", f), path.join(cwd, "class", "cy", f));
    const run = await runCli(["batch", "class", "--pack", "mcp-stateless", "--out", "out"], { cwd });
    expect(run.code).toBe(0);
    const rows = parseCsv(readFileSync(path.join(cwd, "out", "grades.csv"), "utf8"));
    expect(rows[0]).toEqual(["id", "score", "max_score", "task1", "task2", "task3", "task4", "status", "first_failing_check", "message", "pack"]);
    expect(rows.slice(1).map((r) => [r[0], r[7], r.at(-1)])).toEqual([["ann", "pass", "mcp-stateless"], ["bob", "fail", "mcp-stateless"], ["cy", "fail", "mcp-stateless"]]);
    expect(existsSync(path.join(cwd, "out", "evidence", "ann.txt"))).toBe(true);
    const junit = await runCli(["merge", "out", "--out", "merged", "--reporter", "junit"], { cwd });
    expect(junit.stdout).toContain('<property name="pack" value="mcp-stateless"/>');
  });

  it("grade watch regrades the pack's files on save", async () => {
    const cwd = tempDir();
    await runCli(["init", "w", "--pack", "mcp-stateless"], { cwd });
    const child = spawn(process.execPath, [path.join(ROOT, "bin", "grade.js"), "watch", "--dir", "w", "--no-live", "--no-behaviour"], { cwd, env: { ...process.env, NO_COLOR: "1" } });
    const out = new OutputWait(child.stdout);
    try {
      await out.until(/Task 1 ·[^\n]*FAIL/);
      copyFileSync(path.join(SOLUTION, "task1.ts"), path.join(cwd, "w", "task1.ts"));
      await out.until(/Task 1 ·[^\n]*PASS/);
    } finally {
      child.kill();
    }
  });

  it("refuses an unknown pack, a malformed grade.json and a task the pack lacks, each in one paragraph", async () => {
    const cwd = tempDir();
    const unknown = await runCli(["--pack", "nope"], { cwd });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`There is no pack "nope". The packs here are ${packIds().join(", ")} (folders under courses/)`);
    mkdirSync(path.join(cwd, "bad"));
    writeFileSync(path.join(cwd, "bad", "grade.json"), "{ not json");
    const bad = await runCli(["--dir", "bad"], { cwd });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/grade\.json in bad does not name a pack/);
    const task = await runCli(["task5", "--pack", "mcp-stateless"], { cwd });
    expect(task.code).toBe(2);
    expect(task.stderr).toMatch(/"task5" is not a task\. Name one or more of task1, task2, task3, task4/);
    for (const r of [unknown, bad, task]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
