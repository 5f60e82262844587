import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { distStudent, INSTRUCTOR_MODULES, PRACTICE_DATA_PATH } from "./dist.js";
import { EDITION_FILES } from "./edition.js";
import { findLeaks } from "./leaks.js";

const root = path.join(import.meta.dirname, "..", "..", "..");
const read = (f: string): string => readFileSync(path.join(root, f), "utf8");

describe("distStudent", () => {
  it("writes the student edition: no solutions, no key, no grader tests; every starter fails; nothing leaked", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-dist-"));
    const report = await distStudent({ root, cwd, out: "edition" });
    expect(report.items.filter((i) => !i.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    const out = path.join(cwd, "edition");
    expect(existsSync(path.join(out, "solutions"))).toBe(false);
    expect(existsSync(path.join(out, "tasks", "task2.ts"))).toBe(true);
    expect(existsSync(path.join(out, "tasks", "quiz.md"))).toBe(true);
    expect(existsSync(path.join(out, "src", "cli", "main.ts"))).toBe(true);
    expect(existsSync(path.join(out, "src", "quiz", "mark.test.ts"))).toBe(false);
    expect(report.excluded.map((e) => e.file)).toContain("solutions/quiz-key.txt");
    expect(report.items.map((i) => i.name)).toContain("tasks/task3.ts fails as shipped");
    // The grader's source is checked too: only the files that must share a line are notes.
    expect(report.notes.every((n) => n.startsWith("src/sandbox/live-connection.ts "))).toBe(true);
    // No executable model: its answers ship as data, and the edition's key reads them.
    for (const { file } of INSTRUCTOR_MODULES) expect(existsSync(path.join(out, file)), file).toBe(false);
    expect(readFileSync(path.join(out, "courses/mcp-ch2/behaviour/key.ts"), "utf8")).toBe(EDITION_FILES["courses/mcp-ch2/behaviour/key.ts"]);
    expect(EDITION_FILES["courses/mcp-ch2/behaviour/key.ts"]).toContain("new URL(`./${PRACTICE_DATA_FILE}`, import.meta.url)");
    expect(JSON.parse(readFileSync(path.join(out, PRACTICE_DATA_PATH), "utf8")).sets).toHaveLength(3);
    const pkg = JSON.parse(readFileSync(path.join(out, "package.json"), "utf8"));
    expect(pkg.scripts.test).toBe("node .ci/tasks.mjs");
    expect(Object.keys(pkg.scripts)).not.toContain("bench");
    const readme = readFileSync(path.join(out, "README.md"), "utf8");
    expect(readme).toContain("npm ci && npx grade      # install, then grade your three tasks in tasks/");
    expect(readme).not.toMatch(/solutions\/|--dir solutions|authors-only|grade dist|grade dev/);
  });

  it("refuses a folder that is not empty", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-dist-"));
    mkdirSync(path.join(cwd, "edition"));
    writeFileSync(path.join(cwd, "edition", "keep.txt"), "");
    await expect(distStudent({ root, cwd, out: "edition" })).rejects.toThrow(/not an empty folder; grade dist never overwrites/);
  });
});

describe("findLeaks", () => {
  const secrets = {
    solutions: ["task1.ts", "task2.ts", "task3.ts"].map((f) => read(`solutions/${f}`)),
    starters: ["task1.ts", "task2.ts", "task3.ts"].map((f) => read(`tasks/${f}`)),
    key: read("solutions/quiz-key.txt"),
  };

  it("finds a line of a solution copied into a shipped file, and the key's answers", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "grade-leak-"));
    writeFileSync(path.join(dir, "notes.md"), "Tip:\n    if (Array.isArray(value)) return `[${value.map(dumps).join(\",\")}]`;\n");
    writeFileSync(path.join(dir, "answers.txt"), secrets.key);
    writeFileSync(path.join(dir, "clean.ts"), read("tasks/task3.ts"));
    const leaks = findLeaks(dir, ["notes.md", "answers.txt", "clean.ts"], secrets);
    expect(leaks).toHaveLength(2);
    expect(leaks[0]).toContain("notes.md contains the solution line");
    expect(leaks[1]).toBe("answers.txt contains the quiz key's answers");
  });

  it("does not count the starters, nor an example answer line, as a leak", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "grade-leak-"));
    writeFileSync(path.join(dir, "quiz.md"), read("tasks/quiz.md"));
    writeFileSync(path.join(dir, "task2.ts"), read("tasks/task2.ts"));
    expect(findLeaks(dir, ["quiz.md", "task2.ts"], secrets)).toEqual([]);
  });
});
