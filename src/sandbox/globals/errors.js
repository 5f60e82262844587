// Errors in Node 20's words. QuickJS words the errors it raises itself in its own way ("cannot
// read property 'x' of undefined", "stack overflow"), and a student's code that prints
// err.message into a reply would read differently here than on their Node. QuickJS has no hook
// where it makes an error, so the words are changed where the student's code first sees one:
// its catch clauses (the compile step puts a call to this at the start of each, transpile.ts),
// a promise's rejection handlers (then, and so catch), and the harness's report of a throw. Only
// messages whose V8 wording follows from QuickJS's alone are changed (docs/sandbox.md lists
// them); JSON.parse's errors are V8's from the start (json-errors.js).
(function (host, lib) {
  "use strict";
  const getPrototypeOf = Object.getPrototypeOf;
  const setPrototypeOf = Object.setPrototypeOf;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const defineProperty = Object.defineProperty;
  const exec = Function.prototype.call.bind(RegExp.prototype.exec);
  const InternalError = lib.InternalError;
  const NATIVE = [TypeError.prototype, ReferenceError.prototype, RangeError.prototype, SyntaxError.prototype, InternalError?.prototype];
  const read = (key, of) => `Cannot read properties of ${of} (reading '${key}')`;
  /** [prototype, QuickJS's message as a pattern, V8's message from its groups, V8's prototype]. */
  const WORDS = [
    [TypeError.prototype, /^cannot read property '((?!Symbol\.)[^]*)' of (undefined|null)$/, (m) => read(m[1], m[2])],
    [TypeError.prototype, /^cannot set property '((?!Symbol\.)[^]*)' of (undefined|null)$/, (m) => `Cannot set properties of ${m[2]} (setting '${m[1]}')`],
    [ReferenceError.prototype, /^'([^]*)' is not defined$/, (m) => `${m[1]} is not defined`],
    [TypeError.prototype, /^empty array$/, () => "Reduce of empty array with no initial value"],
    [RangeError.prototype, /^invalid array length$/, () => "Invalid array length"],
    [TypeError.prototype, /^cannot convert symbol to (string|number)$/, (m) => `Cannot convert a Symbol value to a ${m[1]}`],
    [RangeError.prototype, /^Date value is NaN$/, () => "Invalid time value"],
    [InternalError?.prototype, /^stack overflow$/, () => "Maximum call stack size exceeded", RangeError.prototype],
    // The parser's, on eval of a nest too deep.
    [SyntaxError.prototype, /^stack overflow$/, () => "Maximum call stack size exceeded", RangeError.prototype],
  ];
  // V8 names what was called (`o.a.f is not a function`); QuickJS says `not a function`, at the
  // place of the call's "(". The callee is read back from the student's compiled text there, as
  // V8 prints it: names, `.name`, `?.name`, `[0]`, `['key']` as `.key`, `[i]`, a call as `(...)`;
  // anything else leaves QuickJS's words.
  const test = Function.prototype.call.bind(RegExp.prototype.test);
  const NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;
  const NAME_CHAR = /[\p{L}\p{N}_$]/u;
  const isName = (c) => c !== undefined && test(NAME_CHAR, c);
  const isSpace = (c) => c === " " || c === "\t" || c === "\n" || c === "\r";
  /** The index of the bracket that opens the one closing at `at`, or -1. */
  function opening(text, at, open, close) {
    let depth = 0;
    for (let i = at; i >= 0 && at - i < 2000; i--) {
      if (text[i] === close) depth++;
      else if (text[i] === open && --depth === 0) return i;
    }
    return -1;
  }
  /** How V8 writes a computed key it read (`['k']` is `.k`), or undefined. */
  function keyOf(inner) {
    const m = exec(/^(['"`])([^'"`\\]*)\1$/, inner);
    if (m !== null) return { dot: m[2], key: m[2] };
    if (test(/^\d{1,15}$/, inner)) return { index: String(Number(inner)), key: String(Number(inner)) };
    return test(NAME, inner) ? { name: inner } : undefined;
  }
  /** The callee whose call opens at `end` in `text`, as V8 prints it, and whether it is `new`'s; or undefined. */
  function callee(text, end) {
    const parts = [];
    let i = end - 1;
    const skip = () => { while (i >= 0 && isSpace(text[i])) i--; };
    skip();
    for (let steps = 0; steps < 50; steps++) {
      const c = text[i];
      if (c === ")") {
        const open = opening(text, i, "(", ")");
        if (open < 0) return undefined;
        i = open - 1; skip();
        // A call's arguments follow what is called; a grouping (o.f)() or `new (o.f)` is left alone.
        if (!(isName(text[i]) || text[i] === "]" || text[i] === ")")) return undefined;
        if (test(/(^|[^\p{L}\p{N}_$])(new|return|typeof|void|delete|await|yield|throw|case|in|of|instanceof)$/u, text.slice(Math.max(0, i - 11), i + 1))) return undefined;
        parts.push("(...)");
        continue;
      }
      if (c === "]") {
        const open = opening(text, i, "[", "]");
        if (open < 0) return undefined;
        const key = keyOf(text.slice(open + 1, i).trim());
        if (key === undefined) return undefined;
        parts.push(key.dot !== undefined ? "." + key.dot : "[" + (key.index ?? key.name) + "]");
        i = open - 1; skip();
        if (text[i] === "." ) return undefined; // ?.[ and the like
        continue;
      }
      if (!isName(c)) return undefined;
      let start = i;
      while (start > 0 && isName(text[start - 1])) start--;
      const name = text.slice(start, i + 1);
      if (!test(NAME, name)) return undefined;
      i = start - 1; skip();
      if (text[i] === "." && text[i - 1] === "?") { parts.push("?." + name); i -= 2; skip(); continue; }
      if (text[i] === "." && text[i - 1] !== ".") { parts.push("." + name); i -= 1; skip(); continue; }
      if (text[i] === "." || text[i] === "#") return undefined;
      parts.push(name);
      let shown = "";
      for (let k = parts.length - 1; k >= 0; k--) shown += parts[k];
      const isNew = text.slice(i - 2, i + 1) === "new" && !isName(text[i - 3]);
      return { shown, isNew };
    }
    return undefined;
  }
  /** Where in which module's compiled text the error was raised (its stack's first place), or undefined. */
  function placeOf(error) {
    const own = getOwnPropertyDescriptor(error, "stack");
    if (own === undefined || typeof own.value !== "string") return undefined;
    const first = exec(/^[^\n]*/, own.value)[0];
    const m = exec(/\(([^()]+):(\d+):(\d+)\)$/, first);
    const text = m === null ? undefined : lib.moduleText?.(m[1]);
    if (text === undefined) return undefined;
    let at = 0;
    for (let line = 1; line < Number(m[2]); line++) { at = text.indexOf("\n", at) + 1; if (at === 0) return undefined; }
    return { text, at: at + Number(m[3]) - 1 };
  }
  function fromSource(error, message) {
    const place = placeOf(error);
    if (place === undefined) return undefined;
    const { text, at } = place;
    if (message === "cannot read property of undefined" || message === "cannot read property of null") {
      if (text[at] !== "[") return undefined;
      let depth = 0, close = -1;
      for (let i = at; i < text.length && i - at < 2000; i++) { if (text[i] === "[") depth++; else if (text[i] === "]" && --depth === 0) { close = i; break; } }
      const key = close < 0 ? undefined : keyOf(text.slice(at + 1, close).trim());
      return key?.key === undefined ? undefined : read(key.key, message.slice(message.lastIndexOf(" ") + 1));
    }
    if (text[at] !== "(" && text[at] !== "`") return undefined;
    const found = callee(text, at);
    if (found === undefined) return undefined;
    return `${found.shown} is not a ${found.isNew ? "constructor" : "function"}`;
  }

  /** `error` with its message in V8's words where QuickJS raised it in its own; the same value. */
  lib.v8Error = (error) => {
    try {
      if (error === null || typeof error !== "object") return error;
      const proto = getPrototypeOf(error);
      if (!NATIVE.includes(proto)) return error;
      const own = getOwnPropertyDescriptor(error, "message");
      if (own === undefined || typeof own.value !== "string" || !own.writable) return error;
      if (proto === TypeError.prototype && test(/^(not a function|(.* is )?not a constructor|cannot read property of (undefined|null))$/, own.value)) {
        const words = fromSource(error, own.value);
        if (words !== undefined) defineProperty(error, "message", { __proto__: null, value: words, writable: true, enumerable: false, configurable: true });
        return error;
      }
      for (const [from, pattern, words, to] of WORDS) {
        if (from !== proto) continue;
        const m = exec(pattern, own.value);
        if (m === null) continue;
        defineProperty(error, "message", { __proto__: null, value: words(m), writable: true, enumerable: false, configurable: true });
        if (to !== undefined) setPrototypeOf(error, to);
        break;
      }
    } catch { /* a value the student made strange: left as it is */ }
    return error;
  };

  // A rejection handler gets the error in V8's words, as a catch clause does.
  const then = Function.prototype.call.bind(Promise.prototype.then);
  const v8Error = lib.v8Error;
  lib.define("then", { then(onFulfilled, onRejected) {
    return then(this, onFulfilled, typeof onRejected === "function" ? (error) => onRejected(v8Error(error)) : onRejected);
  } }.then, Promise.prototype);

  // The engine's JSON.parse, and V8's message when it refuses a text (or the reviver's own throw).
  const parse = JSON.parse;
  lib.define("parse", { parse(text, reviver) {
    const source = `${text}`;
    try {
      return parse(source, reviver);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      const message = lib.jsonParseMessage(source);
      if (message === undefined) throw error;
      throw new SyntaxError(message);
    }
  } }.parse, JSON);
});
