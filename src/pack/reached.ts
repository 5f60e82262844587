// A general rule's inputs may each hold a case of another rule too (several problems in one call,
// an unknown tool named "constructor"): a slip in that rule fails them here as well. Rather than
// read through the other rule whole (which hid a mistake of this rule's own beside it), the judge
// looks at the inputs that failed: when each holds a case of a rule whose own check failed, the
// failure is that rule's, charged there; one failing input that no failed rule reaches keeps it
// this rule's own mistake.
import type { CheckResult } from "../report/types.js";

export interface Reach {
  /** The check whose failure is looked at. */
  name: string;
  /** The checks whose slip reaches its input at this index (each holds a case of their rule). */
  reachedBy: (input: unknown, index: number) => readonly string[];
  inputs: readonly unknown[];
  /** The indices of its inputs that failed. */
  failing: readonly number[];
}

export function chargeReached(results: readonly CheckResult[], reaches: readonly Reach[]): CheckResult[] {
  const failed = new Set(results.filter((r) => r.status === "fail").map((r) => r.name));
  const byName = new Map(reaches.map((r) => [r.name, r]));
  return results.map((r) => {
    const reach = byName.get(r.name);
    if (!reach || r.status !== "fail" || r.chargedTo !== undefined || reach.failing.length === 0) return r;
    const by = reach.failing.map((i) => reach.reachedBy(reach.inputs[i], i).find((name) => failed.has(name)));
    const to = by[0];
    if (to === undefined || by.some((b) => b === undefined)) return r;
    return { ...r, chargedTo: to, message: `${r.message ?? ""} Every one of them holds a case that ${to} fails on alone: that mistake, charged there; it costs nothing more here.`.trim() };
  });
}
