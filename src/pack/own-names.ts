// Names the submission's own code uses, for the rules about names a server must not find (issue
// 20: no points without the work). A server that keeps its tools as properties of an object with
// methods of its own (its class's, a registry's) finds those methods as tools too, and
// Object.prototype's names alone never show it: a registry class whose lookup refused exactly
// those names kept 18/18 (cheats-2026-12-06b mcp-stateful-registry-class-proto). Every identifier
// and property name of the submission's code is a name it may find, so they are sent as well: a
// list of them cannot be learnt, being the code's own.

// Comments, then strings and template texts (their words are no names the code looks up by).
const NOT_CODE = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g;
const NAME = /[A-Za-z_$][\w$]*/g;
// JavaScript's and TypeScript's words, which no object holds as an own method in the way a lookup finds them.
const WORDS = new Set(("abstract any as asserts async await bigint boolean break case catch class const constructor continue debugger declare default delete do else enum export extends " +
  "false finally for from function get if implements import in infer instanceof interface is keyof let module namespace never new null number object of override package " +
  "private protected public readonly return satisfies set static string super switch symbol this throw true try type typeof undefined unique unknown var void while with yield").split(" "));

/** The names `sources` use, by first appearance, at most `most`, none of `known`. */
export function ownNames(sources: readonly string[], known: ReadonlySet<string>, most: number): string[] {
  const out = new Set<string>();
  for (const source of sources) {
    for (const [name] of source.replace(NOT_CODE, " ").matchAll(NAME)) {
      if (out.size >= most) return [...out];
      if (!WORDS.has(name) && !known.has(name)) out.add(name);
    }
  }
  return [...out];
}
