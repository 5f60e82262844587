// docs/ci/gradescope/: setup.sh and run_autograder, run as Gradescope runs them: from another
// folder, the student's files in a submission/ folder, the score written to results/results.json
// (the /autograder paths overridden to a temporary folder, as the scripts allow).
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, tempDir } from "./cli.js";

const SCRIPTS = path.join(ROOT, "docs", "ci", "gradescope");

function bash(script: string, env: Record<string, string>, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("bash", [path.join(SCRIPTS, script)], { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

interface Results { score: number; max_score?: number; output?: string; tests?: { name: string; score?: number }[] }

function autograder(): { root: string; env: Record<string, string> } {
  const root = tempDir("grade-gradescope-");
  for (const dir of ["submission", "results", "tmp"]) mkdirSync(path.join(root, dir));
  return { root, env: { GRADE_COURSE_DIR: ROOT, GRADE_SUBMISSION_DIR: path.join(root, "submission"), GRADE_RESULTS_FILE: path.join(root, "results", "results.json"), TMPDIR: path.join(root, "tmp") } };
}

describe("the Gradescope autograder in docs/ci/gradescope", () => {
  it("setup.sh finds Node 20 and the packages in place, and exits 0", async () => {
    const { root, env } = autograder();
    const run = await bash("setup.sh", env, root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  }, 300_000);

  it("run_autograder grades the submission with a fixed seed, from the course repository, into results.json", async () => {
    const { root, env } = autograder();
    for (const f of ["task1.ts", "task2.ts", "task3.ts"]) copyFileSync(path.join(ROOT, "solutions", f), path.join(root, "submission", f));
    // One task broken: a score below full marks, still a grading (exit 0 for Gradescope).
    writeFileSync(path.join(root, "submission", "task3.ts"), "export function serve( {\n");
    const run = await bash("run_autograder", env, root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/seed 2026/);
    const results = JSON.parse(readFileSync(path.join(root, "results", "results.json"), "utf8")) as Results;
    expect(results.max_score).toBe(17);
    expect(results.score).toBeGreaterThan(0);
    expect(results.score).toBeLessThan(17);
    expect(results.tests!.some((t) => t.name.startsWith("task3"))).toBe(true);
    // The evidence file goes to the temporary folder, not into the course repository.
    expect(readFileSync(path.join(root, "tmp", "grade-evidence.txt"), "utf8")).toMatch(/^t1_keys: /);
  }, 600_000);

  it("run_autograder writes a results.json that says why when nothing could be graded", async () => {
    const { root, env } = autograder();
    const run = await bash("run_autograder", { ...env, GRADE_SUBMISSION_DIR: path.join(root, "nowhere") }, root);
    expect(run.code).toBe(0);
    const results = JSON.parse(readFileSync(path.join(root, "results", "results.json"), "utf8")) as Results;
    expect(results.score).toBe(0);
    expect(results.output).toMatch(/could not grade this submission \(grade exited with 2\)/);
  }, 300_000);
});
