// Regular expression syntax newer than Node 20's V8 (11.3), which the sandbox's engine parses:
// pattern modifiers `(?i:…)` and a group name used twice (ES2025). Code using either passed in
// grade and did not load on the student's own Node 20 (fair-round-2026-12-06y
// sl-node20-missing-regex-*), so a literal holding one is refused where it stands.

/** What of `pattern` (a regular expression literal's body) Node 20 cannot parse, with what to write instead; undefined when it parses there. */
export function node20RegexProblem(pattern: string): string | undefined {
  const names = new Set<string>();
  let inClass = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") { i++; continue; }
    if (inClass) {
      if (ch === "[") inClass++;
      else if (ch === "]") inClass--;
      continue;
    }
    if (ch === "[") { inClass = 1; continue; }
    if (ch !== "(" || pattern[i + 1] !== "?") continue;
    const modifiers = /^\(\?[imsx]*(?:-[imsx]*)?:/.exec(pattern.slice(i));
    if (modifiers && modifiers[0] !== "(?:") {
      return `the modifier group \`${modifiers[0]}…)\`, which came with Node 23. Put the flag on the whole expression (/…/i), or spell both cases ([Aa])`;
    }
    const named = /^\(\?<([^=!>][^>]*)>/.exec(pattern.slice(i));
    if (!named) continue;
    if (names.has(named[1]!)) return `the group name \`${named[1]}\` twice, which came with Node 23. Give each group a name of its own`;
    names.add(named[1]!);
  }
  return undefined;
}
