// How a submission's score is counted: the course's score policy, as data. Every reporter shows
// the score this file computes (report.score, each task's score, Gradescope's tests), so the
// number is the same in pretty, json, junit, gradescope, grades.csv and the GitHub summary.
//
// The default policy:
// - each of the chapter's 17 evidence lines earns 1 point when it is right (17 in all);
// - a check of a rule the chapter states earns nothing of its own, but a broken rule takes a
//   point off its task: nothing but protocol messages on stdout (t1/t2/t3_no_stdout, and the
//   live stdio check, which is the same rule as t2_no_stdout and is not charged twice), serve
//   prints nothing at all (t3_no_stderr), answers JSON can carry (tN_json_data);
// - the chapter's rules on inputs beyond the fixtures (behaviour, schema, interop checks) take
//   one point off a task whose evidence lines are all right, however many of them fail: code
//   that only fits the fixtures cannot have full marks, and a bug an evidence line already
//   charged is not charged again (nor interop when t2_no_stdout failed: a client cannot read
//   such a server);
// - the type check (kind types) is shown, never scored: grade runs it by default, grade batch
//   only with --typecheck, and the score must not depend on which command graded;
// - a task never scores below 0, and a check that was skipped or in error (not judged) neither
//   earns nor costs.
// So code that breaks a rule the chapter states never gets full marks, and the maximum stays
// the number of evidence lines, whichever checks ran.
import type { CheckResult, Report, TaskResult } from "../report/types.js";

export interface Points {
  /** Points a passing check earns; every check of this kind adds as much to its task's maximum. */
  earns: number;
  /** Points a failed check takes off its task's score. */
  costs: number;
  /** The most that the failures of this kind together take off one task. */
  costsAtMost?: number;
  /** A check of the same rule as this one (in the same task): when that one failed, this one costs nothing more. */
  sameRuleAs?: string;
  /**
   * Costs only a task whose evidence lines are all right: the check keeps code that fits only the
   * fixtures from full marks, and a bug an evidence line already charged is not charged again.
   */
  onlyAtFullMarks?: boolean;
}

export interface ScorePolicy {
  /** Changes whenever the points change: grade batch regrades what an older policy scored. */
  id: string;
  /** By check kind (evidence, output, stdio, behaviour, schema, interop, types). */
  kinds: Record<string, Points>;
  /** By check name, over its kind's. */
  checks: Record<string, Points>;
  /** A kind the policy does not name. */
  other: Points;
}


export function pointsOf(check: Pick<CheckResult, "name" | "kind">, policy: ScorePolicy): Points {
  return policy.checks[check.name] ?? policy.kinds[check.kind] ?? policy.other;
}

// Only a failure costs: a check in error is one the grader could not judge (a live server that
// would not start on this machine), and a skipped one has its root cause charged elsewhere.
const broken = (c: CheckResult): boolean => c.status === "fail";

export interface TaskPoints {
  score: number;
  maxScore: number;
  /** Per check, in the task's order: what it earned (> 0), what it cost (< 0), or 0. */
  checks: number[];
}

/** A task's score under the policy, and what each of its checks added or took away. */
export function scoreTask(task: Pick<TaskResult, "checks">, policy: ScorePolicy): TaskPoints {
  const points = task.checks.map((c) => pointsOf(c, policy));
  const maxScore = points.reduce((n, p) => n + p.earns, 0);
  const checks = task.checks.map((c, i) => (c.status === "pass" ? points[i]!.earns : 0));
  let score = checks.reduce((n, p) => n + p, 0);
  const full = score === maxScore;
  const costByKind = new Map<string, number>();
  task.checks.forEach((check, i) => {
    const p = points[i]!;
    if (!broken(check) || p.costs <= 0) return;
    if (p.onlyAtFullMarks && !full) return;
    if (p.sameRuleAs !== undefined && task.checks.some((c) => c.name === p.sameRuleAs && broken(c))) return;
    const spent = costByKind.get(check.kind) ?? 0;
    const cost = Math.min(p.costs, (p.costsAtMost ?? Infinity) - spent, score);
    if (cost <= 0) return;
    costByKind.set(check.kind, spent + cost);
    score -= cost;
    checks[i] = -cost;
  });
  return { score, maxScore, checks };
}

/** The report with every task's score and the total computed by the policy. */
export function scoreReport<R extends Pick<Report, "tasks" | "score" | "maxScore">>(report: R, policy: ScorePolicy): R {
  const tasks = report.tasks.map((t) => {
    const { score, maxScore } = scoreTask(t, policy);
    return { ...t, score, maxScore };
  });
  return { ...report, tasks, score: tasks.reduce((n, t) => n + t.score, 0), maxScore: tasks.reduce((n, t) => n + t.maxScore, 0) };
}

/** Full marks for a task whose checks did not run at all (its evidence lines' points). */
export function fullMarks(evidenceLines: number, policy: ScorePolicy): number {
  return evidenceLines * (policy.kinds["evidence"]?.earns ?? 0);
}
