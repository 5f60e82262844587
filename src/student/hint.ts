// `grade hint TASK [--level N]`: the next hint the student has not seen yet for a task (or the
// level asked for), remembered in the submission's progress file so that hints unfold in order.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { HINTS, type Hint } from "../course/hints.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { UserError } from "../cli/errors.js";
import { readProgress, recordHint, writeProgress } from "../progress/progress-file.js";

export interface HintResult {
  task: TaskId;
  title: string;
  level: number;
  levels: number;
  hint: Hint;
}

export interface HintOptions {
  cwd: string;
  dir: string;
  task: TaskId;
  level?: number;
}

export function parseLevel(value: string | undefined, task: TaskId): number | undefined {
  if (value === undefined) return undefined;
  const levels = HINTS[task].length;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > levels) {
    throw new UserError(`${task} has ${levels} hints, from a nudge (1) to the exact rule (${levels}); --level takes a whole number from 1 to ${levels}, got "${value}".`);
  }
  return n;
}

export async function showHint(options: HintOptions): Promise<HintResult> {
  const hints = HINTS[options.task];
  const dir = path.resolve(options.cwd, options.dir);
  const remembers = existsSync(dir) && statSync(dir).isDirectory();
  const progress = remembers ? readProgress(dir) : undefined;
  const seen = progress?.hintsSeen[options.task] ?? 0;
  const level = options.level ?? Math.min(seen + 1, hints.length);
  if (progress) await writeProgress(dir, recordHint(progress, options.task, level));
  return { task: options.task, title: TASKS[options.task].title, level, levels: hints.length, hint: hints[level - 1]! };
}
