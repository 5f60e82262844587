// A behaviour check's verdict: failed with the smallest counterexample found and the seed that
// makes it again, skipped when nothing could be judged, else passed.
import type { CheckResult } from "../../../src/report/types.js";

export interface Rule { name: string; title: string; hint: string }
export interface Failure { message: string; expected?: string; actual?: string }

/** beyond: every failure was on inputs of a kind no fixture shows (CheckResult.beyondLines). */
export function verdict(rule: Rule, seed: number, failure: Failure | undefined, judged: number, beyond?: boolean): CheckResult {
  const base = { name: rule.name, kind: "behaviour", title: rule.title, hint: rule.hint } as const;
  const more = beyond ? "\nEvery call it answered wrongly is of a kind no fixture shows (an initialize asking a version no server supports), or wrong only in what no line reads (initialize's serverInfo); the rest hold: it costs one point, not the points of the lines that show its rule." : "";
  if (failure) return { ...base, status: "fail", message: `${failure.message}\n(seed ${seed}: --seed ${seed} makes the same inputs)${more}`, ...(failure.expected !== undefined ? { expected: failure.expected } : {}), ...(failure.actual !== undefined ? { actual: failure.actual } : {}), ...(beyond ? { beyondLines: true as const } : {}) };
  if (judged === 0) return { ...base, status: "skip", message: "Nothing could be judged: the runs it needs did not run." };
  return { ...base, status: "pass" };
}
