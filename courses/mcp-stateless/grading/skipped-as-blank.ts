// serve's three kinds of odd line are three rules, each a check (behaviour/task4-checks.ts): a
// serve wrong on blanks, on unreadable lines and on JSON that is not an object makes three
// mistakes. One slip reaches all three the same way: a blank test that is too wide (a line not
// starting with "{" skipped: serve-skips-unbraced) skips lines of every kind, unanswered and
// unlogged; one too narrow (a tab, U+00A0 alone read as a line) answers blank lines in every
// kind's lists (helper 75's serve-blank-control: 38/41). When every failing list of a kind's check
// is answered exactly so, the check shows the blank test's mistake again, and is charged to
// t4_blank_lines where that failed, else to the first check that showed it.
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { PARSE_ERROR_RESPONSE, serveWith } from "../behaviour/model.js";
import { LINE_KIND_CHECKS } from "../behaviour/task4-checks.js";

const BLANK_CHECK = "t4_blank_lines";
const RULES_PARSE_LINE = JSON.stringify(PARSE_ERROR_RESPONSE);

/** How serve judged some lines' blankness otherwise than the rules: a line skipped that is not blank (wide), a blank line read (narrow). */
export interface Misread { wide: boolean; narrow: boolean }


const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const noObject = (line: string): boolean => {
  try { return !isObject(JSON.parse(line)); } catch { return true; }
};
const sameList = (a: unknown, b: readonly string[]): boolean => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Whether serve's answer to the list is the rules' answer with some lines' blankness judged
 * otherwise (a line that is not blank taken as blank: no answer, no log, still counted; a blank
 * one read). Only lists without an object are read: their every answer is serve's own (no
 * handle's), so the lines left out say which answers go with them. `parseLine`: serve's own Parse
 * error line (a slip in it is t4_parse_error_line's, charged there).
 */
export function skippedAsBlank(list: unknown, outcome: Outcome | undefined, parseLine = RULES_PARSE_LINE): Misread | undefined {
  if (!Array.isArray(list) || !list.every((l): l is string => typeof l === "string") || !list.every(noObject)) return undefined;
  if (!outcome?.ok || !isObject(outcome.value) || !Array.isArray(outcome.value["log"])) return undefined;
  const logged = new Set(outcome.value["log"]);
  // A line blank to serve and not to the rules is left out; one blank to the rules that serve
  // logged was read as a line (a blank test too narrow: a tab or U+00A0 alone parsed).
  const misread: Misread = { wide: false, narrow: false };
  const blanked = list.map((line, i) => {
    const blank = line.trim() === "";
    const read = logged.has(`line ${i + 1}`);
    if (!blank && !read) { misread.wide = true; return ""; }
    if (blank && read) { misread.narrow = true; return "\u0000"; }
    return line;
  });
  // Nothing judged otherwise: the list is the blank test's only where serve's own Parse error line
  // is all that differs (that slip is charged by its line).
  if (!misread.wide && !misread.narrow && parseLine === RULES_PARSE_LINE) return undefined;
  const want = serveWith(blanked, () => null);
  return sameList(outcome.value["log"], want.log) && sameList(outcome.value["out"], want.out.map((l) => (l === RULES_PARSE_LINE ? parseLine : l))) ? misread : undefined;
}

/**
 * The kinds' checks with those failing only by lines taken as blank charged to the first such
 * (CheckResult.chargedTo). `failed(p)`: the indexes of a planned check's failing inputs.
 */
export function chargeSkippedAsBlank(
  checks: CheckResult[], planned: readonly PlannedCheck[], outcomes: readonly (Outcome | undefined)[], failed: (p: PlannedCheck) => number[], parseLine?: string,
): CheckResult[] {
  let first: string | undefined;
  const charged = new Map<string, string>();
  const blankFailed = checks.some((c) => c.name === BLANK_CHECK && c.status === "fail" && c.chargedTo === undefined);
  for (const name of LINE_KIND_CHECKS) {
    const check = checks.find((c) => c.name === name);
    const p = planned.find((x) => x.check.id === name);
    if (!check || !p || check.status !== "fail" || check.chargedTo !== undefined) continue;
    const failing = failed(p);
    const misreads = failing.map((i) => skippedAsBlank(p.inputs[i], outcomes[p.offset + i], parseLine));
    if (!failing.length || !misreads.every((m) => m !== undefined)) continue;
    // Blank lines read and no line wrongly skipped: a blank test too narrow, the blank lines' own
    // rule broken, which t4_blank_lines charges where it failed.
    if (blankFailed && name !== BLANK_CHECK && misreads.every((m) => !m!.wide)) charged.set(name, BLANK_CHECK);
    else if (first === undefined) first = name;
    else charged.set(name, first);
  }
  return checks.map((c) => {
    const to = charged.get(c.name);
    return to === undefined ? c : { ...c, chargedTo: to, message: `${c.message ?? ""}\nEvery list it failed is answered as the rules answer it with some lines' blankness judged otherwise (a line that is not blank skipped, or a blank one read): the blank test's mistake, which ${to} charges; it costs nothing more here.` };
  });
}
