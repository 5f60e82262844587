// Where each submission's files of grade's own live, keyed by the submission: its evidence file
// (a pack's starters folder keeps the pack's evidence folder: tasks/ writes
// evidence/chapter2-evidence.txt, tasks/mcp-stateless/ evidence/mcp-stateless/...; another folder
// gets evidence/<key>/) and its progress (.grade/progress/<key>.json). Nothing is written into
// the submission folder itself.
import { createHash } from "node:crypto";
import path from "node:path";
import { packFolder } from "../pack/registry.js";
import type { Pack } from "../pack/types.js";

const EVIDENCE_DIR = "evidence";

const posix = (p: string): string => p.split(path.sep).join("/");

/** Whether `dir` names the pack's own starters folder (tasks/, tasks/<pack>/), seen from `cwd`. */
export function isDefaultSubmission(cwd: string, dir: string, pack: Pick<Pack, "id">): boolean {
  return path.resolve(cwd, dir) === path.resolve(cwd, packFolder("tasks", pack.id));
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
export function evidenceFileFor(cwd: string, dir: string, pack: Pick<Pack, "id" | "evidenceFile">): string {
  return isDefaultSubmission(cwd, dir, pack) ? `${packFolder("evidence", pack.id)}/${pack.evidenceFile}` : `${EVIDENCE_DIR}/${submissionKey(cwd, dir)}/${pack.evidenceFile}`;
}

/** How --evidence's default reads in a command's help. */
export const EVIDENCE_DEFAULT_HELP = `${EVIDENCE_DIR}/<pack's evidence file> for the pack's starters folder, ${EVIDENCE_DIR}/<folder>/<pack's evidence file> for another --dir`;
