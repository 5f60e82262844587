// What grade remembers between runs, in one small file in the submission folder (never in the
// evidence file, which holds only the chapter's 17 lines): each task's last result, when it
// first passed, and how many hints were shown for it.
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { TASK_IDS, type TaskId } from "../course/tasks.js";
import type { Report, TaskStatus } from "../report/types.js";

export const PROGRESS_FILE = ".grade-progress.json";

export interface TaskProgress {
  status: TaskStatus;
  score: number;
  maxScore: number;
  /** ISO time of the run this came from. */
  at: string;
  firstPassedAt?: string;
}

export interface Progress {
  version: 1;
  tasks: Partial<Record<TaskId, TaskProgress>>;
  /** The highest hint level shown per task. */
  hintsSeen: Partial<Record<TaskId, number>>;
}

export const emptyProgress = (): Progress => ({ version: 1, tasks: {}, hintsSeen: {} });

function isProgress(value: unknown): value is Progress {
  const v = value as Progress | null;
  return typeof v === "object" && v !== null && v.version === 1 && typeof v.tasks === "object" && v.tasks !== null
    && typeof v.hintsSeen === "object" && v.hintsSeen !== null;
}

/** The remembered progress; a missing or damaged file (ours, not the student's) starts afresh. */
export function readProgress(submissionDir: string): Progress {
  const file = path.join(submissionDir, PROGRESS_FILE);
  if (!existsSync(file)) return emptyProgress();
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!isProgress(parsed)) return emptyProgress();
    const tasks: Progress["tasks"] = {};
    const hintsSeen: Progress["hintsSeen"] = {};
    for (const t of TASK_IDS) {
      if (parsed.tasks[t]) tasks[t] = parsed.tasks[t];
      const seen = parsed.hintsSeen[t];
      if (typeof seen === "number" && Number.isInteger(seen) && seen > 0) hintsSeen[t] = seen;
    }
    return { version: 1, tasks, hintsSeen };
  } catch {
    return emptyProgress();
  }
}

export function recordReport(progress: Progress, report: Report, at: string): Progress {
  const tasks = { ...progress.tasks };
  for (const t of report.tasks) {
    const before = tasks[t.task];
    const firstPassedAt = before?.firstPassedAt ?? (t.status === "pass" ? at : undefined);
    tasks[t.task] = { status: t.status, score: t.score, maxScore: t.maxScore, at, ...(firstPassedAt ? { firstPassedAt } : {}) };
  }
  return { ...progress, tasks };
}

export function recordHint(progress: Progress, task: TaskId, level: number): Progress {
  return { ...progress, hintsSeen: { ...progress.hintsSeen, [task]: Math.max(level, progress.hintsSeen[task] ?? 0) } };
}

/**
 * Saves progress. Remembering is a convenience: a read-only submission folder must not stop
 * grading, so a failed write is reported to the caller as false, not thrown.
 */
export async function writeProgress(submissionDir: string, progress: Progress): Promise<boolean> {
  try {
    await writeFile(path.join(submissionDir, PROGRESS_FILE), JSON.stringify(progress, null, 2) + "\n");
    return true;
  } catch {
    return false;
  }
}
