import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UserError } from "../cli/errors.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { initSubmission, withDir } from "./init.js";

const root = path.join(import.meta.dirname, "..", "..");

describe("initSubmission", () => {
  it("copies the three starters into a new folder", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-init-"));
    const result = await initSubmission({ root, cwd, pack, dir: "mine" });
    expect(result).toEqual({ dir: "mine", files: ["task1.ts", "task2.ts", "task3.ts"] });
    for (const f of result.files) expect(readFileSync(path.join(cwd, "mine", f), "utf8")).toBe(withDir(readFileSync(path.join(root, "starters", f), "utf8"), "mine"));
    // Only the commands change: each names the new folder.
    expect(readFileSync(path.join(cwd, "mine", "task3.ts"), "utf8")).toContain("`npx grade task3 --dir mine`; `npx grade hint task3 --dir mine` helps");
  });

  it("copies the starters as shipped, not the student's work in tasks/", async () => {
    const course = mkdtempSync(path.join(os.tmpdir(), "grade-init-course-"));
    cpSync(path.join(root, "starters"), path.join(course, "starters"), { recursive: true });
    mkdirSync(path.join(course, "tasks"));
    for (const f of ["task1.ts", "task2.ts", "task3.ts"]) writeFileSync(path.join(course, "tasks", f), "export function toMcp() { return 'my own work'; }\n");
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-init-"));
    await initSubmission({ root: course, cwd, pack, dir: "fresh" });
    for (const f of ["task1.ts", "task2.ts", "task3.ts"]) {
      const text = readFileSync(path.join(cwd, "fresh", f), "utf8");
      expect(text).toBe(withDir(readFileSync(path.join(root, "starters", f), "utf8"), "fresh"));
      expect(text).toContain("notWrittenYet");
    }
  });

  it("refuses to overwrite a starter that is already there, and leaves it as it was", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-init-"));
    mkdirSync(path.join(cwd, "mine"));
    writeFileSync(path.join(cwd, "mine", "task2.ts"), "my work");
    await expect(initSubmission({ root, cwd, pack, dir: "mine" })).rejects.toThrow(UserError);
    await expect(initSubmission({ root, cwd, pack, dir: "mine" })).rejects.toThrow(/already has task2\.ts.*never overwrites/);
    expect(readFileSync(path.join(cwd, "mine", "task2.ts"), "utf8")).toBe("my work");
  });

  it("refuses a path that is a file", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-init-"));
    writeFileSync(path.join(cwd, "afile"), "");
    await expect(initSubmission({ root, cwd, pack, dir: "afile" })).rejects.toThrow(/is a file, not a folder/);
  });
});
