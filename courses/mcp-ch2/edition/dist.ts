// `grade dist student OUT`: the student edition of the course repository. What it copies is
// git's list of tracked files minus a short, explained list of exclusions (the solutions, the
// key, and the executable model of the rules, whose answers ship as practice data instead); then
// it checks the result: nothing of that in it, every starter fails as shipped, nothing leaked.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { TASK_IDS, TASKS, type TaskId } from "../course/tasks.js";
import { UserError } from "../../../src/cli/errors.js";
import { PRACTICE_DATA_FILE } from "../behaviour/practice-key.js";
import type { DevCheckItem } from "../../../src/grading/dev-check.js";
import { defaultPackId, packIds } from "../../../src/pack/registry.js";

const STARTERS_DIR = "tasks";
const SOLUTIONS_DIR = "solutions";
import { gradeSubmission } from "../../../src/grading/grade.js";
import type { DistReport } from "../../../src/student/dist-report.js";
import { findLeaks, findModelCode, readmeProblems } from "./leaks.js";
import { adaptForStudents, EDITION_FILES } from "./edition.js";
import { makePracticeData } from "./practice-data.js";

export type { DistReport } from "../../../src/student/dist-report.js";

/**
 * Modules that stay with the course's authors: the model of the chapter's rules is a working
 * toMcp, handle and serve (three one-line tasks calling it would pass), and the dist tooling runs it.
 */
export const INSTRUCTOR_MODULES: ReadonlyArray<{ file: string; why: string; model?: true }> = [
  { file: "courses/mcp-ch2/behaviour/model.ts", why: "the executable model of the chapter's rules (a working toMcp, handle and serve); the edition gets its answers as data", model: true },
  { file: "courses/mcp-ch2/behaviour/model-key.ts", why: "the answer key built on the model", model: true },
  { file: "courses/mcp-ch2/edition/practice-data.ts", why: "the dist tooling, which runs the model" },
  { file: "courses/mcp-ch2/edition/edition.ts", why: "the dist tooling, which runs the model" },
  { file: "courses/mcp-ch2/edition/leaks.ts", why: "the dist tooling, which runs the model" },
];

export const PRACTICE_DATA_PATH = `courses/mcp-ch2/behaviour/${PRACTICE_DATA_FILE}`;

/**
 * Files of the grader that must share a line with a solution, and why: reported as notes, not
 * leaks. Everything else that ships, src/ included, must hold no solution line.
 */
export const GRADER_SHARES: Readonly<Record<string, string>> = {
  "src/sandbox/live-connection.ts": "the live server feeds the student's own handle one stdin line at a time, so it skips blank lines as serve does; it is a process, with no function a task could call",
};

/** What the student edition leaves out, and why. Everything else git tracks is copied. */
export const STUDENT_EDITION_EXCLUDES: ReadonlyArray<{ test: (file: string) => boolean; why: string }> = [
  { test: (f) => f.startsWith(`${SOLUTIONS_DIR}/`), why: "the reference solutions and the instructor's quiz key" },
  { test: (f) => /(^|\/)quiz-key[^/]*$/.test(f), why: "a quiz key, wherever it is kept" },
  { test: (f) => f.startsWith("test/") || /\.test\.ts$/.test(f) || f === "vitest.hostile.config.ts", why: "the grader's own tests, which grade the solutions" },
  { test: (f) => f.startsWith("bench/"), why: "the grader's benchmarks, which generate solution-like submissions" },
  ...INSTRUCTOR_MODULES.map(({ file, why }) => ({ test: (f: string) => f === file, why })),
  { test: (f) => /^docs\/ci\/.*instructor/.test(f), why: "the instructor's CI workflow (a class folder, batch grading)" },
];

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
  // The edition's practice data is made from the default pack's model (practice-data.ts); a pack
  // without such data would ship its executable model, so it stays out of the edition whole.
  const others = packIds().filter((id) => id !== defaultPackId());
  const packRule = { test: (f: string) => others.some((id) => ["courses", "starters", "tasks", "solutions", "evidence"].some((top) => f.startsWith(`${top}/${id}/`))), why: "a pack other than the default: the student edition carries only the default pack's practice data, and this pack's model of its rules is executable" };
  for (const file of trackedFiles(options.root)) {
    const rule = [...STUDENT_EDITION_EXCLUDES, packRule].find((r) => r.test(file));
    if (rule) excluded.push({ file, why: rule.why });
    else if (existsSync(path.join(options.root, file))) copy.push(file);
  }
  for (const file of copy) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await copyFile(path.join(options.root, file), path.join(outDir, file));
  }
  const adapted = adaptForStudents(outDir);
  await writeFile(path.join(outDir, PRACTICE_DATA_PATH), `${JSON.stringify(makePracticeData())}\n`);
  adapted.push(`${PRACTICE_DATA_PATH}: the practice checks' inputs and answers, made from the model`);
  const { items, notes } = await checkEdition(options.root, outDir, [...new Set([...copy, ...Object.keys(EDITION_FILES), PRACTICE_DATA_PATH])]);
  return { ok: items.every((i) => i.ok), out: options.out.split(path.sep).join("/"), copied: copy.length, excluded, items, adapted, notes };
}

async function checkEdition(root: string, outDir: string, copied: string[]): Promise<{ items: DevCheckItem[]; notes: string[] }> {
  const items: DevCheckItem[] = [];
  const forbidden = [...new Set([
    ...copied.filter((f) => STUDENT_EDITION_EXCLUDES.some((r) => r.test(f))),
    ...INSTRUCTOR_MODULES.map((m) => m.file).filter((f) => existsSync(path.join(outDir, f))),
  ])];
  const solutionsShipped = existsSync(path.join(outDir, SOLUTIONS_DIR));
  items.push({
    name: "no solutions, no quiz key and no instructor module in the edition", ok: !solutionsShipped && forbidden.length === 0,
    detail: solutionsShipped ? `${SOLUTIONS_DIR}/ is in it` : forbidden.length ? `shipped: ${forbidden.join(", ")}` : `${copied.length} files copied`,
  });
  const starters = await gradeSubmission({ cwd: outDir, dir: STARTERS_DIR, tasks: TASK_IDS });
  for (const task of starters.tasks) {
    const notWritten = task.status === "fail" && /not written/.test(task.message ?? "");
    items.push({ name: `${STARTERS_DIR}/${TASKS[task.task as TaskId].file} fails as shipped`, ok: notWritten, detail: notWritten ? "reports \"not written yet\"" : `status ${task.status}` });
  }
  const solutionsDir = path.join(root, SOLUTIONS_DIR);
  const solutions = TASK_IDS.map((t) => path.join(solutionsDir, TASKS[t].file)).filter((f) => existsSync(f)).map((f) => readFileSync(f, "utf8"));
  const starterTexts = TASK_IDS.map((t) => readFileSync(path.join(root, STARTERS_DIR, TASKS[t].file), "utf8"));
  const keyFile = path.join(solutionsDir, "quiz-key.txt");
  const secrets = { solutions, starters: starterTexts, ...(existsSync(keyFile) ? { key: readFileSync(keyFile, "utf8") } : {}) };
  const text = copied.filter((f) => f !== PRACTICE_DATA_PATH);
  const shares = text.filter((f) => GRADER_SHARES[f] !== undefined);
  const leaks = findLeaks(outDir, text.filter((f) => GRADER_SHARES[f] === undefined), secrets);
  items.push({
    name: "no solution text and no quiz answers leaked, src/ included", ok: leaks.length === 0,
    detail: leaks.length ? leaks.slice(0, 5).join("; ") : `checked ${text.length - shares.length} files against ${solutions.length} solutions and the key`,
  });
  // A line of the model's own code anywhere (but where the grader must share it), or an import of any instructor module.
  const modelTexts = INSTRUCTOR_MODULES.filter((m) => m.model).map((m) => readFileSync(path.join(root, m.file), "utf8"));
  const model = findModelCode(outDir, text.filter((f) => GRADER_SHARES[f] === undefined), modelTexts, INSTRUCTOR_MODULES.map((m) => m.file));
  items.push({
    name: "no model code: no module of the instructor's side, nor its lines, nor an import of one", ok: model.length === 0,
    detail: model.length ? model.slice(0, 5).join("; ") : `the answers ship as data (${PRACTICE_DATA_PATH})`,
  });
  const readme = readmeProblems(outDir);
  items.push({ name: "the README names only what ships", ok: readme.length === 0, detail: readme.length ? readme.join("; ") : "no solutions, no author-only sections" });
  const notes = findLeaks(outDir, shares, secrets).map((n) => `${n} (${GRADER_SHARES[n.split(" ")[0]!]})`);
  return { items, notes };
}
