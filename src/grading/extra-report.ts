// Folds the extra checks into a report: after each task's evidence checks, skipped with the
// reason when the task could not run on the fixtures (one root cause, not a cascade), task and
// report statuses recomputed, and a per-kind count beside the unchanged evidence score.
import { TASKS, type TaskId } from "../course/tasks.js";
import type { CheckResult, KindSummary, Report, TaskResult, TaskStatus } from "../report/types.js";
import type { ExtraRun } from "./extra-checks.js";

function skipAll(checks: CheckResult[], why: string): CheckResult[] {
  return checks.map(({ name, kind, title, hint }) => ({ name, kind, title, ...(hint ? { hint } : {}), status: "skip", message: why }));
}

function sanitiseCheck(check: CheckResult, sanitise: (t: string) => string): CheckResult {
  let out = check;
  for (const key of ["message", "expected", "actual"] as const) {
    const v = check[key];
    const clean = typeof v === "string" ? sanitise(v) : v;
    // Copied only when a path changed: a batch's identical checks (extra-checks.ts judges each
    // distinct answer once) then stay one object, not one per student.
    if (clean !== v) out = { ...out, [key]: clean };
  }
  return out;
}

/** Why a task's extra checks cannot be trusted to run, or undefined when they can. */
function blocker(task: TaskId, byTask: Map<TaskId, TaskResult>): string | undefined {
  // The live server runs handle, so the stdio checks of task3 also need task2.
  const needed: TaskId[] = task === "task3" ? ["task3", "task2"] : [task];
  for (const t of needed) {
    const result = byTask.get(t);
    if (result?.message) return `${TASKS[t].file} did not run on the fixtures (see its message), so this check was not run.`;
  }
  return undefined;
}

function taskStatus(task: TaskResult): TaskStatus {
  if (task.status === "error") return "error";
  return task.checks.some((c) => c.status === "fail" || c.status === "error") || task.message ? "fail" : "pass";
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

// serve hands every message to the student's handle, so a wrong handle also breaks task3's
// generated checks: say so, so the student starts with the root cause.
const HANDLE_FIRST = " serve passes each message to your handle, whose own behaviour checks (task2) fail too: fix those first, then look at this one again.";

function noteHandleFailures(checks: CheckResult[], extra: ExtraRun): CheckResult[] {
  const handleFails = (extra.checks.task2 ?? []).some((c) => c.kind === "behaviour" && c.status === "fail");
  if (!handleFails) return checks;
  return checks.map((c) => (c.kind === "behaviour" && c.status === "fail" ? { ...c, message: `${c.message ?? ""}${HANDLE_FIRST}` } : c));
}

export function withExtraChecks(report: Report, extra: ExtraRun, sanitise: (t: string) => string): Report {
  const byTask = new Map(report.tasks.map((t) => [t.task, t]));
  const tasks = report.tasks.map((task): TaskResult => {
    const listed = (extra.checks[task.task] ?? []).map((c) => sanitiseCheck(c, sanitise));
    const own = task.task === "task3" ? noteHandleFailures(listed, extra) : listed;
    const why = blocker(task.task, byTask);
    const checks = [...task.checks, ...(why ? skipAll(own, why) : own)];
    const merged = { ...task, checks };
    return { ...merged, status: taskStatus(merged) };
  });
  const status: TaskStatus = tasks.some((t) => t.status === "error") ? "error" : tasks.some((t) => t.status === "fail") ? "fail" : "pass";
  return { ...report, status, tasks, ...(extra.seed !== undefined ? { seed: extra.seed } : {}), byKind: summariseKinds(tasks) };
}
