// A few real runs of the CLI for the student commands (quiz, hint, status, init): exit codes,
// stdout, and a clean stderr.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSubmission, ROOT, starter } from "./submission.js";

const BIN = path.join(ROOT, "bin", "grade.js");
const KEY = path.join(ROOT, "solutions", "quiz-key.txt");

function grade(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", GRADE_QUIZ_KEY: "", ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("grade quiz", () => {
  it("without the key: checks 1-8's format, marks 9-10, exit 0 when nothing is wrong", () => {
    const { cwd } = makeSubmission();
    mkdirSync(path.join(cwd, "evidence"));
    writeFileSync(path.join(cwd, "evidence", "quiz-answers.txt"), readFileSync(KEY, "utf8"));
    const r = grade(cwd, ["quiz"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout).toContain("grade quiz evidence/quiz-answers.txt · 2 of 2 marked answers right (without the key only questions 9 and 10 are marked)");
    expect(r.stdout.trimEnd().split("\n").at(-1)).toBe("2 of 2 marked answers right");
    expect(r.stdout).toContain("8 answers have the right format; their marks need the key");
  });

  it("with the key from --key or GRADE_QUIZ_KEY: marks all ten, exit 1 on a wrong answer", () => {
    const { cwd } = makeSubmission();
    writeFileSync(path.join(cwd, "answers.txt"), readFileSync(KEY, "utf8").replace(/^q8: .*$/m, "q8: D"));
    const withFlag = grade(cwd, ["quiz", "answers.txt", "--key", KEY]);
    expect(withFlag).toMatchObject({ code: 1, stderr: "" });
    expect(withFlag.stdout.split("\n")[0]).toContain("· 9 of 10 marked answers right");
    expect(withFlag.stdout.trimEnd().split("\n").at(-1)).toBe("9 of 10 marked answers right");
    expect(withFlag.stdout).toContain("✗ q8: D");
    const json = JSON.parse(grade(cwd, ["quiz", "answers.txt", "--reporter", "json"], { GRADE_QUIZ_KEY: KEY }).stdout);
    expect(json).toMatchObject({ version: 1, keyUsed: true, score: 9, maxScore: 10, keySource: `GRADE_QUIZ_KEY=${KEY}` });
  });

  it("exit 2 with a clear paragraph for a missing answers file or a broken key", () => {
    const { cwd } = makeSubmission();
    const missing = grade(cwd, ["quiz"]);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(missing.stderr).toMatch(/^grade: There is no answers file at evidence\/quiz-answers\.txt\. Write your answers there/);
    writeFileSync(path.join(cwd, "a.txt"), "q1: A\n");
    writeFileSync(path.join(cwd, "key.txt"), "q1: A\n");
    const broken = grade(cwd, ["quiz", "a.txt", "--key", "key.txt"]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("is not a complete key: q2 has no answer");
  });
});

describe("grade hint, status and init", () => {
  it("hint shows the levels in order and names the part of the chapter", () => {
    const { cwd } = makeSubmission({ files: { "task3.ts": starter("task3.ts") } });
    const first = grade(cwd, ["hint", "task3", "--dir", "sub"]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toMatch(/^Hint 1 of 5 · Task 3 · Serve lines, keep the output clean\n/);
    expect(first.stdout).toContain("Reread: The failure, before the explanation");
    expect(grade(cwd, ["hint", "3", "--dir", "sub"]).stdout).toMatch(/^Hint 2 of 5/);
    const bad = grade(cwd, ["hint", "task4"]);
    expect(bad).toMatchObject({ code: 2, stdout: "" });
    expect(bad.stderr).toContain("\"task4\" is not a task");
  });

  it("status remembers progress across runs, including plain grade runs", () => {
    const sub = makeSubmission({ files: { "task3.ts": starter("task3.ts") } });
    const first = grade(sub.cwd, ["status", "--dir", "sub", "--no-typecheck", "--no-behaviour"]);
    expect(first).toMatchObject({ code: 1, stderr: "" });
    expect(first.stdout).toContain("score 12/17 · 12/17 evidence lines right · 2 of 3 tasks done");
    expect(first.stdout).toMatch(/- Task 3 · .*not started {2}evidence 0\/5/);
    expect(first.stdout).toContain("Progress is remembered in .grade/progress/sub.json.");
    writeFileSync(path.join(sub.abs, "task3.ts"), readFileSync(path.join(ROOT, "solutions", "task3.ts"), "utf8"));
    expect(grade(sub.cwd, ["--dir", "sub", "--no-typecheck", "--no-behaviour"]).code).toBe(0);
    const again = grade(sub.cwd, ["status", "--dir", "sub", "--no-typecheck", "--no-behaviour"]);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain("was 0/5");
    expect(existsSync(path.join(sub.abs, ".grade-progress.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(sub.cwd, ".grade", "progress", "sub.json"), "utf8")).tasks.task3).toMatchObject({ status: "pass", score: 5 });
    expect(readFileSync(path.join(sub.cwd, "evidence", "sub", "chapter2-evidence.txt"), "utf8")).not.toContain("pass");
  });

  it("init makes a submission that grades as not written yet, and refuses to overwrite it (exit 2)", () => {
    const { cwd } = makeSubmission();
    const made = grade(cwd, ["init", "fresh"]);
    expect(made).toMatchObject({ code: 0, stderr: "" });
    expect(existsSync(path.join(cwd, "fresh", "task2.ts"))).toBe(true);
    const graded = grade(cwd, ["--dir", "fresh", "--no-typecheck", "--no-behaviour"]);
    expect(graded.code).toBe(1);
    expect(graded.stdout).toContain("toMcp in fresh/task1.ts is not written yet");
    const again = grade(cwd, ["init", "fresh"]);
    expect(again).toMatchObject({ code: 2, stdout: "" });
    expect(again.stderr).toContain("never overwrites");
  });
});
