// The class report's data, from a batch's reports: each student's row, and each check's pass rate
// across the class with its most common failing value (which rule did the class miss?).
import type { CheckResult, Report } from "./types.js";

export interface StudentRow {
  id: string;
  status: Report["status"];
  score: number;
  maxScore: number;
  /** The checks that failed or errored, with what the student's code gave. */
  failing: { task: string; name: string; title: string; shown: string }[];
  /** Why a task did not run, by task. */
  problems: { task: string; message: string }[];
}

export interface RuleRow {
  name: string;
  task: string;
  kind: string;
  title: string;
  passed: number;
  /** Students on whom the check was judged (not skipped). */
  judged: number;
  /** The value (or message) most failing students got, and how many got it. */
  commonFailure?: { shown: string; count: number };
  hint?: string;
}

export interface ClassData {
  students: StudentRow[];
  /** Least passed first: the rules the class missed lead. */
  rules: RuleRow[];
}

const LONGEST = 300;

/** What a failing check shows of the student's work: the value it gave, else why it failed. */
export function failureShown(check: CheckResult): string {
  const text = check.actual !== undefined ? (check.actual ?? "(no value)") : (check.message ?? check.title);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}

const failed = (c: CheckResult): boolean => c.status === "fail" || c.status === "error";

export function classData(reports: readonly Report[]): ClassData {
  const rules = new Map<string, RuleRow & { failures: Map<string, number> }>();
  const students = reports.map((r): StudentRow => {
    for (const t of r.tasks) {
      for (const c of t.checks) {
        const key = `${t.task}\0${c.name}`;
        let rule = rules.get(key);
        if (!rule) rules.set(key, rule = { name: c.name, task: t.task, kind: c.kind, title: c.title, passed: 0, judged: 0, failures: new Map() });
        if (c.status === "skip") continue;
        rule.judged++;
        if (c.status === "pass") rule.passed++;
        else {
          const shown = failureShown(c);
          rule.failures.set(shown, (rule.failures.get(shown) ?? 0) + 1);
          if (c.hint && !rule.hint) rule.hint = c.hint;
        }
      }
    }
    return {
      id: r.submission, status: r.status, score: r.score, maxScore: r.maxScore,
      failing: r.tasks.flatMap((t) => t.checks.filter(failed).map((c) => ({ task: t.task, name: c.name, title: c.title, shown: failureShown(c) }))),
      problems: r.tasks.flatMap((t) => (t.message ? [{ task: t.task, message: t.message }] : [])),
    };
  });
  const rows = [...rules.values()].map(({ failures, ...rule }): RuleRow => {
    const [shown, count] = [...failures].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [];
    return { ...rule, ...(shown !== undefined ? { commonFailure: { shown, count: count! } } : {}) };
  });
  const rate = (r: RuleRow): number => (r.judged ? r.passed / r.judged : 1);
  rows.sort((a, b) => rate(a) - rate(b) || b.judged - a.judged);
  return { students, rules: rows };
}
