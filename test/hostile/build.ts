// Builds what the hostile tests grade, in a fresh temporary folder per run (the run's root, the
// CLI's cwd): each hostile submission is the honest wrong tasks (fixtures/hostile/_wrong), the
// shared attacker's kit (_shared/hostile.ts) and its own files laid over them, placeholders filled
// in; the classmates are copies of the solutions, of a wrong submission and of the honest wrong
// tasks. Nothing outside the run's root is written.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { overlay } from "../overlay.js";
import { folderOf, type Attack } from "./attacks.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = path.join(ROOT, "test", "fixtures", "hostile");
const WRONG = path.join(FIXTURES, "_wrong");
const KIT = path.join(FIXTURES, "_shared", "hostile.ts");

/** The classmates of every batch, and the one beside every `grade --dir` run (classmate-correct). */
export const CLASSMATES = ["classmate-correct", "classmate-wrong", "classmate-nothing", "zz-classmate-correct", "zz-classmate-wrong"] as const;
/** The classmate whose passing checks are the ones wrong code passes too (verdicts.ts). */
export const NOTHING = "classmate-nothing";

export interface Run {
  root: string;
  /** Fills __CANARY_PORT__: the test's TCP server, which no submission may reach. */
  canaryPort: number;
}

/** Removes a run's root, unless GRADE_HOSTILE_KEEP=1 keeps it to look at (its path is in /tmp). */
export function removeRoot(root: string): void {
  if (process.env["GRADE_HOSTILE_KEEP"] !== "1") rmSync(root, { recursive: true, force: true });
}

export const newRoot = (prefix: string): string => mkdtempSync(path.join(os.tmpdir(), `grade-hostile-${prefix}-`));

function fill(text: string, run: Run, attack: string, dir: string): string {
  return text
    .replaceAll("__RUN_ROOT__", run.root)
    .replaceAll("__REPO_FROM_SUBMISSION__", path.relative(dir, ROOT))
    .replaceAll("__REPO__", ROOT)
    .replaceAll("__ATTACK__", attack)
    .replaceAll("__CANARY_PORT__", String(run.canaryPort))
    .replaceAll("__TEST_PID__", String(process.pid));
}

function copyFilled(from: string, to: string, run: Run, attack: string, dir: string): void {
  writeFileSync(to, fill(readFileSync(from, "utf8"), run, attack, dir));
}

/** A hostile submission at dir (created). */
export function buildAttack(attack: Attack, dir: string, run: Run): string {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(WRONG)) copyFilled(path.join(WRONG, file), path.join(dir, file), run, attack.name, dir);
  copyFilled(KIT, path.join(dir, "hostile.ts"), run, attack.name, dir);
  const own = path.join(FIXTURES, attack.name);
  for (const file of readdirSync(own)) {
    if (file.endsWith(".md")) continue;
    copyFilled(path.join(own, file), path.join(dir, file), run, attack.name, dir);
  }
  attack.setup?.(dir, { repo: ROOT });
  return dir;
}

export function buildClassmate(name: (typeof CLASSMATES)[number], dir: string): string {
  if (name.endsWith("classmate-wrong")) return overlay(dir, path.join(ROOT, "test", "fixtures", "batch-class", "wrong"));
  if (name.endsWith("classmate-nothing")) {
    mkdirSync(dir, { recursive: true });
    cpSync(WRONG, dir, { recursive: true });
    return dir;
  }
  return overlay(dir);
}

const buildClassmateIn = (root: string, name: (typeof CLASSMATES)[number]): string => {
  buildClassmate(name, path.join(root, name));
  return name;
};

/** The files every run's root starts with, besides the submissions: a canary, and out/. */
function common(root: string): void {
  writeFileSync(path.join(root, "CANARY.txt"), "nothing may change this file\n");
  mkdirSync(path.join(root, "out"), { recursive: true });
}

/** `grade --dir <folder>`'s root: the submission and, beside it, a classmate to reach for. */
export function dirRun(attack: Attack | undefined, canaryPort: number): Run & { folder: string } {
  const run = { root: newRoot(`dir-${attack?.name ?? NOTHING}`), canaryPort };
  common(run.root);
  buildClassmate("classmate-correct", path.join(run.root, "classmate-correct"));
  if (!attack) return { ...run, folder: buildClassmateIn(run.root, NOTHING) };
  buildAttack(attack, path.join(run.root, folderOf(attack)), run);
  return { ...run, folder: folderOf(attack) };
}

/** `grade batch class`'s root: class/ holds the classmates and the attacks given. */
export function batchRun(prefix: string, attacks: readonly Attack[], canaryPort: number): Run {
  const run = { root: newRoot(`batch-${prefix}`), canaryPort };
  common(run.root);
  const cls = path.join(run.root, "class");
  mkdirSync(cls);
  writeFileSync(path.join(cls, "CANARY.txt"), "nothing may change this file either\n");
  for (const name of CLASSMATES) buildClassmate(name, path.join(cls, name));
  for (const attack of attacks) buildAttack(attack, path.join(cls, folderOf(attack)), run);
  return run;
}
