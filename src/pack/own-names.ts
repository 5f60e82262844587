// Names the submission's own code uses, for the rules about names a server must not find (issue
// 20: no points without the work). A server that keeps its tools as properties of an object with
// methods of its own (its class's, a registry's) finds those methods as tools too, and
// Object.prototype's names alone never show it: a registry class whose lookup refused exactly
// those names kept 18/18 (cheats-2026-12-06b mcp-stateful-registry-class-proto). Every name the
// submission's text holds is one it may find, so they are sent as well: a list of them cannot be
// learnt, being the code's own. Strings' words too, and escapes read (a method declared as
// "shelve"(), as sh\u0065lve(), or made by new Function from a string kept 18/18:
// cheats-2026-12-06e registry-*-names); the language's words too (a registry's get, set, delete and has); only comments are left out.

const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const ESCAPE = /\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})/g;
const NAME = /[A-Za-z_$][\w$]*/g;
/** The character an escape names, or a space where it names none. */
function decoded(hex: string): string {
  const code = Number.parseInt(hex, 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : " ";
}

/** The names `sources` use, by first appearance, at most `most`, none of `known`. */
export function ownNames(sources: readonly string[], known: ReadonlySet<string>, most: number): string[] {
  const out = new Set<string>();
  for (const source of sources) {
    const text = source.replace(COMMENTS, " ").replace(ESCAPE, (_, braced?: string, four?: string, two?: string) => decoded(braced ?? four ?? two!));
    for (const [name] of text.matchAll(NAME)) {
      if (out.size >= most) return [...out];
      if (!known.has(name)) out.add(name);
    }
  }
  return [...out];
}
