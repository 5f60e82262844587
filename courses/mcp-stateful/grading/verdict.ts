// A behaviour check's verdict: failed with the smallest counterexample found and the seed that
// makes it again, skipped when nothing could be judged, else passed.
import type { CheckResult } from "../../../src/report/types.js";

export interface Rule { name: string; title: string; hint: string }
export interface Failure { message: string; expected?: string; actual?: string }

export function verdict(rule: Rule, seed: number, failure: Failure | undefined, judged: number): CheckResult {
  const base = { name: rule.name, kind: "behaviour", title: rule.title, hint: rule.hint } as const;
  if (failure) return { ...base, status: "fail", message: `${failure.message}\n(seed ${seed}: --seed ${seed} makes the same inputs)`, ...(failure.expected !== undefined ? { expected: failure.expected } : {}), ...(failure.actual !== undefined ? { actual: failure.actual } : {}) };
  if (judged === 0) return { ...base, status: "skip", message: "Nothing could be judged: the runs it needs did not run." };
  return { ...base, status: "pass" };
}
