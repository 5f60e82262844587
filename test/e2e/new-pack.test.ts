// Adding a pack touches no engine file: a copy of the repository (the files git tracks, its
// packages linked) gets a new pack written only under courses/, starters/, tasks/ and solutions/,
// and the real CLI lints it, grades its starter and its solution, and batches a class of it.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..", "..");
let copy = "";
const cli = (args: string[], timeout = 120_000) => spawnSync(process.execPath, [path.join(copy, "bin", "grade.js"), ...args], { cwd: copy, encoding: "utf8", timeout });

// The new pack is the shipped example (courses/shout/ and its starters/, tasks/ and solutions/
// folders) copied under another id, as docs/authoring.md tells a course author to start.
const NEW = "yell";
const FOLDERS = ["courses", "starters", "tasks", "solutions"];
const renamed = (text: string): string => text.replaceAll("shout", NEW);

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), "grade-new-pack-"));
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter((f) => f !== "");
  for (const f of files) {
    try { cpSync(path.join(root, f), path.join(copy, f)); } catch { /* a file deleted in this checkout, not yet committed */ }
  }
  mkdirSync(path.join(copy, "node_modules"));
  for (const name of readdirSync(path.join(root, "node_modules"))) {
    if (name !== ".cache") symlinkSync(path.join(root, "node_modules", name), path.join(copy, "node_modules", name));
  }
  const before = execFileSync("bash", ["-c", "find src bin -type f | sort | xargs sha1sum"], { cwd: copy, encoding: "utf8" });
  for (const top of FOLDERS) {
    mkdirSync(path.join(copy, top, NEW), { recursive: true });
    for (const file of readdirSync(path.join(root, top, "shout"))) writeFileSync(path.join(copy, top, NEW, file), renamed(readFileSync(path.join(root, top, "shout", file), "utf8")));
  }
  const after = execFileSync("bash", ["-c", "find src bin -type f | sort | xargs sha1sum"], { cwd: copy, encoding: "utf8" });
  expect(after).toBe(before);
}, 120_000);

describe("a new pack, the example copied under another id", () => {
  it("is linted by grade dev check: its starter fails as shipped, its solution passes every check", () => {
    // Only the new pack: test/e2e/cli.test.ts lints every pack (minutes on a busy machine).
    const run = cli(["dev", "check", "--pack", NEW, "--no-color"], 900_000);
    const lines = run.stdout.split("\n").filter((l) => l.includes(NEW));
    expect(lines.join("\n"), run.stdout + run.stderr).toMatch(/✓ yell: format 1, 1 tasks, 1 evidence lines/);
    expect(lines).toContain("✓ starters/yell/task1.ts fails as shipped — reports \"not written yet\"");
    expect(lines.some((l) => l.startsWith("✓ solutions/yell/task1.ts passes every check"))).toBe(true);
  }, 900_000);

  it("is graded by --pack and by its folder's name, its evidence in the pack's own file", () => {
    const solved = cli(["--dir", "solutions/yell", "--reporter", "json"]);
    expect(solved.status, solved.stderr).toBe(0);
    const report = JSON.parse(solved.stdout) as { pack: string; score: number; maxScore: number; evidence: Record<string, string> };
    expect(report).toMatchObject({ pack: "yell", score: 1, maxScore: 1, evidence: { t1_yell: "HI!" } });
    expect(readFileSync(path.join(copy, "evidence", "solutions", "yell", "yell-evidence.txt"), "utf8")).toBe("t1_yell: HI!\n");
    const starter = cli(["--pack", "yell", "--no-color"]);
    expect(starter.status).toBe(1);
    expect(starter.stdout).toMatch(/not written yet/);
    const hint = cli(["hint", "task1", "--pack", "yell"]);
    expect(hint.stdout).toMatch(/toUpperCase/);
  });

  it("is batched: a class of it gets rows, its task column and its pack", () => {
    for (const [id, body] of [["ann", "return `${text.toUpperCase()}!`;"], ["bob", "return text;"]] as const) {
      mkdirSync(path.join(copy, "class", id), { recursive: true });
      writeFileSync(path.join(copy, "class", id, "task1.ts"), `export function yell(text: string): string { ${body} }\n`);
    }
    const run = cli(["batch", "class", "--pack", "yell", "--out", "out"]);
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(path.join(copy, "out", "grades.csv"), "utf8").split("\r\n").slice(0, 3)).toEqual([
      "id,score,max_score,task1,status,first_failing_check,message,pack",
      "ann,1,1,1,pass,,,yell",
      expect.stringMatching(/^bob,0,1,0,fail,t1_yell,.*,yell$/),
    ]);
  });
});
