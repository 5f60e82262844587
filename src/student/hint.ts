// `grade hint [TASK] [--level N]`: the next hint for the task's first failing check (the hints
// about that check, then the exact rule), or the level asked for. A task not written yet, or
// one that does not run, unfolds all the task's hints in order. What was shown is remembered in
// the submission's progress file, per check, so that hints unfold in order.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Hint, Pack } from "../pack/types.js";
import { UserError } from "../cli/errors.js";
import { gradeSubmission } from "../grading/grade.js";
import { readProgress, recordHint, writeProgress } from "../progress/progress-file.js";
import type { CheckResult, Report } from "../report/types.js";
import { firstFailingCheck, taskState } from "./next-step.js";

export interface HintResult {
  task: string;
  title: string;
  /** The submission folder as the user named it, for the commands the hint prints. */
  dir: string;
  /** The check the hint is for: the task's first failing check, when it has one. */
  check?: { name: string; title: string };
  /** The task passes every check: there is nothing to hint at (no level was asked for). */
  passes?: true;
  level: number;
  levels: number;
  /** The levels this check's hints go through, in order (every level for the task as a whole). */
  ladder: number[];
  hint: Hint;
}

export interface HintOptions {
  cwd: string;
  pack: Pack;
  dir: string;
  task: string;
  level?: number;
  /**
   * The latest report of the submission (watch has one); without it the task is graded now, with
   * the checks grade runs by default, to find its first failing check.
   */
  report?: Report;
  timeoutMs?: number;
}

export function parseLevel(pack: Pack, value: string | undefined, task: string): number | undefined {
  if (value === undefined) return undefined;
  const levels = pack.hints[task]?.length ?? 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > levels) {
    throw new UserError(`${task} has ${levels} hints, from a nudge (1) to the exact rule (${levels}); --level takes a whole number from 1 to ${levels}, got "${value}".`);
  }
  return n;
}

/** The levels (from 1) of the hints about a check, ending with the exact rule; all of them for none. */
export function hintLadder(pack: Pack, task: string, check?: string): number[] {
  const hints = pack.hints[task] ?? [];
  const all = hints.map((_, i) => i + 1);
  if (check === undefined) return all;
  return all.filter((level) => level === hints.length || hints[level - 1]!.checks.includes(check));
}

/** The check a hint is for: the first that fails, in a task that runs and was started. */
export function hintedCheck(report: Report | undefined, task: string, pack?: Pick<Pack, "rootCauses">): CheckResult | undefined {
  const result = report?.tasks.find((t) => t.task === task);
  if (!result || taskState(result) !== "in progress") return undefined;
  return firstFailingCheck(result, pack);
}

const shownDir = (dir: string): string => dir.split(path.sep).join("/");

/**
 * The task `grade hint` with no task is about: the first that does not pass, graded now (the
 * first task when the folder does not exist yet, the last when every task passes).
 */
export async function firstUnfinishedTask(options: Pick<HintOptions, "cwd" | "pack" | "dir" | "timeoutMs">): Promise<{ task: string; report?: Report }> {
  const { pack } = options;
  const abs = path.resolve(options.cwd, options.dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) return { task: pack.tasks[0]!.id };
  // Graded as showHint grades one task, so its report serves the hint too.
  const report = await gradeSubmission({ cwd: options.cwd, pack, dir: options.dir, tasks: pack.tasks.map((t) => t.id), typecheck: true, extra: { live: true }, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) });
  return { task: (report.tasks.find((t) => t.status !== "pass") ?? report.tasks.at(-1)!).task, report };
}

export async function showHint(options: HintOptions): Promise<HintResult> {
  const { pack } = options;
  const hints = pack.hints[options.task] ?? [];
  if (hints.length === 0) throw new UserError(`The pack ${pack.id} has no hints for ${options.task}. Reread the task's text in its starter file.`);
  const abs = path.resolve(options.cwd, options.dir);
  const dir = existsSync(abs) && statSync(abs).isDirectory();
  const report = options.report ?? (dir ? await gradeSubmission({
    cwd: options.cwd, pack, dir: options.dir, tasks: [options.task],
    typecheck: true, extra: { live: true }, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  }) : undefined);
  const task = report?.tasks.find((t) => t.task === options.task);
  const check = hintedCheck(report, options.task, pack);
  const ladder = hintLadder(pack, options.task, check?.name);
  const progress = dir ? readProgress(options.cwd, options.dir) : undefined;
  const seen = check ? progress?.hintsFor[check.name] ?? 0 : progress?.hintsSeen[options.task] ?? 0;
  const level = options.level ?? ladder.find((l) => l > seen) ?? ladder.at(-1)!;
  const passes = options.level === undefined && task?.status === "pass";
  if (progress && !passes) await writeProgress(options.cwd, options.dir, recordHint(progress, options.task, level, check?.name));
  return {
    task: options.task, title: pack.tasks.find((t) => t.id === options.task)?.title ?? options.task, dir: shownDir(options.dir),
    ...(check ? { check: { name: check.name, title: check.title } } : {}), ...(passes ? { passes: true as const } : {}),
    level, levels: hints.length, ladder, hint: hints[level - 1]!,
  };
}
