// checkArgs's likeliest single mistakes, each by the line that shows it first, as predicates on
// one call's problems: whether the student's list differs from the rules' by that mistake alone.
// A line (or a rule's check) whose problems differ only so shows that line's mistake, not its
// own, and is charged there: one mistake, one point (issue 20). Each predicate keeps the work in
// view: the problems found, their kinds and their order must still be the rules', so code that
// fits only the fixtures is not explained by any of them.

/** A problem's kind and the name as written in it, or undefined for a text of no kind. */
function parts(problem: string): { kind: string; name: string } | undefined {
  if (problem.startsWith("missing ")) return { kind: "missing", name: problem.slice(8) };
  if (problem.startsWith("unexpected ")) return { kind: "unexpected", name: problem.slice(11) };
  if (problem.endsWith(" must be a string")) return { kind: "wrong type", name: problem.slice(0, -17) };
  return undefined;
}

const ESCAPED: Readonly<Record<string, string>> = { t: "\t", n: "\n", r: "\r" };
/** The str a Python repr() of a str stands for. */
function unrepr(text: string): string {
  return text.slice(1, -1).replace(/\\(x[0-9a-f]{2}|u[0-9a-f]{4}|U[0-9a-f]{8}|[^xuU])/g, (_, e: string) =>
    (e.length > 1 ? String.fromCodePoint(parseInt(e.slice(1), 16)) : ESCAPED[e] ?? e));
}

/** A text with its \x, \u and \U escapes read (a repr that escapes letters Python's keeps: 'caf\xe9'). */
const unescaped = (text: string): string =>
  text.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|u\{[0-9a-fA-F]{1,6}\})/g, (_, e: string) => {
    const code = parseInt(e.replace(/[{}]/g, "").slice(1), 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : `\\${e}`;
  });

/** Whether a name as written keeps the name's letters and digits, in order (quoted otherwise, escaped otherwise, or bare). */
function keepsTheName(written: string, name: string): boolean {
  return keepsLetters(written, name) || keepsLetters(unescaped(written), name);
}

function keepsLetters(written: string, name: string): boolean {
  let at = 0;
  for (const ch of name.match(/[\p{L}\p{N}]/gu) ?? []) {
    at = written.indexOf(ch, at);
    if (at < 0) return false;
    at += ch.length;
  }
  return true;
}

/** Unexpected keys before the missing names: the same problems with those two kinds swapped back. */
function swapped(actual: readonly string[], accepted: readonly string[]): boolean {
  const list = [...actual];
  const slots = list.flatMap((p, i) => (/^(missing|unexpected) /.test(p) ? [i] : []));
  const moved = [...slots.map((i) => list[i]!).filter((p) => p.startsWith("missing ")), ...slots.map((i) => list[i]!).filter((p) => p.startsWith("unexpected "))];
  slots.forEach((i, k) => { list[i] = moved[k]!; });
  return list.join("\n") === accepted.join("\n");
}

/** A value that is not a string left unreported: the problems with some of those left out, in order. */
const wrongTypeLeftOut = (actual: readonly string[], accepted: readonly string[]): boolean =>
  accepted.filter((p) => !p.endsWith(" must be a string") || actual.includes(p)).join("\n") === actual.join("\n");

/** The list cut short (at the first problem, or the first few): a prefix of the rules', never empty where they find a problem. */
const cutShort = (actual: readonly string[], accepted: readonly string[]): boolean =>
  (accepted.length === 0 ? actual.length === 0 : actual.length >= 1) && actual.length <= accepted.length && actual.every((p, i) => p === accepted[i]);

/**
 * The names written otherwise than Python's repr() (bare, double-quoted, escaped another way):
 * the same problems, kinds and order, each name written one way throughout and two names never
 * alike, keeping the name's letters and digits.
 */
function namesOtherwise(actual: readonly string[], accepted: readonly string[]): boolean {
  if (actual.length !== accepted.length) return false;
  const asWritten = new Map<string, string>();
  const written = new Set<string>();
  for (let i = 0; i < actual.length; i++) {
    const mine = parts(actual[i]!), rule = parts(accepted[i]!);
    if (!mine || !rule || mine.kind !== rule.kind || !keepsTheName(mine.name, unrepr(rule.name))) return false;
    const before = asWritten.get(rule.name);
    if (before === undefined) {
      if (written.has(mine.name)) return false;
      asWritten.set(rule.name, mine.name);
      written.add(mine.name);
    } else if (before !== mine.name) return false;
  }
  return true;
}

export type ArgsMistake = (actual: readonly string[], accepted: readonly string[]) => boolean;

/** By the line that shows it first on the page's cases, each mistake it stands for. */
export const ARGS_MISTAKES: Readonly<Record<string, readonly ArgsMistake[]>> = {
  t1_bad_args: [swapped, cutShort],
  t1_wrong_type: [wrongTypeLeftOut],
  t1_quoted_name: [namesOtherwise],
};

/** The mistakes of `line` that alone turn the rules' problems into the student's. */
export const mistakesExplaining = (line: string, actual: readonly string[], accepted: readonly string[]): ArgsMistake[] =>
  (ARGS_MISTAKES[line] ?? []).filter((only) => only(actual, accepted));
