// checkArgs's rule checks that show a mistake already charged (issue 20: one mistake, one point).
// A rule check fails on inputs the code has not seen; when every such input is right up to one
// of checkArgs's likeliest mistakes (evidence/args-mistakes.ts: the list cut short, the names
// written otherwise than repr(), the kinds swapped, a wrong type left out), it shows that
// mistake, and is charged to the first check that shows the same one: a line wrong on its own
// account by it, or else an earlier rule check. Code that fits only the fixtures fails its rules
// in no such way (an empty list, a fixture's answer for another input) and is charged each time.
import type { CheckResult } from "../../../src/report/types.js";
import { judgeChecks, type Judged, type Outcome, type PlannedCheck } from "../behaviour/check.js";
import { ARGS_MISTAKES, mistakesExplaining, type ArgsMistake } from "../evidence/args-mistakes.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { acceptedOf } from "../evidence/lines.js";
import { sameJson } from "../evidence/reading.js";

const isProblems = (v: unknown): v is string[] => Array.isArray(v) && v.every((p) => typeof p === "string");
const ALL_MISTAKES: readonly ArgsMistake[] = [...new Set(Object.values(ARGS_MISTAKES).flat())];
const SHOWN = new Set(Object.values(LINE_RULES).flat());

/**
 * Task 1's rule checks, each charged to the first check that shows the mistake it fails by alone:
 * a line of task 1 wrong by it on its own account (its root, for a line that reads through
 * another), or an earlier rule check of a line charged nowhere.
 */
export function chargeArgsRulesAlike(
  lines: readonly CheckResult[], rules: readonly CheckResult[], plan: readonly PlannedCheck[], outcomes: readonly (Outcome | undefined)[],
  expectedAt: (i: number) => { value: unknown }, seed: number, excused?: Judged["excused"],
): CheckResult[] {
  const failing = (c: CheckResult): boolean => c.status === "fail" && c.chargedTo === undefined;
  if (!rules.some(failing)) return [...rules];
  // Each root: the check that charges a mistake, and the mistakes it shows.
  const roots: { name: string; mistakes: readonly ArgsMistake[] }[] = lines.filter(failing).flatMap((line) => {
    if (typeof line.actual !== "string" || ARGS_MISTAKES[line.name] === undefined) return [];
    const mistakes = mistakesExplaining(line.name, line.actual.split("; "), acceptedOf(line.name).split("; "));
    return mistakes.length ? [{ name: line.name, mistakes }] : [];
  });
  return rules.map((rule) => {
    const planned = failing(rule) ? plan.find((p) => p.check.id === rule.name) : undefined;
    if (!planned) return rule;
    // Judged on the whole lists (a check's part aside), each right as read or up to the mistake.
    const read = planned.check.part ?? ((v: unknown) => v);
    const shows = ALL_MISTAKES.filter((only) => {
      const lenient = (want: unknown, actual: unknown): boolean => sameJson(read(actual), read(want)) || (isProblems(actual) && isProblems(want) && only(actual, want));
      return judgeChecks([planned], outcomes, (i) => expectedAt(i), () => lenient, seed, excused)[0]?.status === "pass";
    });
    if (!shows.length) return rule;
    const root = roots.find((r) => r.mistakes.some((m) => shows.includes(m)));
    // A general rule (named by no line) is charged to a root, never one itself: it costs only a
    // task at full marks, which a later rule charged to it would hide.
    if (!root) { if (SHOWN.has(rule.name)) roots.push({ name: rule.name, mistakes: shows }); return rule; }
    return { ...rule, chargedTo: root.name, message: `${rule.message ?? ""} Up to the mistake ${root.name} shows, it follows its rule: charged there, it costs nothing more.`.trim() };
  });
}
