// serve's three kinds of odd line are three rules, each a check (behaviour/task4-checks.ts): a
// serve wrong on blanks, on unreadable lines and on JSON that is not an object makes three
// mistakes. One slip reaches all three the same way: a blank test that is too wide (a line not
// starting with "{" skipped: serve-skips-unbraced) skips lines of every kind, unanswered and
// unlogged. When every failing list of a kind's check is answered exactly so, the check shows
// the blank test's mistake again, and is charged to the first check that showed it.
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { serveWith } from "../behaviour/model.js";
import { LINE_KIND_CHECKS } from "../behaviour/task4-checks.js";


const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const noObject = (line: string): boolean => {
  try { return !isObject(JSON.parse(line)); } catch { return true; }
};
const sameList = (a: unknown, b: readonly string[]): boolean => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether serve's answer to the list is the rules' answer with some non-blank lines taken as
 * blank (no answer, no log, still counted). Only lists without an object are read: their every
 * answer is serve's own (no handle's), so the lines left out say which answers go with them.
 */
export function skippedAsBlank(list: unknown, outcome: Outcome | undefined): boolean {
  if (!Array.isArray(list) || !list.every((l): l is string => typeof l === "string") || !list.every(noObject)) return false;
  if (!outcome?.ok || !isObject(outcome.value) || !Array.isArray(outcome.value["log"])) return false;
  const logged = new Set(outcome.value["log"]);
  const blanked = list.map((line, i) => (line.trim() !== "" && !logged.has(`line ${i + 1}`) ? "" : line));
  if (blanked.every((line, i) => line === list[i])) return false;
  const want = serveWith(blanked, () => null);
  return sameList(outcome.value["log"], want.log) && sameList(outcome.value["out"], want.out);
}

/**
 * The kinds' checks with those failing only by lines taken as blank charged to the first such
 * (CheckResult.chargedTo). `failed(p)`: the indexes of a planned check's failing inputs.
 */
export function chargeSkippedAsBlank(
  checks: CheckResult[], planned: readonly PlannedCheck[], outcomes: readonly (Outcome | undefined)[], failed: (p: PlannedCheck) => number[],
): CheckResult[] {
  let first: string | undefined;
  const charged = new Map<string, string>();
  for (const name of LINE_KIND_CHECKS) {
    const check = checks.find((c) => c.name === name);
    const p = planned.find((x) => x.check.id === name);
    if (!check || !p || check.status !== "fail" || check.chargedTo !== undefined) continue;
    const failing = failed(p);
    if (!failing.length || !failing.every((i) => skippedAsBlank(p.inputs[i], outcomes[p.offset + i]))) continue;
    if (first === undefined) first = name;
    else charged.set(name, first);
  }
  return checks.map((c) => {
    const to = charged.get(c.name);
    return to === undefined ? c : { ...c, chargedTo: to, message: `${c.message ?? ""}\nEvery list it failed is answered with lines that are not blank taken as blank: the blank test's mistake, which ${to} charges; it costs nothing more here.` };
  });
}
