// The end-of-batch summary as data: counts by status, a score histogram and the checks that
// failed most often. The batch reporters render it.
import type { Report } from "../report/types.js";

export interface BatchSummary {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  maxScore: number;
  /** histogram[s] = how many submissions scored s, for s = 0..maxScore. */
  histogram: number[];
  /** Check name and how many submissions failed or errored on it, most first. */
  mostFailed: { check: string; count: number }[];
}

export function summarise(reports: readonly Report[], top = 5): BatchSummary {
  const maxScore = Math.max(0, ...reports.map((r) => r.maxScore));
  const histogram = Array.from({ length: maxScore + 1 }, () => 0);
  const failures = new Map<string, number>();
  for (const r of reports) {
    histogram[Math.min(Math.max(r.score, 0), maxScore)]! += 1;
    const failed = new Set(r.tasks.flatMap((t) => t.checks.filter((c) => c.status === "fail" || c.status === "error").map((c) => c.name)));
    for (const name of failed) failures.set(name, (failures.get(name) ?? 0) + 1);
  }
  const mostFailed = [...failures].map(([check, count]) => ({ check, count }))
    .sort((a, b) => b.count - a.count || (a.check < b.check ? -1 : 1)).slice(0, top);
  return {
    total: reports.length,
    passed: reports.filter((r) => r.status === "pass").length,
    failed: reports.filter((r) => r.status === "fail").length,
    errored: reports.filter((r) => r.status === "error").length,
    maxScore, histogram, mostFailed,
  };
}
