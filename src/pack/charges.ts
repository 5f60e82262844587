// One mistake, one point, across a pack's tasks (issue 20): a pack judges each task alone, and a
// check whose failure only reads through another task's mistake is marked with that task's id
// until every task is judged; then it is charged to the check that charges the mistake there
// (CheckResult.chargedTo), or charged where it is when that task failed nothing.
import type { CheckResult } from "../report/types.js";

/** The check that charges a task's mistake: a failed evidence line first, else any failed check, followed to where it is charged. */
export function chargingCheck(checks: readonly CheckResult[]): string | undefined {
  const failed = checks.find((c) => c.status === "fail" && c.kind === "evidence") ?? checks.find((c) => c.status === "fail");
  return failed ? failed.chargedTo ?? failed.name : undefined;
}

/**
 * `checks` with those marked `chargedTo: task` charged to the check that charges that task's
 * mistake (`why` says how, after the check's own message), or unmarked when it failed nothing.
 */
export function resolveCharges(checks: readonly CheckResult[], task: string, its: readonly CheckResult[], why: (target: string) => string): CheckResult[] {
  const target = chargingCheck(its);
  return checks.map((check) => {
    if (check.chargedTo !== task) return check;
    const { chargedTo: _, ...own } = check;
    return target ? { ...own, chargedTo: target, message: `${check.message ?? ""} ${why(target)}`.trim() } : own;
  });
}
