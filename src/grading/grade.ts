// Grades a submission folder: its files read (confined to the folder), one request to the
// sandbox with every run its checks need, then every check judged here, outside the sandbox,
// from the values it sent back. Returns the report as data; writing files and printing are the
// command's business.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { EVIDENCE_KEYS } from "../../courses/mcp-ch2/course/evidence-keys.js";
import { TASKS, type TaskId } from "../../courses/mcp-ch2/course/tasks.js";
import { scoreReport } from "../pack/score.js";
import { UserError } from "../cli/errors.js";
import { newSeed } from "../pack/random.js";
import { SandboxPool } from "../sandbox/pool.js";
import type { TaskFailure } from "../sandbox/protocol.js";
import { REPORT_VERSION, type Report, type TaskStatus } from "../report/types.js";
import { extraChecks, type ExtraCheckOptions } from "../../courses/mcp-ch2/grading/extra-checks.js";
import { readSubmission } from "./files.js";
import { runLiveChecks } from "../../courses/mcp-ch2/grading/live.js";
import { fixtureOutcome } from "../../courses/mcp-ch2/grading/outcomes.js";
import { buildRequest } from "../../courses/mcp-ch2/grading/request.js";
import { withExtraChecks } from "./extra-report.js";
import { gradeTask, type GradedTask } from "../../courses/mcp-ch2/grading/task-result.js";
import { makeDisplay } from "./paths.js";
import { attachTypes } from "../typecheck/attach.js";
import { TypeCheckWorker } from "../typecheck/worker-client.js";

export type { ExtraCheckOptions } from "../../courses/mcp-ch2/grading/extra-checks.js";
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
  /** The sandbox: a batch or watch hands its pool; otherwise the grading starts one of its own. */
  pool?: SandboxPool;
}

export function resolveSubmission(cwd: string, dir: string): string {
  const abs = path.resolve(cwd, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) {
    throw new UserError(`The submission folder ${dir} does not exist (looked in ${path.relative(cwd, abs) || "."}). Pass the folder that holds task1.ts, task2.ts and task3.ts with --dir, or run grade from the course repository, where tasks/ is the default.`);
  }
  return abs;
}

function missingFile(task: TaskId, shown: string): TaskFailure {
  return { reason: "missing-file", message: `${shown} does not exist. Every submission has ${TASKS.task1.file}, ${TASKS.task2.file} and ${TASKS.task3.file}; create it (npx grade init DIR makes a fresh set of starters).` };
}

export async function gradeSubmission(options: GradeOptions): Promise<Report> {
  const submissionDir = resolveSubmission(options.cwd, options.dir);
  const display = makeDisplay(options.cwd, submissionDir);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const extra = options.extra;
  const behaviour = extra ? extra.behaviour ?? true : false;
  const schema = extra ? extra.schema ?? true : false;
  const seed = extra?.seed ?? newSeed();
  const pool = options.pool ?? new SandboxPool(1);
  const checker = options.typecheck === true ? new TypeCheckWorker() : options.typecheck || undefined;
  try {
    // The type checker reads the files and runs nothing: in its thread, beside the sandbox.
    const typing = checker?.check(options.cwd, submissionDir, options.tasks).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    const files = readSubmission(submissionDir, display.submission);
    const shownAs = display.submission === "." ? "" : `${display.submission}/`;
    const planned = buildRequest(files, options.tasks, { behaviour, schema, seed, timeoutMs, shownAs });
    const { request, runs } = planned;
    // The live server is a process of its own: it starts now, beside the sandbox's run.
    const liveRun = extra && (extra.live ?? true) ? runLiveChecks(files, options.tasks, timeoutMs, shownAs) : undefined;
    liveRun?.catch(() => undefined);
    const reply = await pool.run(request);
    const graded = options.tasks.map((task): GradedTask => {
      const taskRuns = runs[task];
      const shown = display.submission === "." ? TASKS[task].file : `${display.submission}/${TASKS[task].file}`;
      if (!taskRuns) return gradeTask(task, { outcome: { failure: missingFile(task, shown) } });
      const run = reply.runs[taskRuns.fixture];
      const stdio = run && run.status !== "skipped" ? { stdout: run.stdout, stderr: run.stderr } : {};
      return gradeTask(task, display.sanitiseRun({ outcome: fixtureOutcome(task, run), ...stdio }));
    });
    const typed = await typing;
    const report = assembleReport(display.submission, typed ? graded.map((g) => attachTypes(g, typed)) : graded);
    if (!extra) return report;
    const checks = extraChecks(options.tasks, planned, reply, { behaviour, schema, seed });
    const live = liveRun ? await liveRun : {};
    for (const [task, list] of Object.entries(live) as [TaskId, NonNullable<(typeof live)[TaskId]>][]) (checks[task] ??= []).push(...list);
    return withExtraChecks(report, { ...(behaviour ? { seed } : {}), checks }, display.sanitise);
  } finally {
    if (options.typecheck === true) await checker?.close();
    if (!options.pool) await pool.close();
  }
}

export function assembleReport(submission: string, graded: GradedTask[]): Report {
  const tasks = graded.map((g) => g.result);
  const merged = Object.assign({}, ...graded.map((g) => g.evidence)) as Report["evidence"];
  const evidence: Report["evidence"] = {};
  for (const key of EVIDENCE_KEYS) if (merged[key] !== undefined) evidence[key] = merged[key];
  const status: TaskStatus = tasks.some((t) => t.status === "error") ? "error"
    : tasks.some((t) => t.status === "fail") ? "fail" : "pass";
  return scoreReport({ version: REPORT_VERSION, submission, status, score: 0, maxScore: 0, tasks, evidence });
}
