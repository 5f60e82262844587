// Grades a submission folder: each task bundled and run in its own process, in parallel, then
// checked. Returns the report as data; writing files and printing are the command's business.
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { EVIDENCE_KEYS } from "../course/evidence-keys.js";
import type { TaskId } from "../course/tasks.js";
import { UserError } from "../cli/errors.js";
import { bundleTasks } from "../runner/bundle.js";
import { PROCESS_EXECUTOR, type Executor } from "../runner/executor.js";
import { REPORT_VERSION, type Report, type TaskStatus } from "../report/types.js";
import { fixtureJob, fixtureOutcome } from "./fixture-job.js";
import { gradeTask, type GradedTask, type TaskRunSummary } from "./task-result.js";
import { makeDisplay } from "./paths.js";

export const DEFAULT_TIMEOUT_MS = 5000;

export interface GradeOptions {
  cwd: string;
  /** The submission folder, as the user wrote it. */
  dir: string;
  tasks: readonly TaskId[];
  timeoutMs?: number;
  /** Runs the bundled tasks; a process per job unless a batch hands its sandbox pool. */
  executor?: Executor;
}

export function resolveSubmission(cwd: string, dir: string): string {
  const abs = path.resolve(cwd, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) {
    throw new UserError(`The submission folder ${dir} does not exist (looked in ${path.relative(cwd, abs) || "."}). Pass the folder that holds task1.ts, task2.ts and task3.ts with --dir, or run grade from the course repository, where tasks/ is the default.`);
  }
  return abs;
}

export async function gradeSubmission(options: GradeOptions): Promise<Report> {
  const submissionDir = resolveSubmission(options.cwd, options.dir);
  const display = makeDisplay(options.cwd, submissionDir);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const executor = options.executor ?? PROCESS_EXECUTOR;
  // An executor that takes bundles in memory needs no folder: the name only anchors source maps.
  const workDir = executor.inMemory ? path.join(os.tmpdir(), "grade-in-memory") : await mkdtemp(path.join(os.tmpdir(), "grade-"));
  try {
    // Every task is compiled before any runs, so jobs start in task order (a batch's sandbox
    // runs one submission's jobs one after another, under one time budget).
    const bundles = await bundleTasks(submissionDir, options.tasks, workDir, display.path, executor.format, executor.inMemory);
    const graded = await Promise.all(options.tasks.map(async (task, index): Promise<GradedTask> => {
      const bundle = bundles[index]!;
      if (!bundle.ok) return gradeTask(task, display.sanitiseRun({ outcome: { failure: bundle.failure } }));
      const run = await executor.runJob(bundle.file, fixtureJob(task), { timeoutMs, ...(bundle.code !== undefined ? { code: bundle.code, sourceMap: bundle.sourceMap } : {}) });
      return gradeTask(task, display.sanitiseRun({ outcome: fixtureOutcome(run), stdout: run.stdout, stderr: run.stderr }));
    }));
    return assembleReport(display.submission, graded);
  } finally {
    if (!executor.inMemory) await rm(workDir, { recursive: true, force: true });
  }
}

export function assembleReport(submission: string, graded: GradedTask[]): Report {
  const tasks = graded.map((g) => g.result);
  const merged = Object.assign({}, ...graded.map((g) => g.evidence)) as Report["evidence"];
  const evidence: Report["evidence"] = {};
  for (const key of EVIDENCE_KEYS) if (merged[key] !== undefined) evidence[key] = merged[key];
  const status: TaskStatus = tasks.some((t) => t.status === "error") ? "error"
    : tasks.some((t) => t.status === "fail") ? "fail" : "pass";
  return {
    version: REPORT_VERSION, submission, status,
    score: tasks.reduce((n, t) => n + t.score, 0),
    maxScore: tasks.reduce((n, t) => n + t.maxScore, 0),
    tasks, evidence,
  };
}
