// Folds the extra checks into a report: after each task's evidence checks, skipped with the
// reason when the task could not run on the fixtures (one root cause, not a cascade), task and
// report statuses recomputed, a per-kind count, and the score again under the course's policy.
import { scoreReport } from "../pack/score.js";
import type { Pack } from "../pack/types.js";
import type { CheckResult, KindSummary, Report, TaskResult, TaskStatus } from "../report/types.js";

/** The checks beyond the evidence per task, and the seed of their generated inputs. */
export interface ExtraRun {
  seed?: number;
  checks: Record<string, CheckResult[]>;
}

function skipAll(checks: CheckResult[], why: string): CheckResult[] {
  return checks.map(({ name, kind, title, hint }) => ({ name, kind, title, ...(hint ? { hint } : {}), status: "skip", message: why }));
}

/** Why a task's extra checks cannot be trusted to run, or undefined when they can: its own run only. */
function blocker(pack: Pack, task: string, byTask: Map<string, TaskResult>): string | undefined {
  const result = byTask.get(task);
  const file = pack.tasks.find((t) => t.id === task)?.file ?? task;
  return result?.message ? `${file} did not run on the fixtures (see its message), so this check was not run.` : undefined;
}

// A task passes only when every check passed: a skipped check is never a pass.
function taskStatus(task: TaskResult): TaskStatus {
  if (task.status === "error") return "error";
  return task.checks.some((c) => c.status !== "pass") || task.message ? "fail" : "pass";
}

export function summariseKinds(tasks: TaskResult[]): Record<string, KindSummary> {
  const byKind: Record<string, KindSummary> = {};
  for (const check of tasks.flatMap((t) => t.checks)) {
    const k = (byKind[check.kind] ??= { passed: 0, total: 0 });
    k.total += 1;
    if (check.status === "pass") k.passed += 1;
  }
  return byKind;
}

export function withExtraChecks(pack: Pack, report: Report, extra: ExtraRun): Report {
  const byTask = new Map(report.tasks.map((t) => [t.task, t]));
  const merged = report.tasks.map((task): TaskResult => {
    const own = extra.checks[task.task] ?? [];
    const why = blocker(pack, task.task, byTask);
    return { ...task, checks: [...task.checks, ...(why ? skipAll(own, why) : own)] };
  });
  const settled = pack.settle?.(merged);
  const tasks = merged.map((task): TaskResult => {
    const checks = settled?.[task.task] ?? task.checks;
    return { ...task, checks, status: taskStatus({ ...task, checks }) };
  });
  const status: TaskStatus = tasks.some((t) => t.status === "error") ? "error" : tasks.some((t) => t.status === "fail") ? "fail" : "pass";
  return scoreReport({ ...report, status, tasks, ...(extra.seed !== undefined ? { seed: extra.seed } : {}), byKind: summariseKinds(tasks) }, pack.score);
}
