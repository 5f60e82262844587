// One slip in how a response's id is written (Number(id), String(id), a string id left out) breaks
// every answer under an id of that kind, in every family whose inputs hold one: the families take
// string ids and number ids alike, so that no rule is followed under the page's kind of id only
// (cheats-round-2026-12-07f ch2-args-number-ids-only). The id is the id rule's; a family whose
// failing inputs are each answered right but for the id is charged there, so the slip costs one
// point however many families it reaches. One input answered wrong beyond its id keeps the
// failure the family's own.
import type { CheckResult } from "../report/types.js";

export interface IdReach {
  /** The check whose failure is looked at. */
  name: string;
  /** The indices of its inputs that failed. */
  failing: readonly number[];
  /** Whether the answer to its input at this index is the rule's answer once it carries the request's id. */
  rightButForId: (index: number) => boolean;
}

/** Each failure of `reaches` (not already charged) made only of answers right but for their id, charged to `idRule` where it failed. */
export function chargeIdSlips(results: readonly CheckResult[], reaches: readonly IdReach[], idRule: string): CheckResult[] {
  if (!results.some((r) => r.name === idRule && r.status === "fail")) return [...results];
  const byName = new Map(reaches.map((r) => [r.name, r]));
  return results.map((r) => {
    const reach = byName.get(r.name);
    if (!reach || r.name === idRule || r.status !== "fail" || r.chargedTo !== undefined || reach.failing.length === 0) return r;
    if (!reach.failing.every((i) => reach.rightButForId(i))) return r;
    // Its answers say what the rule says: a mistake of its own was none (ownMistake read the id).
    const { ownMistake: _, ...rest } = r;
    return { ...rest, chargedTo: idRule, message: `${r.message ?? ""} Each of them is the rule's answer but for its id, which is not the request's: the way ids are written, charged by ${idRule}; it costs nothing more here.`.trim() };
  });
}
