// Fixture submissions for the student commands' tests (and the type check's): a copy of
// solutions/ in a fresh temporary folder, with some files replaced, either from a folder under
// test/fixtures/type-errors/ (which holds only the files that differ) or inline.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { overlay } from "../overlay.js";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");
export const FIXTURES = path.join(ROOT, "test", "fixtures", "type-errors");

export const starter = (file: string): string => readFileSync(path.join(ROOT, "tasks", file), "utf8");
export const solution = (file: string): string => readFileSync(path.join(ROOT, "solutions", file), "utf8");

/** A temporary working directory holding `sub/`, the submission. Returns the working directory. */
export function makeSubmission(options: { fixture?: string; files?: Record<string, string> } = {}): { cwd: string; dir: string; abs: string } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-student-"));
  const from = options.fixture ? path.join(FIXTURES, options.fixture) : undefined;
  if (from && !existsSync(from)) throw new Error(`no fixture ${options.fixture}`);
  const abs = overlay(path.join(cwd, "sub"), from);
  for (const [f, text] of Object.entries(options.files ?? {})) writeFileSync(path.join(abs, f), text);
  return { cwd, dir: "sub", abs };
}
