// The student edition is a course repository of its own: its README and CI name only what ships
// in it, its grader judges behaviour from practice data (no executable model), and its `npm test`
// is green while each task either passes or is still "not written yet". What is rewritten here is
// text; dist.ts decides what is copied and checks the result.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const STUDENT_SCRIPTS = {
  grade: "node bin/grade.js",
  test: "node .ci/tasks.mjs",
  typecheck: "tsc --noEmit",
} as const;

// The README's parts for course authors and instructors are marked in README.md; the edition drops them.
export const AUTHORS_ONLY = /<!-- authors-only -->[\s\S]*?<!-- \/authors-only -->\n?/g;
// The whole quick start section, up to the next heading.
const QUICK_START = /## Quick start\n[\s\S]*?\n(?=## )/;
export const STUDENT_QUICK_START = [
  "## Quick start", "",
  "```sh",
  "npm ci && npx grade      # install, then grade your three tasks in tasks/",
  "npm test                 # what CI runs: green while each task passes or is not written yet",
  "```", "",
  "Node 20.19 or newer. Write your code in `tasks/task1.ts`, `tasks/task2.ts` and `tasks/task3.ts`;",
  "`npx grade` runs them, writes the evidence file and explains every line. As shipped, every task",
  "reports \"not written yet\". This is the student edition: its behaviour checks are practice, on",
  "inputs and answers that ship with it (`courses/mcp-ch2/behaviour/practice-data.json`); your instructor's",
  "grading draws new inputs.", "",
].join("\n");

// Spelled apart: bin/grade.js's bundle puts each module's own URL in place of every literal
// `import.meta` + `.url` written together, which would put this file's path into the edition's files.
const META_URL = ["import", "meta", "url"].join(".");

/** The edition's answer key: the practice data, read when a behaviour check first needs it. */
export const EDITION_KEY = `// The student edition's answer key: the model's answers for a few input sets, made by
// grade dist student and shipped as data (practice-key.ts). The model itself is not in this edition.
import { readFileSync } from "node:fs";
import { PRACTICE_DATA_FILE, practiceKey, type PracticeData } from "./practice-key.js";

export const ANSWER_KEY = practiceKey(() => JSON.parse(readFileSync(new URL(\`./\${PRACTICE_DATA_FILE}\`, ${META_URL}), "utf8")) as PracticeData);
`;

export const EDITION_DIST = `// grade dist is the course author's command: this student edition has nothing to leave out.
import { UserError } from "../../../src/cli/errors.js";
import type { DistReport } from "../../../src/student/dist-report.js";

export type { DistReport } from "../../../src/student/dist-report.js";

export async function distStudent(_options: { root: string; cwd: string; out: string }): Promise<DistReport> {
  throw new UserError("This is the student edition of the course: grade dist belongs to the course repository it was made from.");
}
`;

export const EDITION_CI_RUN = `#!/usr/bin/env bash
# CI of a student's copy of the course: install, then grade tasks/ (npm test runs .ci/tasks.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci
npm test
`;

export const EDITION_CI_TASKS = `// npm test in the student edition: grades tasks/ as npx grade does and prints its report, then
// decides CI's colour. Green while every task passes or is still "not written yet" (a task not
// started is not a broken push); red when a task that is written fails a check or cannot run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(${META_URL})), "..");
const dir = mkdtempSync(path.join(tmpdir(), "grade-ci-"));
const file = path.join(dir, "report.json");
let code = 3;
try {
  const run = spawnSync(process.execPath, [path.join(root, "bin", "grade.js"), "--reporter", "pretty", "--reporter", \`json=\${file}\`, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
  if (run.status !== 0 && run.status !== 1) {
    code = run.status ?? 3;
  } else {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const notWritten = (t) => t.status !== "pass" && /not written/.test(t.message ?? "");
    const pending = report.tasks.filter(notWritten).map((t) => t.task);
    const failing = report.tasks.filter((t) => t.status !== "pass" && !notWritten(t)).map((t) => t.task);
    const done = report.tasks.filter((t) => t.status === "pass").map((t) => t.task);
    process.stdout.write(\`\\nCI: passing \${done.join(", ") || "none"}; not written yet \${pending.join(", ") || "none"}; failing \${failing.join(", ") || "none"}.\\n\`);
    code = failing.length ? 1 : 0;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
`;

/** The files the edition gets in place of the course repository's, by path. */
export const EDITION_FILES: Readonly<Record<string, string>> = {
  "courses/mcp-ch2/behaviour/key.ts": EDITION_KEY,
  "courses/mcp-ch2/edition/dist.ts": EDITION_DIST,
  ".ci/run": EDITION_CI_RUN,
  ".ci/tasks.mjs": EDITION_CI_TASKS,
};

/** Writes the edition's own files, scripts and README; returns what it changed. */
export function adaptForStudents(outDir: string): string[] {
  const changed: string[] = [];
  for (const [file, text] of Object.entries(EDITION_FILES)) {
    const target = path.join(outDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text, file.startsWith(".ci/run") ? { mode: 0o755 } : {});
    changed.push(`${file}: the student edition's own`);
  }
  const pkgFile = path.join(outDir, "package.json");
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, "utf8")) as { scripts?: Record<string, string> };
    pkg.scripts = { ...STUDENT_SCRIPTS };
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    changed.push("package.json: scripts grade, test (CI's verdict on tasks/) and typecheck");
  }
  const readme = path.join(outDir, "README.md");
  if (existsSync(readme)) {
    const text = readFileSync(readme, "utf8");
    writeFileSync(readme, text.replace(AUTHORS_ONLY, "").replace(QUICK_START, STUDENT_QUICK_START));
    changed.push("README.md: the quick start grades tasks/; the parts for course authors and instructors left out");
  }
  return changed;
}
