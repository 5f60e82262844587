// A presence test by truthiness (`if (!args[name])`) takes "" and null for missing: the empty
// query's answer names it missing (t2_empty_query), and every null value fails by the same test
// (t2_null_values), one slip, one point. A handle that refuses "" by a rule of its own ("query
// must not be empty") and skips null values as not given makes two mistakes, a point each: its
// empty query's answer says something else, and t2_null_values stays its own.
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";

const MISSING_QUERY = "missing required field: query";

export function chargeNullsToPresence(handle: TaskJudgement): void {
  const checks = [...handle.checks, ...(handle.extra ?? [])];
  const empty = checks.find((c) => c.name === "t2_empty_query");
  if (empty?.status !== "fail" || empty.chargedTo !== undefined || !empty.actual?.includes(MISSING_QUERY)) return;
  const mark = (c: CheckResult): CheckResult => (c.name === "t2_null_values" && c.status === "fail" && c.chargedTo === undefined
    ? { ...c, chargedTo: empty.name, message: `${c.message ?? ""} The empty query is called missing too (t2_empty_query): one test of presence by truthiness, charged there; it costs nothing more here.` }
    : c);
  handle.checks = handle.checks.map(mark);
  if (handle.extra) handle.extra = handle.extra.map(mark);
}
