// The student edition is a course repository of its own: its npm test grades the student's
// tasks (what a course repository's CI should run), and its README's quick start names only
// what ships in it. The instructor's scripts and quick start would point at files left out.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const STUDENT_SCRIPTS = {
  grade: "node bin/grade.js",
  test: "node bin/grade.js",
  typecheck: "tsc --noEmit",
} as const;

// The whole section, up to the next heading.
const QUICK_START = /## Quick start\n[\s\S]*?\n(?=## )/;
export const STUDENT_QUICK_START = [
  "## Quick start", "",
  "```sh",
  "npm ci && npx grade      # install, then grade your three tasks in tasks/",
  "npm test                 # the same grading, as CI on this repository runs it",
  "```", "",
  "Node 20.19 or newer. Write your code in `tasks/task1.ts`, `tasks/task2.ts` and `tasks/task3.ts`;",
  "`npx grade` runs them, writes `evidence/chapter2-evidence.txt` and explains every line. As",
  "shipped, every task reports \"not written yet\".", "",
].join("\n");

/** Rewrites the edition's package.json scripts and README quick start; returns what it changed. */
export function adaptForStudents(outDir: string): string[] {
  const changed: string[] = [];
  const pkgFile = path.join(outDir, "package.json");
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as { scripts?: Record<string, string> };
    pkg.scripts = { ...STUDENT_SCRIPTS };
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    changed.push("package.json: scripts grade, test (both grade tasks/) and typecheck");
  }
  const readme = path.join(outDir, "README.md");
  if (existsSync(readme)) {
    const text = readFileSync(readme, "utf8");
    if (QUICK_START.test(text)) {
      writeFileSync(readme, text.replace(QUICK_START, STUDENT_QUICK_START));
      changed.push("README.md: the quick start grades tasks/ instead of solutions/");
    }
  }
  return changed;
}
