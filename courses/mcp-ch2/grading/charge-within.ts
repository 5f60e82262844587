// One slip seen by two of handle's argument checks (presence.ts, type-messages.ts,
// decorated-messages.ts): the judge reads the answers, finds which check shows the slip first, and
// charges the others that show it again there (CheckResult.chargedTo), wherever the task keeps them.
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";

/** A check of the task's (its lines and its extra checks) that failed and is charged nowhere yet. */
export function ownFailure(judged: TaskJudgement, name: string): CheckResult | undefined {
  return [...judged.checks, ...(judged.extra ?? [])].find((c) => c.name === name && c.status === "fail" && c.chargedTo === undefined);
}

/** Each failed, uncharged check for which `shows` holds charged to `to`, `why` after its message. */
export function chargeWithin(judged: TaskJudgement, to: string, why: string, shows: (c: CheckResult) => boolean): void {
  const mark = (c: CheckResult): CheckResult => (c.status === "fail" && c.chargedTo === undefined && c.name !== to && shows(c)
    ? { ...c, chargedTo: to, message: `${c.message ?? ""} ${why}` } : c);
  judged.checks = judged.checks.map(mark);
  if (judged.extra) judged.extra = judged.extra.map(mark);
}
