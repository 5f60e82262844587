// The one way tests build a submission folder: a copy of solutions/, the same copy again under
// reference/ (which a fixture imports to change one behaviour and keep the rest), and the
// fixture's own files laid over it. Fixtures hold only the files that differ.
import { cpSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOLUTIONS = path.join(ROOT, "solutions");

/**
 * Fills `dir` (created if needed) with the reference solution and the fixture folder's files;
 * `solutions`: another pack's reference (solutions/mcp-stateless), chapter 2's by default.
 */
export function overlay(dir: string, fixtureDir?: string, solutions = SOLUTIONS): string {
  mkdirSync(path.join(dir, "reference"), { recursive: true });
  // The task files only: the instructor's quiz key stays out of a student's folder.
  for (const file of readdirSync(solutions).filter((f) => f.endsWith(".ts"))) {
    cpSync(path.join(solutions, file), path.join(dir, file));
    cpSync(path.join(solutions, file), path.join(dir, "reference", file));
  }
  if (fixtureDir) cpSync(fixtureDir, dir, { recursive: true });
  return dir;
}
