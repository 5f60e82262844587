// Where each submission's files of grade's own live, keyed by the submission: its evidence file
// (tasks/ keeps evidence/chapter2-evidence.txt; another folder gets evidence/<key>/) and its
// progress (.grade/progress/<key>.json). Nothing is written into the submission folder itself.
import { createHash } from "node:crypto";
import path from "node:path";
import { DEFAULT_EVIDENCE_FILE } from "./file.js";

export const DEFAULT_SUBMISSION = "tasks";
export const EVIDENCE_FILE_NAME = path.posix.basename(DEFAULT_EVIDENCE_FILE);
const EVIDENCE_DIR = path.posix.dirname(DEFAULT_EVIDENCE_FILE);

const posix = (p: string): string => p.split(path.sep).join("/");

/** Whether `dir` names the course's own tasks/ folder, seen from `cwd`. */
export function isDefaultSubmission(cwd: string, dir: string): boolean {
  return path.resolve(cwd, dir) === path.resolve(cwd, DEFAULT_SUBMISSION);
}

/**
 * The submission's key: its path below the working directory (`my-work`, `class/alice`), or, for
 * a folder outside it (or the working directory itself), its name and a hash of its absolute path.
 */
export function submissionKey(cwd: string, dir: string): string {
  const abs = path.resolve(cwd, dir);
  const rel = posix(path.relative(cwd, abs));
  if (rel !== "" && !rel.startsWith("../") && rel !== ".." && !path.isAbsolute(rel)) return rel;
  const name = path.basename(abs).replace(/[^\w.-]+/g, "_").replace(/^\.+/, "") || "root";
  return `${name}-${createHash("sha256").update(abs).digest("hex").slice(0, 8)}`;
}

/** The evidence file of the submission in `dir`, relative to `cwd`, with `/` separators. */
export function evidenceFileFor(cwd: string, dir: string): string {
  return isDefaultSubmission(cwd, dir) ? DEFAULT_EVIDENCE_FILE : `${EVIDENCE_DIR}/${submissionKey(cwd, dir)}/${EVIDENCE_FILE_NAME}`;
}

/** How --evidence's default reads in a command's help. */
export const EVIDENCE_DEFAULT_HELP = `${DEFAULT_EVIDENCE_FILE} for tasks/, ${EVIDENCE_DIR}/<folder>/${EVIDENCE_FILE_NAME} for another --dir`;
