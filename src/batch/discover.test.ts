import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { hashSubmission } from "./discover.js";

describe("a submission's hash", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "grade-hash-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("covers what the grader reads and nothing else: a huge file under .git and a FIFO are never opened", () => {
    const student = path.join(dir, "s1");
    mkdirSync(path.join(student, ".git"), { recursive: true });
    writeFileSync(path.join(student, "task1.ts"), "export const a = 1;\n");
    const before = hashSubmission(student);
    // 640 MiB, sparse: read whole, it took a batch to 708 MB; a FIFO would block a read for ever.
    writeFileSync(path.join(student, ".git", "pack.bin"), "");
    truncateSync(path.join(student, ".git", "pack.bin"), 640 * 1024 * 1024);
    execFileSync("mkfifo", [path.join(student, ".git", "fifo"), path.join(student, "notes.fifo")]);
    writeFileSync(path.join(student, "README.md"), "notes");
    expect(hashSubmission(student)).toBe(before);
    writeFileSync(path.join(student, "task1.ts"), "export const a = 2;\n");
    expect(hashSubmission(student)).not.toBe(before);
  });
});
