// A fixture submission is a folder holding only the files that differ from solutions/: this
// copies solutions/ to a fresh temporary folder and lays the fixture's files over it.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { overlay } from "../overlay.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = path.join(ROOT, "test", "fixtures", "beyond-evidence");

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES).sort();
}

export function overlaySubmission(name: string | undefined): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `grade-beyond-evidence-${name ?? "solutions"}-`));
  overlay(dir, name ? path.join(FIXTURES, name) : undefined);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
