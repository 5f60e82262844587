// Builds a class folder for batch tests: one subfolder per student, each a copy of solutions/
// with a fixture's files laid over it (test/fixtures/batch-class/<name>/), plus "correct" (the
// solutions as they are) and "empty" (nothing at all).
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { overlay } from "./overlay.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const FIXTURES = path.join(ROOT, "test", "fixtures", "batch-class");

export function makeClass(names: readonly string[], into = mkdtempSync(path.join(os.tmpdir(), "grade-class-"))): string {
  for (const name of names) {
    const dir = path.join(into, name);
    if (name === "empty") mkdirSync(dir, { recursive: true });
    else overlay(dir, existsSync(path.join(FIXTURES, name)) ? path.join(FIXTURES, name) : undefined);
  }
  return into;
}
