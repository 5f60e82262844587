// Builds a class folder for batch tests: one subfolder per student, each a copy of solutions/
// with a fixture's files laid over it (test/fixtures/issue4/<name>/), plus "correct" (the
// solutions as they are) and "empty" (nothing at all).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const FIXTURES = path.join(ROOT, "test", "fixtures", "issue4");

export function makeClass(names: readonly string[], into = mkdtempSync(path.join(os.tmpdir(), "grade-class-"))): string {
  for (const name of names) {
    const dir = path.join(into, name);
    mkdirSync(dir, { recursive: true });
    if (name === "empty") continue;
    for (const file of readdirSync(path.join(ROOT, "solutions"))) cpSync(path.join(ROOT, "solutions", file), path.join(dir, file));
    const overlay = path.join(FIXTURES, name);
    if (existsSync(overlay)) cpSync(overlay, dir, { recursive: true });
  }
  return into;
}
