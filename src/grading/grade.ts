// Grades a submission folder: its tasks bundled and run in the sandbox (a batch hands its pool;
// alone, a pool of its own), then checked. Returns the report as data; writing files and
// printing are the command's business.
import type { ChildProcess } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { EVIDENCE_KEYS } from "../course/evidence-keys.js";
import type { TaskId } from "../course/tasks.js";
import { UserError } from "../cli/errors.js";
import { bundleTasks } from "../runner/bundle.js";
import type { Executor } from "../runner/executor.js";
import { createSandboxPool } from "../runner/pool.js";
import { REPORT_VERSION, type Report, type TaskStatus } from "../report/types.js";
import { fixtureJob, fixtureOutcome } from "./fixture-job.js";
import { prepareExtraChecks, runExtraChecks, type ExtraCheckOptions, type StartedTask } from "./extra-checks.js";
import { withExtraChecks } from "./extra-report.js";
import { gradeTask, type GradedTask, type TaskRunSummary } from "./task-result.js";
import { makeDisplay } from "./paths.js";
import { attachTypes } from "../typecheck/attach.js";
import { TypeCheckWorker } from "../typecheck/worker-client.js";

export const DEFAULT_TIMEOUT_MS = 5000;

export interface GradeOptions {
  cwd: string;
  /** The submission folder, as the user wrote it. */
  dir: string;
  tasks: readonly TaskId[];
  timeoutMs?: number;
  /**
   * Also check the submission against the typed interface (checks of kind `types`). Off unless
   * asked; pass a TypeCheckWorker to reuse one across gradings (watch mode).
   */
  typecheck?: boolean | TypeCheckWorker;
  /** Checks beyond the evidence lines (behaviour, schema, stdio, interop); none when absent. */
  extra?: ExtraCheckOptions;
  /** Runs the jobs: a batch hands its sandbox pool; otherwise the grading starts one of its own. */
  executor?: Executor;
  /** A sandbox process started ahead (spawnSandbox, by bin/grade.js) for the grading's own pool. */
  sandbox?: ChildProcess;
  /**
   * Keep each file's compiled code for the next grading of the same text (default on; a batch
   * turns it off: it skips unchanged submissions itself, and would fill the cache).
   */
  compileCache?: boolean;
}

export function resolveSubmission(cwd: string, dir: string): string {
  const abs = path.resolve(cwd, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) {
    throw new UserError(`The submission folder ${dir} does not exist (looked in ${path.relative(cwd, abs) || "."}). Pass the folder that holds task1.ts, task2.ts and task3.ts with --dir, or run grade from the course repository, where tasks/ is the default.`);
  }
  return abs;
}

export async function gradeSubmission(options: GradeOptions): Promise<Report> {
  let submissionDir: string;
  try {
    submissionDir = resolveSubmission(options.cwd, options.dir);
  } catch (error) {
    options.sandbox?.kill("SIGKILL"); // started ahead for a grading that will not happen
    throw error;
  }
  const display = makeDisplay(options.cwd, submissionDir);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // One sandbox process serves every job of one submission in milliseconds; a second starts only
  // when a job holds the first for long (a task that never returns), so that the others still
  // run within their own limit. It starts now, while the tasks compile.
  const ownPool = options.executor ? undefined
    : createSandboxPool({ size: options.tasks.length, prestart: 1, growAfterMs: 100, ...(options.sandbox ? { adopt: [options.sandbox] } : {}) });
  const executor = options.executor ?? ownPool!;
  // Bundles stay in memory (a folder's name only anchors their source maps); only the live
  // server is written to a file.
  const needsDir = options.extra !== undefined && (options.extra.live ?? true);
  let madeDir: string | undefined;
  const checker = options.typecheck === true ? new TypeCheckWorker() : options.typecheck || undefined;
  try {
    if (needsDir) madeDir = await mkdtemp(path.join(os.tmpdir(), "grade-"));
    const workDir = madeDir ?? path.join(os.tmpdir(), "grade-in-memory");
    // The type check reads the files and runs nothing, so it starts at once, in its thread,
    // beside the runs (the student's code runs in milliseconds; the compiler takes a second).
    const typing = checker?.check(options.cwd, submissionDir, options.tasks).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    // Every task is compiled before any runs, so jobs start in task order (a batch's sandbox
    // runs one submission's jobs one after another, under one time budget).
    const bundling = bundleTasks(submissionDir, options.tasks, workDir, display.path, { groupWaitMs: executor.bundleWaitMs, cacheCompiled: options.compileCache ?? true });
    const prepared = options.extra
      ? prepareExtraChecks({ submissionDir, workDir, displayPath: display.path, tasks: options.tasks }, options.extra)
      : undefined;
    // Each task's fixture run is handed to the executor as soon as the tasks are compiled.
    const started = options.tasks.map(async (task, i): Promise<StartedTask | undefined> => {
      const bundle = (await bundling)[i]!;
      return bundle.ok ? { bundle, fixtureRun: executor.runJob(bundle.file, fixtureJob(task), { timeoutMs, code: bundle.code, sourceMap: bundle.sourceMap, mapFrame: bundle.mapFrame }) } : undefined;
    });
    // A compile that broke (our bug) is thrown by fixtureRuns below; these may go unread.
    for (const s of started) s.catch(() => undefined);
    const fixtureRuns = options.tasks.map(async (task, i): Promise<GradedTask> => {
      const bundle = (await bundling)[i]!;
      if (!bundle.ok) return gradeTask(task, display.sanitiseRun({ outcome: { failure: bundle.failure } }));
      const run = await (await started[i]!)!.fixtureRun;
      return gradeTask(task, display.sanitiseRun({ outcome: fixtureOutcome(run), stdout: run.stdout, stderr: run.stderr }));
    });
    // A task's extra checks run after its fixture run, and only if it ran to the end (the
    // executor skips their job otherwise, executor.ts), so that nothing they run (a hang on a
    // generated input, say) competes with it; they are judged only if it ran clean.
    const runnable = (i: number) => Promise.all([bundling, fixtureRuns[i]!])
      .then(([bundles, graded]) => { const bundle = bundles[i]!; return bundle.ok && !graded.result.message ? bundle : undefined; });
    const extraRun = options.extra
      ? runExtraChecks({ submissionDir, workDir, displayPath: display.path, tasks: options.tasks, runnable: Object.fromEntries(options.tasks.map((t, i) => [t, runnable(i)])), started: Object.fromEntries(options.tasks.map((t, i) => [t, started[i]!])), timeoutMs, executor }, options.extra, prepared)
      : undefined;
    // Awaited below, unless the fixture run failed (a bug of ours), which is then what is thrown.
    extraRun?.catch(() => undefined);
    const ran = await Promise.all(fixtureRuns);
    const typed = await typing;
    const graded = typed ? ran.map((g) => attachTypes(g, typed)) : ran;
    const report = assembleReport(display.submission, graded);
    return extraRun ? withExtraChecks(report, await extraRun, display.sanitise) : report;
  } finally {
    if (options.typecheck === true) await checker?.close();
    await ownPool?.close();
    if (madeDir) await rm(madeDir, { recursive: true, force: true });
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
