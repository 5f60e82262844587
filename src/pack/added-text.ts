// A message added where the rules write another (issue 20: one mistake, one point). A validator
// whose slip refuses a valid call with a message M (a limit's lower bound tested against the
// maximum: "limit must be >= 1" for limit 5) adds M to every other refusal of a call holding such
// a value too: the line that shows the valid call fails, and so does the rule of another line
// (the invalid call's text, now "service must be one of: ...; limit must be >= 1"), whose line
// then lost its point as well. Where each failing answer of such a rule is the rules' text with
// one stretch added, and that stretch says what a failing line's answer said in place of the
// rules', the rule's failure is that line's mistake, charged there.
import type { CheckResult } from "../report/types.js";
import { words as wordList, type KindFailure, type KindPath } from "./answer-kinds.js";

const words = (text: string): string => wordList(text).join(" ");

/** The stretch `code` adds to `rules` (their common start and end kept), or undefined where it changes them otherwise. */
export function addedStretch(rules: string, code: string): string | undefined {
  if (code.length <= rules.length) return undefined;
  let start = 0;
  while (start < rules.length && rules[start] === code[start]) start++;
  let end = 0;
  while (end < rules.length - start && rules[rules.length - 1 - end] === code[code.length - 1 - end]) end++;
  return start + end === rules.length ? code.slice(start, code.length - end) : undefined;
}

/**
 * The checks with each failing rule of a line whose every failing answer only adds, to the rules'
 * text, what a failing line wrote in place of the rules' charged to that line (CheckResult.chargedTo).
 * `lines`: the failing lines, with their calls' kinds; `rules`: the checks that are lines' rules.
 */
export function chargeAddedTexts<C extends CheckResult>(checks: readonly C[], lines: readonly KindPath[], failing: ReadonlyMap<string, KindFailure>, rules: ReadonlySet<string>): C[] {
  const said = lines.flatMap((l) => l.pairs.flatMap((p) => (p.texts ?? []).map(([, code]) => ({ line: l.name, words: words(code) })))).filter((s) => s.words !== "");
  if (!said.length) return [...checks];
  return checks.map((c) => {
    if (c.status !== "fail" || c.chargedTo !== undefined || !rules.has(c.name)) return c;
    const pairs = failing.get(c.name)?.pairs ?? [];
    if (!pairs.length) return c;
    let by: string | undefined;
    const added = pairs.every((p) => p.code === p.rules && !p.reshaped && (p.texts ?? []).length > 0 && p.texts!.every(([r, code]) => {
      const stretch = addedStretch(r, code);
      const from = stretch === undefined ? undefined : said.find((s) => s.words === words(stretch) && (by === undefined || s.line === by));
      if (from) by = from.line;
      return from !== undefined;
    }));
    return added && by ? { ...c, chargedTo: by } : c;
  });
}
