// RegExp as Node 20 builds it: the engine parses pattern syntax that came after V8 11.3 (the
// modifier group `(?i:…)`, a group name used twice), which compile.ts refuses in a literal
// (node20-regex.ts); a pattern made at run time from a string is checked here, and throws the
// SyntaxError Node 20 throws, so code that does not load on the student's Node does not pass
// here (idioms-round-2026-12-07m sf-mistake-prompt-regexp-*). The constructor is the engine's,
// behind a Proxy: literals, instanceof, subclasses and Symbol.species keep working as they do.
(function (host, lib) {
  "use strict";
  const NativeRegExp = RegExp;
  const problem = lib.node20RegexProblem;
  const isRegExp = (value) => value !== null && typeof value === "object" && value[Symbol.match] !== undefined ? Boolean(value[Symbol.match]) : value instanceof NativeRegExp;
  const check = (pattern, made) => {
    // A RegExp given as the pattern was checked when it was made (or is a literal, checked at
    // compile); a RegExp-like object lends its source, which the made RegExp holds.
    if (pattern === undefined || pattern instanceof NativeRegExp) return made;
    const text = isRegExp(pattern) ? made.source : `${pattern}`;
    const found = problem(text);
    if (found === undefined) return made;
    throw new SyntaxError(`Invalid regular expression: /${text}/${made.flags}: ${found.startsWith("the modifier group") ? "Invalid group" : "Duplicate capture group name"}`);
  };
  const Checked = new Proxy(NativeRegExp, {
    construct(target, args, newTarget) { return check(args[0], Reflect.construct(target, args, newTarget === Checked ? target : newTarget)); },
    apply(target, self, args) {
      // RegExp(re) gives re itself when its constructor is RegExp, as in Node.
      if (isRegExp(args[0]) && args[1] === undefined && args[0].constructor === Checked) return args[0];
      return check(args[0], Reflect.apply(target, self, args));
    },
  });
  Object.defineProperty(NativeRegExp.prototype, "constructor", { __proto__: null, value: Checked, writable: true, enumerable: false, configurable: true });
  lib.define("RegExp", Checked);
  // A string given to match, matchAll or search is made into a RegExp by the engine's own constructor.
  for (const name of ["match", "matchAll", "search"]) {
    const native = String.prototype[name];
    const flags = name === "matchAll" ? "g" : "";
    lib.define(name, { [name](regexp) {
      if (regexp !== undefined && regexp !== null && typeof regexp !== "object" && typeof regexp !== "function") check(regexp, { flags });
      return native.call(this, regexp);
    } }[name], String.prototype);
  }
})
