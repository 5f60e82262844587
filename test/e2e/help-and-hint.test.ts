// grade help [command], and grade hint with no task, through the real CLI.
import { copyFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "./cli.js";

describe("grade help", () => {
  it("prints the commands, and a command's own help", async () => {
    const all = await runCli(["help"]);
    expect(all).toMatchObject({ code: 0, stderr: "" });
    expect(all.stdout).toMatch(/^Usage: grade \[options\] \[command\] \[tasks\.\.\.\]/);
    const hint = await runCli(["help", "hint"]);
    expect(hint).toMatchObject({ code: 0, stderr: "" });
    expect(hint.stdout).toMatch(/^Usage: grade hint \[options\] \[task\]/);
  });
});

describe("grade hint with no task", () => {
  it("hints at the first task that does not pass", async () => {
    const cwd = tempDir("grade-hint-");
    expect((await runCli(["init", "my-work"], { cwd })).code).toBe(0);
    const first = await runCli(["hint", "--dir", "my-work"], { cwd });
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toMatch(/^Hint 1 of \d+ · Task 1 · /);
    copyFileSync(path.join(ROOT, "solutions", "task1.ts"), path.join(cwd, "my-work", "task1.ts"));
    const second = await runCli(["hint", "--dir", "my-work"], { cwd });
    expect(second).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout).toMatch(/^Hint 1 of \d+ · Task 2 · /);
  });
});
