// A presence test by truthiness (`if (!args[name])`) takes "" and null for missing: the empty
// query's answer names it missing (t2_empty_query), and a required null fails by the same test
// (t2_null_required), one slip, one point. A handle that refuses "" by a rule of its own ("query
// must not be empty") and skips null values as not given makes two mistakes, a point each: its
// empty query's answer says something else, and t2_null_required stays its own. An optional null
// (t2_null_optional) is no required field's: a falsy optional value skipped as not given shows in
// the limit of 0 searched (t2_limit_bounds), and is charged there.
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { chargeWithin, ownFailure } from "./charge-within.js";

const MISSING_QUERY = "missing required field: query";

export function chargeNullsToPresence(handle: TaskJudgement): void {
  const empty = ownFailure(handle, "t2_empty_query");
  if (!empty?.actual?.includes(MISSING_QUERY)) return;
  chargeWithin(handle, empty.name, "The empty query is called missing too (t2_empty_query): one test of presence by truthiness, charged there; it costs nothing more here.",
    (c) => c.name === "t2_null_required");
}

/** Whether a check's smallest counterexample is a call with a limit of 0 answered by a search (no tool error). */
const zeroSearched = (c: CheckResult): boolean =>
  /"limit":0[,}]/.test(c.message ?? "") && /"isError":false/.test(c.actual ?? "");

export function chargeNullToFalsySkip(handle: TaskJudgement): void {
  const bounds = ownFailure(handle, "t2_limit_bounds");
  if (!bounds || !zeroSearched(bounds)) return;
  chargeWithin(handle, bounds.name, "A limit of 0 is searched too (t2_limit_bounds): one test of presence by the value, charged there; it costs nothing more here.",
    (c) => c.name === "t2_null_optional" && /"isError":false/.test(c.actual ?? ""));
}
