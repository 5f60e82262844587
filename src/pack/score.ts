// How a submission's score is counted: the pack's score policy, as data. Every reporter shows
// the score this file computes (report.score, each task's score, Gradescope's tests), so the
// number is the same in pretty, json, junit, gradescope, grades.csv and the GitHub summary.
//
// Points are earned by rules, not printed:
// - each evidence line earns its points when its value is right (the policy's `evidence` kind);
// - each line names its own rules (`lines`): the checks of what it shows, tried on inputs the
//   code has not seen (the fixture's request under other ids, the same case with other names).
//   A line's point is earned only while they hold: a broken one takes the points of the right
//   lines that name it, so code that fits only the fixtures keeps no line's point. None when one
//   of those lines is already wrong: that line shows the same mistake and is charged there;
//   a rule that voided a right line and, beside it, skipped a rule no line shows (`ownBeside`)
//   costs a point more: a table of the page's line pays what code skipping both rules pays;
//   A rule that broke only beyond what its lines read (`beyondLines`: inputs of a kind no fixture
//   shows, a part no line reads) takes no line's points, and costs as a general rule, at full
//   marks or not (a mistake of its own);
// - a rule no line names (the general rules: ids echoed, every argument check, nothing but
//   protocol messages on stdout, the schema and interop checks) costs its kind's points, as the policy says (`costsAtMost`,
//   `onlyAtFullMarks`, `sameRuleAs` keep one root cause from being charged twice). A rule the
//   policy says reads `through` certain lines and rules (its inputs take the same path as their
//   fixtures, or a slip of theirs reaches them) costs a point of its own `cause` while all of
//   those hold, at any marks: code that skips several rules the fixtures never show loses a point
//   for each, one mistake still one (checks failing only by throws or stops: one cause a task);
// - a failure whose cause another check charges (`chargedTo`: another task's, or the line that
//   shows the same mistake first) costs nothing more: a line so charged earns its point;
// - a check in error (the grader could not judge it: a live server that would not start on this
//   machine) and a skipped one (its root cause charged elsewhere) neither earn nor cost. A check
//   that could not judge because of the student's code is a failure, never an error: the packs'
//   judges say so;
// - a task never scores below 0, and its maximum is its lines' points, whichever checks ran.
import type { CheckResult, Report, TaskResult } from "../report/types.js";
import { oneKind } from "./crash-kinds.js";

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
  /**
   * The task's evidence lines (their values), and rules, whose mistake breaks this rule too (its
   * inputs go through the same code: the fixture's calls, or one rule of several in one call).
   * Given, the rule's failure is a mistake of its own while all of them are right: it costs at any
   * marks, however many other rules failed; when one is wrong it costs nothing (charged there).
   * Not given, `onlyAtFullMarks` decides.
   */
  through?: readonly string[];
  /**
   * The part of `through` that only carries the rule's answers (the fixture's lines on the same
   * path, the rules every answer shows): a failure that is the check's own mistake whatever those
   * show (CheckResult.ownMistake) is not read through them, only through the rest.
   */
  path?: readonly string[];
  /**
   * One rule of the page judged by several checks (a wrong type: a string's, an integer's, null):
   * the checks of one cause cost `costs` together. A rule given `through` and no cause is a cause
   * of its own.
   */
  cause?: string;
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
  /**
   * Per evidence line (by key), the checks of the rules it shows on the fixtures, judged on
   * inputs the code has not seen: the pack's evidence lines' `rules`, as data. A line's point is
   * earned only while those rules hold (see scoreTask).
   */
  lines?: Readonly<Record<string, readonly string[]>>;
}


/** Lines and each one's own rules (`ScorePolicy.lines`), for a `through` list: what a line shows on inputs it has not seen. */
export function withRules(lines: readonly string[], rules: Readonly<Record<string, readonly string[]>>): string[] {
  return [...new Set(lines.flatMap((line) => [line, ...(rules[line] ?? [])]))];
}

/** A general rule of a family: one point for the family while the checks it reads through hold (`through`, `cause`). */
export function family(cause: string, through: readonly string[], path?: readonly string[]): Points {
  return { earns: 0, costs: 1, cause, through, ...(path ? { path } : {}) };
}

export function pointsOf(check: Pick<CheckResult, "name" | "kind">, policy: ScorePolicy): Points {
  return policy.checks[check.name] ?? policy.kinds[check.kind] ?? policy.other;
}

// Only a failure costs (see the header).
const broken = (c: CheckResult): boolean => c.status === "fail" && c.chargedTo === undefined;

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
  // A line charged to another check is right for this task's own code: it earns its points.
  const earning = (c: CheckResult): boolean => c.status === "pass" || (c.status === "fail" && c.chargedTo !== undefined);
  const checks = task.checks.map((c, i) => (earning(c) ? points[i]!.earns : 0));
  let score = checks.reduce((n, p) => n + p, 0);
  // The lines of this task that show each rule, and which of them are right.
  const shownBy = new Map<string, number[]>();
  task.checks.forEach((c, i) => {
    for (const rule of policy.lines?.[c.name] ?? []) shownBy.set(rule, [...(shownBy.get(rule) ?? []), i]);
  });
  // A broken rule takes the points of the right lines that show it, each once; none when one of
  // them is wrong on its own account (that line shows the same mistake, and is charged there). A
  // line charged to another check (`chargedTo`) shows that check's mistake, not this rule's.
  const voided = new Set<number>();
  task.checks.forEach((check, i) => {
    const shown = shownBy.get(check.name);
    if (!shown || check.beyondLines || !broken(check) || points[i]!.costs <= 0) return;
    if (shown.some((l) => !earning(task.checks[l]!))) return;
    let cost = 0;
    for (const l of shown) if (!voided.has(l)) { voided.add(l); cost += points[l]!.earns; }
    if (check.ownBeside) cost += points[i]!.costs;
    cost = Math.min(cost, score);
    score -= cost;
    if (cost > 0) checks[i] = -cost;
  });
  // A line is wrong when its value is; a rule when it broke. A line's own rules are named apart
  // where their slip reaches the rule (`withRules`): a line whose rule for ids 0 and "" broke says
  // nothing of an argument check, whose calls carry other ids.
  const wrong = (name: string): boolean => {
    const check = task.checks.find((c) => c.name === name);
    if (check === undefined) return false;
    return policy.lines?.[name] === undefined ? broken(check) : !earning(check);
  };
  const spentOn = new Map<string, number>();
  const charge = (i: number, key: string, most: number): void => {
    const spent = spentOn.get(key) ?? 0;
    const cost = Math.min(points[i]!.costs, most - spent, score);
    if (cost <= 0) return;
    spentOn.set(key, spent + cost);
    score -= cost;
    checks[i] = -cost;
  };
  const general = (check: CheckResult, p: Points): boolean =>
    !(shownBy.has(check.name) && !check.beyondLines) && broken(check) && p.costs > 0 &&
    !(p.sameRuleAs !== undefined && task.checks.some((c) => c.name === p.sameRuleAs && broken(c)));
  // The rules read through named lines first: each is a mistake of its own while those lines hold.
  // Checks that failed only by throws or stops (CheckResult.crashed) are one cause in a task, and
  // cost nothing beside a line's rule that crashed too: a throw or a loop on one kind of input
  // shows in every check whose inputs hold that kind. Throws whose inputs share no kind
  // (`crashedOn`, src/pack/crash-kinds.ts) are not one slip: each such check is its own mistake.
  const crashedChecks = task.checks.filter((c) => c.crashed === true && broken(c));
  const oneSlip = oneKind(crashedChecks.flatMap((c) => (c.crashedOn ? [c.crashedOn] : [])));
  const oneCause = (c: CheckResult): boolean => c.crashed === true && (c.crashedOn === undefined || oneSlip);
  const crashedNames = new Set(crashedChecks.map((c) => c.name));
  const lineRuleCrashed = crashedChecks.some((c) => shownBy.has(c.name) && oneCause(c));
  task.checks.forEach((check, i) => {
    const p = points[i]!;
    if (p.through === undefined || !general(check, p)) return;
    const read = check.ownMistake && p.path ? p.through.filter((name) => !p.path!.includes(name)) : p.through;
    const through = check.notThrough ? read.filter((name) => !check.notThrough!.includes(name)) : read;
    // Throws that are not one slip are not read through a check that failed by throws too: its
    // failure says nothing of the answers this check got; the throws are this check's own.
    if (through.some((name) => wrong(name) && !(check.crashed && !oneCause(check) && crashedNames.has(name)))) return;
    if (oneCause(check) && lineRuleCrashed) return;
    charge(i, `cause:${oneCause(check) ? "crashed" : p.cause ?? check.name}`, p.costs);
  });
  // Then the rest, full marks counted after those: a rule that may read through any line costs
  // only where nothing else was charged.
  const full = score === maxScore;
  task.checks.forEach((check, i) => {
    const p = points[i]!;
    if (p.through !== undefined || !general(check, p)) return;
    // A rule broken beyond its lines is a mistake of its own, whatever the lines show: it costs
    // with the task short of full marks too (a version echo beside a sorted list was free: helper
    // 59), within its kind's most, which the general rules of the same mistake share.
    const beyond = shownBy.has(check.name) && check.beyondLines === true;
    if (p.onlyAtFullMarks && !full && !beyond) return;
    if (p.cause !== undefined) charge(i, `cause:${p.cause}`, p.costs);
    else charge(i, check.kind, p.costsAtMost ?? Infinity);
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
