// One mistake, one task's point: toMcp's print shows again in handle's live server, which loads
// task1.ts, and breaks the stdio rule there (and what the SDK's client reads). t1_no_stdout
// charges it; the live checks it explains are shown failed and cost task 2 nothing more.
import type { CheckResult } from "../../../src/report/types.js";

/** The lines t1_no_stdout saw toMcp print, when it failed. */
function printedByTask1(tasks: readonly { task: string; checks: readonly CheckResult[] }[]): Set<string> {
  const check = tasks.find((t) => t.task === "task1")?.checks.find((c) => c.name === "t1_no_stdout");
  if (check?.status !== "fail" || typeof check.actual !== "string") return new Set();
  return new Set(check.actual.split("\n").filter((line) => line !== ""));
}

export function settle(tasks: readonly { task: string; checks: readonly CheckResult[] }[]): Record<string, CheckResult[]> {
  const printed = printedByTask1(tasks);
  const out: Record<string, CheckResult[]> = {};
  const task2 = tasks.find((t) => t.task === "task2");
  if (!task2 || printed.size === 0) return out;
  const stdio = task2.checks.find((c) => c.name === "t2_stdio_clean");
  if (stdio?.status !== "fail" || typeof stdio.actual !== "string" || !printed.has(stdio.actual)) return out;
  const note = " That line is toMcp's print (task1.ts), charged by t1_no_stdout: it costs task 2 nothing more.";
  out["task2"] = task2.checks.map((c) => (c.status === "fail" && (c === stdio || c.kind === "interop") ? { ...c, chargedTo: "t1_no_stdout", message: `${c.message ?? ""}${note}` } : c));
  return out;
}
