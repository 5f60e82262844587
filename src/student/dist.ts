// `grade dist student OUT`: the student edition of the course repository. What it copies is
// git's list of tracked files minus a short, explained list of exclusions; then it checks the
// result: no solutions and no key in it, every starter fails as shipped, no solution text leaked.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { TASK_IDS, TASKS } from "../course/tasks.js";
import { UserError } from "../cli/errors.js";
import { SOLUTIONS_DIR, STARTERS_DIR, type DevCheckItem } from "../grading/dev-check.js";
import { gradeSubmission } from "../grading/grade.js";
import { findLeaks } from "./leaks.js";
import { adaptForStudents } from "./edition.js";

/** What the student edition leaves out, and why. Everything else git tracks is copied. */
export const STUDENT_EDITION_EXCLUDES: ReadonlyArray<{ test: (file: string) => boolean; why: string }> = [
  { test: (f) => f.startsWith(`${SOLUTIONS_DIR}/`), why: "the reference solutions and the instructor's quiz key" },
  { test: (f) => /(^|\/)quiz-key[^/]*$/.test(f), why: "a quiz key, wherever it is kept" },
  { test: (f) => f.startsWith("test/") || /\.test\.ts$/.test(f), why: "the grader's own tests, which grade the solutions" },
  { test: (f) => f.startsWith("bench/"), why: "the grader's benchmarks, which generate solution-like submissions" },
];

export interface DistReport {
  ok: boolean;
  out: string;
  copied: number;
  excluded: Array<{ file: string; why: string }>;
  items: DevCheckItem[];
  /** What was rewritten for students (scripts, the quick start). */
  adapted: string[];
  /** Lines the grader's own source (src/, which ships) shares with a solution: for the author to judge. */
  notes: string[];
}

function trackedFiles(root: string): string[] {
  try {
    return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
      .split("\0").filter((f) => f !== "");
  } catch (error) {
    throw new UserError(`grade dist copies the files git tracks in the course repository, but git could not list them in ${root} (${(error as Error).message.split("\n")[0]}). Run it from a git checkout of the course, with git installed.`);
  }
}

function checkTarget(cwd: string, out: string): string {
  const abs = path.resolve(cwd, out);
  if (existsSync(abs) && (!statSync(abs).isDirectory() || readdirSync(abs).length > 0)) {
    throw new UserError(`${out} already exists and is not an empty folder; grade dist never overwrites. Name a new folder: grade dist student ${out}-new.`);
  }
  return abs;
}

export async function distStudent(options: { root: string; cwd: string; out: string }): Promise<DistReport> {
  const outDir = checkTarget(options.cwd, options.out);
  const excluded: DistReport["excluded"] = [];
  const copy: string[] = [];
  for (const file of trackedFiles(options.root)) {
    const rule = STUDENT_EDITION_EXCLUDES.find((r) => r.test(file));
    if (rule) excluded.push({ file, why: rule.why });
    else if (existsSync(path.join(options.root, file))) copy.push(file);
  }
  for (const file of copy) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await copyFile(path.join(options.root, file), path.join(outDir, file));
  }
  const adapted = adaptForStudents(outDir);
  const { items, notes } = await checkEdition(options.root, outDir, copy);
  return { ok: items.every((i) => i.ok), out: options.out.split(path.sep).join("/"), copied: copy.length, excluded, items, adapted, notes };
}

async function checkEdition(root: string, outDir: string, copied: string[]): Promise<{ items: DevCheckItem[]; notes: string[] }> {
  const items: DevCheckItem[] = [];
  const forbidden = copied.filter((f) => STUDENT_EDITION_EXCLUDES.some((r) => r.test(f)));
  const solutionsShipped = existsSync(path.join(outDir, SOLUTIONS_DIR));
  items.push({
    name: "no solutions and no quiz key in the edition", ok: !solutionsShipped && forbidden.length === 0,
    detail: solutionsShipped ? `${SOLUTIONS_DIR}/ is in it` : forbidden.length ? `shipped: ${forbidden.join(", ")}` : `${copied.length} files copied`,
  });
  const starters = await gradeSubmission({ cwd: outDir, dir: STARTERS_DIR, tasks: TASK_IDS });
  for (const task of starters.tasks) {
    const notWritten = task.status === "fail" && /not written yet/.test(task.message ?? "");
    items.push({ name: `${STARTERS_DIR}/${TASKS[task.task].file} fails as shipped`, ok: notWritten, detail: notWritten ? "reports \"not written yet\"" : `status ${task.status}` });
  }
  const solutionsDir = path.join(root, SOLUTIONS_DIR);
  const solutions = TASK_IDS.map((t) => path.join(solutionsDir, TASKS[t].file)).filter((f) => existsSync(f)).map((f) => readFileSync(f, "utf8"));
  const starterTexts = TASK_IDS.map((t) => readFileSync(path.join(root, STARTERS_DIR, TASKS[t].file), "utf8"));
  const keyFile = path.join(solutionsDir, "quiz-key.txt");
  const secrets = { solutions, starters: starterTexts, ...(existsSync(keyFile) ? { key: readFileSync(keyFile, "utf8") } : {}) };
  // The grader's own source ships (students run it) and implements the rules it checks, so a
  // line it shares with a solution is reported as a note, not a leak; everything else must be clean.
  const isGrader = (f: string): boolean => f.startsWith("src/");
  const leaks = findLeaks(outDir, copied.filter((f) => !isGrader(f)), secrets);
  items.push({
    name: "no solution text and no quiz answers leaked", ok: leaks.length === 0,
    detail: leaks.length ? leaks.slice(0, 5).join("; ") : `checked ${copied.filter((f) => !isGrader(f)).length} files outside src/ against ${solutions.length} solutions and the key`,
  });
  return { items, notes: findLeaks(outDir, copied.filter(isGrader), secrets) };
}
