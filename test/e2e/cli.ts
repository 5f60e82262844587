// Helpers for end-to-end runs of the real CLI on fixture submissions.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { overlay } from "../overlay.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SUBMISSIONS = path.join(ROOT, "test", "fixtures", "submissions");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `grade` as a user would, in `cwd`, with colour off unless the test sets it. */
export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, "bin", "grade.js"), ...args], {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...options.env },
      maxBuffer: 64 * 1024 * 1024,
    }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export function tempDir(prefix = "grade-test-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A submission folder: a copy of solutions/ (also kept as reference/, which fixtures import to
 * change one behaviour), with the fixture's files laid over it.
 */
export function makeSubmission(fixture: string | undefined, into = tempDir()): string {
  return overlay(path.join(into, fixture ?? "reference-solution"), fixture ? path.join(SUBMISSIONS, fixture) : undefined);
}
