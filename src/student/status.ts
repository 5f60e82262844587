// `grade status`: grades the submission, compares each task with the last run remembered in the
// submission's progress file, saves the new state, reads the submission's own evidence file to
// say whether it holds what the code prints now, and says what to do next.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Pack } from "../pack/types.js";
import { parseEvidence } from "../evidence/file.js";
import { evidenceFileFor } from "../evidence/location.js";
import type { ExtraCheckOptions } from "../grading/grade.js";
import { gradeSubmission, resolveSubmission } from "../grading/grade.js";
import { progressFileFor, readProgress, recordReport, writeProgress, type TaskProgress } from "../progress/progress-file.js";
import { lineValue } from "../report/sanitize.js";
import { evidenceCount, evidenceRight } from "../report/task-counts.js";
import type { CheckResult, Report } from "../report/types.js";
import { nextStep, taskState, type NextStep, type TaskState } from "./next-step.js";

export interface TaskStatusLine {
  task: string;
  title: string;
  state: TaskState;
  score: number;
  maxScore: number;
  /** "evidence 2/3": the task's evidence lines right. */
  evidence: string;
  /** The checks that fail or error, by name, in the report's order. */
  failing: string[];
  /** The last remembered run, when there was one. */
  before?: TaskProgress;
}

/** The submission's evidence file, and whether it holds what the code prints now. */
export interface EvidenceFileState {
  /** Relative to the working directory. */
  file: string;
  state: "current" | "out of date" | "missing";
}

export interface StatusReport {
  submission: string;
  score: number;
  maxScore: number;
  /** Evidence lines right, and the pack's evidence lines: not the score, which weighs every check. */
  evidenceRight: number;
  evidenceTotal: number;
  tasksDone: number;
  tasks: TaskStatusLine[];
  next: NextStep;
  evidence?: EvidenceFileState;
  /** The progress file, relative to the working directory; absent when it could not be written. */
  progressFile?: string;
}

export interface StatusOptions {
  cwd: string;
  pack: Pack;
  dir: string;
  timeoutMs?: number;
  typecheck?: boolean;
  /** Checks beyond the evidence lines, as grade runs them; none when absent. */
  extra?: ExtraCheckOptions;
  /** The evidence file to read; by default the submission's own. */
  evidence?: string;
  now?: () => Date;
}

const failing = (checks: CheckResult[]): string[] => checks.filter((c) => c.status === "fail" || c.status === "error").map((c) => c.name);

export function statusFromReport(pack: Pack, report: Report, before: Record<string, TaskProgress>, evidence?: EvidenceFileState): Omit<StatusReport, "progressFile"> {
  const tasks = report.tasks.map((t): TaskStatusLine => ({
    task: t.task, title: t.title, state: taskState(t), score: t.score, maxScore: t.maxScore, evidence: evidenceCount(t.checks), failing: failing(t.checks),
    ...(before[t.task] ? { before: before[t.task] } : {}),
  }));
  return {
    submission: report.submission, score: report.score, maxScore: report.maxScore,
    evidenceRight: evidenceRight(report.tasks), evidenceTotal: pack.evidence.length,
    tasksDone: tasks.filter((t) => t.state === "done").length, tasks, next: nextStep(pack, report, undefined, evidence?.file),
    ...(evidence ? { evidence } : {}),
  };
}

/** Reads the evidence file: current when every line is what the code prints now, and no other. */
export function evidenceFileState(pack: Pack, cwd: string, file: string, report: Report): EvidenceFileState {
  const abs = path.resolve(cwd, file);
  if (!existsSync(abs)) return { file, state: "missing" };
  let text: string;
  try {
    text = readFileSync(abs, "utf8");
  } catch {
    return { file, state: "missing" };
  }
  const { entries } = parseEvidence(text, pack.evidence);
  const same = pack.evidence.every(({ key }) => {
    const printed = report.evidence[key];
    return printed === undefined ? entries[key] === undefined : entries[key]?.value === lineValue(printed).trim();
  });
  return { file, state: same ? "current" : "out of date" };
}

export async function statusCommand(options: StatusOptions): Promise<StatusReport> {
  const { pack } = options;
  const dir = resolveSubmission(options.cwd, options.dir, pack);
  const report = await gradeSubmission({ cwd: options.cwd, pack, dir: options.dir, tasks: pack.tasks.map((t) => t.id), timeoutMs: options.timeoutMs, typecheck: options.typecheck ?? false, ...(options.extra ? { extra: options.extra } : {}) });
  const progress = readProgress(options.cwd, options.dir);
  const saved = await writeProgress(options.cwd, options.dir, recordReport(progress, report, (options.now?.() ?? new Date()).toISOString()));
  const evidence = evidenceFileState(pack, options.cwd, options.evidence ?? evidenceFileFor(options.cwd, dir, pack), report);
  return { ...statusFromReport(pack, report, progress.tasks, evidence), ...(saved ? { progressFile: progressFileFor(options.cwd, options.dir) } : {}) };
}
