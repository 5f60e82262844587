// Names the submission's own code uses, for the rules about names a server must not find (issue
// 20: no points without the work). A server that keeps its tools as properties of an object with
// methods of its own (its class's, a registry's) finds those methods as tools too, and
// Object.prototype's names alone never show it: a registry class whose lookup refused exactly
// those names kept 18/18 (cheats-2026-12-06b mcp-stateful-registry-class-proto). Every name the
// submission's text holds is one it may find, so they are sent as well: a list of them cannot be
// learnt, being the code's own. Strings' words too, and escapes read (a method declared as
// "shelve"(), as sh\u0065lve(), or made by new Function from a string kept 18/18:
// cheats-2026-12-06e registry-*-names); the language's words too (a registry's get, set, delete and has); only comments are left out.

const ESCAPE = /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g;
const NAME = /[A-Za-z_$][\w$]*/g;
/**
 * `text` with its comments made spaces, in one pass: a regular expression's lazy search for each
 * "/*"'s end went over the rest of the file again for every one left open (half a megabyte of
 * "/* a" lines took 6.5 s of the grader's own time, outside any of the sandbox's limits).
 */
function withoutComments(text: string): string {
  let out = "";
  let from = 0;
  // The next of each opening at or after `from`, searched again only once passed (-1: none left).
  let line = text.indexOf("//");
  let block = text.indexOf("/*");
  for (;;) {
    if (line >= 0 && line < from) line = text.indexOf("//", from);
    if (block >= 0 && block < from) block = text.indexOf("/*", from);
    if (line < 0 && block < 0) return out + text.slice(from);
    const at = line < 0 ? block : block < 0 ? line : Math.min(line, block);
    out += `${text.slice(from, at)} `;
    const end = at === line ? text.indexOf("\n", at) : text.indexOf("*/", at + 2);
    if (end < 0) return out;
    from = at === line ? end : end + 2;
  }
}

/** The character an escape names, or a space where it names none. */
function decoded(hex: string): string {
  const code = Number.parseInt(hex, 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : " ";
}

/** The names `sources` use, by first appearance, at most `most`, none of `known`. */
export function ownNames(sources: readonly string[], known: ReadonlySet<string>, most: number): string[] {
  const out = new Set<string>();
  for (const source of sources) {
    const text = withoutComments(source).replace(ESCAPE, (_, braced?: string, four?: string, two?: string) => decoded(braced ?? four ?? two!));
    for (const [name] of text.matchAll(NAME)) {
      if (out.size >= most) return [...out];
      if (!known.has(name)) out.add(name);
    }
  }
  return [...out];
}
