// What grade remembers between runs, in one small file per submission in the working
// directory's .grade/progress/ (never in the submission folder, which is the student's, nor in
// the evidence file, which holds only the chapter's 17 lines): each task's last result, when it
// first passed, and how many hints were shown for it and for each check.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { submissionKey } from "../evidence/location.js";
import type { Report, TaskStatus } from "../report/types.js";

export const PROGRESS_DIR = ".grade/progress";

/** The progress file of the submission in `dir`, relative to `cwd`, with `/` separators. */
export function progressFileFor(cwd: string, dir: string): string {
  return `${PROGRESS_DIR}/${submissionKey(cwd, dir)}.json`;
}

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
  tasks: Record<string, TaskProgress>;
  /** The highest hint level shown per task. */
  hintsSeen: Record<string, number>;
  /** The highest hint level shown for each check, by its name: hints follow the failing check. */
  hintsFor: Record<string, number>;
}

export const emptyProgress = (): Progress => ({ version: 1, tasks: {}, hintsSeen: {}, hintsFor: {} });

const isLevel = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;

function isProgress(value: unknown): value is Progress {
  const v = value as Progress | null;
  return typeof v === "object" && v !== null && v.version === 1 && typeof v.tasks === "object" && v.tasks !== null
    && typeof v.hintsSeen === "object" && v.hintsSeen !== null;
}

/** The remembered progress; a missing or damaged file (ours, not the student's) starts afresh. */
export function readProgress(cwd: string, dir: string): Progress {
  const file = path.resolve(cwd, progressFileFor(cwd, dir));
  if (!existsSync(file)) return emptyProgress();
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (!isProgress(parsed)) return emptyProgress();
    const tasks: Progress["tasks"] = {};
    const hintsSeen: Progress["hintsSeen"] = {};
    // Our own file, but read as data: task ids as packs name them, nothing else.
    const ids = [...Object.keys(parsed.tasks), ...Object.keys(parsed.hintsSeen)].filter((t) => /^[A-Za-z0-9_-]{1,64}$/.test(t) && t !== "__proto__");
    for (const t of new Set(ids)) {
      if (Object.hasOwn(parsed.tasks, t) && parsed.tasks[t]) tasks[t] = parsed.tasks[t]!;
      const seen = parsed.hintsSeen[t];
      if (isLevel(seen)) hintsSeen[t] = seen;
    }
    const hintsFor: Progress["hintsFor"] = {};
    const savedFor: unknown = (parsed as { hintsFor?: unknown }).hintsFor;
    if (typeof savedFor === "object" && savedFor !== null) {
      for (const [check, level] of Object.entries(savedFor)) if (isLevel(level)) hintsFor[check] = level;
    }
    return { version: 1, tasks, hintsSeen, hintsFor };
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

export function recordHint(progress: Progress, task: string, level: number, check?: string): Progress {
  const hintsSeen = { ...progress.hintsSeen, [task]: Math.max(level, progress.hintsSeen[task] ?? 0) };
  const hintsFor = check === undefined ? progress.hintsFor : { ...progress.hintsFor, [check]: Math.max(level, progress.hintsFor[check] ?? 0) };
  return { ...progress, hintsSeen, hintsFor };
}

/**
 * Saves progress. Remembering is a convenience: a read-only working directory must not stop
 * grading, so a failed write is reported to the caller as false, not thrown.
 */
export async function writeProgress(cwd: string, dir: string, progress: Progress): Promise<boolean> {
  try {
    const file = path.resolve(cwd, progressFileFor(cwd, dir));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(progress, null, 2) + "\n");
    return true;
  } catch {
    return false;
  }
}
