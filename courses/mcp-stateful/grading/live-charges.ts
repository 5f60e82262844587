// One mistake, one point, across the pipe: the stdio check's session answers what the behaviour
// checks judge on their own sessions, so a wrong line the model's rule decided (the gate, the
// envelope: rules no evidence line names, which cost their kind's point) would cost the stdio
// kind's point too. live/stdio.ts marks such a line with the check of its rule; once every check
// is in, the mark stays where that check failed too (the same mistake, charged there) and is
// dropped where it passed (the pipe shows a mistake of its own, and the stdio check charges it).
import type { CheckResult } from "../../../src/report/types.js";
import { SERVER_CHECKS } from "../behaviour/server-checks.js";

const LIVE_KINDS = new Set(["stdio", "interop"]);
const RULE_CHECKS = new Set(SERVER_CHECKS.map((c) => c.name));

/** `checks` with each live check's mark resolved; undefined when no check was marked. */
export function chargeLiveToRules(checks: readonly CheckResult[]): CheckResult[] | undefined {
  const byName = new Map(checks.map((c) => [c.name, c]));
  let changed = false;
  const out = checks.map((check) => {
    if (check.chargedTo === undefined || !LIVE_KINDS.has(check.kind) || !RULE_CHECKS.has(check.chargedTo)) return check;
    changed = true;
    // A check that did not run (behaviour checks off) charges nothing: the pipe's failure is its own.
    const owner = byName.get(check.chargedTo);
    if (owner?.status === "fail") return { ...check, message: `${check.message ?? ""} The same mistake as ${owner.name}'s, charged there.`.trim() };
    const { chargedTo: _, ...own } = check;
    return own;
  });
  return changed ? out : undefined;
}
