// One mistake, one point, across the pipe: the stdio check's session answers what the behaviour
// checks judge on their own sessions, so a wrong line the model's rule decided (the gate, the
// envelope: rules no evidence line names, which cost their kind's point) would cost the stdio
// kind's point too. live/stdio.ts marks such a line with the check of its rule; once every check
// is in, the mark stays where that check failed too (the same mistake, charged there) and is
// dropped where it passed (the pipe shows a mistake of its own, and the stdio check charges it),
// unless the line answers a string id and t2_envelope failed: a server of integer ids only
// (grading/string-ids.ts). An SDK step is marked t2_envelope's when a response came back under an
// id the client never sent (live/unmatched-ids.ts).
import type { CheckResult } from "../../../src/report/types.js";
import { SERVER_CHECKS } from "../behaviour/server-checks.js";
import { failedOnStringId } from "../live/stdio.js";

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
    // A request with a string id, its method's rule holding in the sessions: the id's mistake when
    // t2_envelope failed too (a server of integer ids only fails it on the sessions' string ids).
    const envelope = byName.get("t2_envelope");
    if (owner?.status === "pass" && envelope?.status === "fail" && failedOnStringId(check)) {
      return { ...check, chargedTo: envelope.name, message: `${check.message ?? ""} Its id is a string, and your server answers string ids wrongly: the same mistake as t2_envelope's, charged there.`.trim() };
    }
    const { chargedTo: _, ...own } = check;
    return own;
  });
  return changed ? out : undefined;
}
