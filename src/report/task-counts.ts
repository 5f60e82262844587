// What a task's numbers count, said with them: evidence lines right, and which checks failed.
// A task that fails never shows a bare full count (a "3/3" over a ✗ reads as a pass).
import type { CheckStatus, TaskStatus } from "./types.js";

export interface TaskCountsInput {
  status: TaskStatus;
  score: number;
  maxScore: number;
  checks: readonly { name: string; kind: string; status: CheckStatus }[];
}

const NAMED = 3;

/** "evidence 2/3": evidence lines right, counted from the checks (the score may weigh them otherwise). */
export function evidenceCount(checks: TaskCountsInput["checks"]): string {
  const lines = checks.filter((c) => c.kind === "evidence");
  return `evidence ${lines.filter((c) => c.status === "pass").length}/${lines.length}`;
}

/** Evidence lines right across a report's tasks (the score is the pack's policy, and may count others too). */
export function evidenceRight(tasks: readonly Pick<TaskCountsInput, "checks">[]): number {
  return tasks.reduce((n, t) => n + t.checks.filter((c) => c.kind === "evidence" && c.status === "pass").length, 0);
}

/** The names of failing checks, the first few: "t1_keys, t1_types and 2 more". */
export function failingNames(names: readonly string[]): string {
  if (names.length <= NAMED) return names.join(", ");
  return `${names.slice(0, NAMED).join(", ")} and ${names.length - NAMED} more`;
}

/** "evidence 3/3 · 2 of 13 checks failed: a, b", "evidence 3/3 · all 13 checks pass", "did not run · evidence 0/3". */
export function taskCounts(task: TaskCountsInput): string {
  const evidence = evidenceCount(task.checks);
  if (task.status === "error") return `did not run · ${evidence}`;
  const judged = task.checks.filter((c) => c.status !== "skip");
  const failed = judged.filter((c) => c.status === "fail" || c.status === "error").map((c) => c.name);
  if (task.status === "pass") return `${evidence} · ${judged.length === 1 ? "its 1 check passes" : `all ${judged.length} checks pass`}`;
  if (failed.length === 0) return `${evidence} · not checked yet (${task.checks.length - judged.length} checks skipped)`;
  return `${evidence} · ${failed.length} of ${judged.length} check${judged.length === 1 ? "" : "s"} failed: ${failingNames(failed)}`;
}
