// `grade status`: grades the submission, compares each task with the last run remembered in the
// submission's progress file, saves the new state, and says what to do next.
import path from "node:path";
import { TASK_IDS, type TaskId } from "../course/tasks.js";
import type { ExtraCheckOptions } from "../grading/extra-checks.js";
import { gradeSubmission, resolveSubmission } from "../grading/grade.js";
import { PROGRESS_FILE, readProgress, recordReport, writeProgress, type TaskProgress } from "../progress/progress-file.js";
import type { Report } from "../report/types.js";
import { nextStep, taskState, type NextStep, type TaskState } from "./next-step.js";

export interface TaskStatusLine {
  task: TaskId;
  title: string;
  state: TaskState;
  score: number;
  maxScore: number;
  /** The last remembered run, when there was one. */
  before?: TaskProgress;
}

export interface StatusReport {
  submission: string;
  score: number;
  maxScore: number;
  tasksDone: number;
  tasks: TaskStatusLine[];
  next: NextStep;
  /** The progress file, relative to the working directory; absent when it could not be written. */
  progressFile?: string;
}

export interface StatusOptions {
  cwd: string;
  dir: string;
  timeoutMs?: number;
  typecheck?: boolean;
  /** Checks beyond the evidence lines, as grade runs them; none when absent. */
  extra?: ExtraCheckOptions;
  now?: () => Date;
}

export function statusFromReport(report: Report, before: Partial<Record<TaskId, TaskProgress>>): Omit<StatusReport, "progressFile"> {
  const tasks = report.tasks.map((t): TaskStatusLine => ({
    task: t.task, title: t.title, state: taskState(t), score: t.score, maxScore: t.maxScore,
    ...(before[t.task] ? { before: before[t.task] } : {}),
  }));
  return {
    submission: report.submission, score: report.score, maxScore: report.maxScore,
    tasksDone: tasks.filter((t) => t.state === "done").length, tasks, next: nextStep(report),
  };
}

export async function statusCommand(options: StatusOptions): Promise<StatusReport> {
  const dir = resolveSubmission(options.cwd, options.dir);
  const report = await gradeSubmission({ cwd: options.cwd, dir: options.dir, tasks: TASK_IDS, timeoutMs: options.timeoutMs, typecheck: options.typecheck ?? false, ...(options.extra ? { extra: options.extra } : {}) });
  const progress = readProgress(dir);
  const saved = await writeProgress(dir, recordReport(progress, report, (options.now?.() ?? new Date()).toISOString()));
  const file = path.relative(options.cwd, path.join(dir, PROGRESS_FILE)).split(path.sep).join("/");
  return { ...statusFromReport(report, progress.tasks), ...(saved ? { progressFile: file } : {}) };
}
