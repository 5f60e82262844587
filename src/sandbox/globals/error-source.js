// V8's words for an error QuickJS raised, where they need more than QuickJS's message: read back
// from the student's compiled text at the error's place (the module factory's own text, at the
// stack's line and column), from what the compile step kept as the code ran (error-sites.ts: a
// computed key's value, the value iterated or destructured and how V8 prints its expression),
// or from the built-in the stack's first frame names. Compiled on the first such error
// (guest-source.ts); errors.js calls it. Anything it cannot place exactly keeps QuickJS's words.
(function (host, lib) {
  "use strict";
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const exec = Function.prototype.call.bind(RegExp.prototype.exec);
  const test = Function.prototype.call.bind(RegExp.prototype.test);
  const toText = String;
  const read = (key, of) => `Cannot read properties of ${of} (reading '${key}')`;
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
  // V8 names what was called (`o.a.f is not a function`); QuickJS says `not a function`, at the
  // place of the call's "(". The callee is read back as V8 prints it: names, `.name`, `?.name`,
  // `[0]`, `['key']` as `.key`, `[i]`, a call as `(...)`; anything else leaves QuickJS's words.
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
        const close = i;
        i = open - 1; skip();
        // A call's arguments follow what is called; otherwise the brackets group what the callee starts with.
        const word = exec(/(?:^|[^\p{L}\p{N}_$])(new|return|typeof|void|delete|await|yield|throw|case|in|of|instanceof)$/u, text.slice(Math.max(0, i - 11), i + 1));
        if ((isName(text[i]) || text[i] === "]" || text[i] === ")") && word === null) { parts.push("(...)"); continue; }
        // `o?.(x)` is an optional call: left alone.
        const shown = text[i] === "." ? undefined : grouped(text.slice(open + 1, close));
        if (shown === undefined) return undefined;
        parts.push(shown);
        return finish(parts, text, i, open);
      }
      if (c === "]") {
        const open = opening(text, i, "[", "]");
        if (open < 0) return undefined;
        const inner = text.slice(open + 1, i).trim();
        // The compile step keeps a computed key as it is read: `o[__gradeK = i]` is `o[i]`.
        const key = keyOf(test(/^__gradeK = /, inner) ? inner.slice(11) : inner);
        if (key === undefined) return undefined;
        parts.push(key.dot !== undefined ? "." + key.dot : "[" + (key.index ?? key.name) + "]");
        i = open - 1; skip();
        if (text[i] === ".") return undefined; // ?.[ and the like
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
      return finish(parts, text, i, start);
    }
    return undefined;
  }
  /** The callee whose parts were read back to its first (a name or a grouping) at `start`; `i` is before it. */
  function finish(parts, text, i, start) {
    const forward = parts.reverse();
    const isNew = text.slice(i - 2, i + 1) === "new" && !isName(text[i - 3]);
    // `new A(x).m()`: the new takes A(x) with its arguments, and V8 prints the object it made
    // as (intermediate value); what fails is the call of .m on it.
    const made = isNew ? forward.indexOf("(...)") : -1;
    if (made >= 0 && made < forward.length - 1) return { shown: "(intermediate value)" + forward.slice(made + 1).join(""), isNew: false, start };
    return { shown: forward.join(""), isNew, start };
  }
  /**
   * A grouping's expression as V8 prints it at the start of a callee: `(o)` as `o`, one logical
   * operator or commas between plain operands as `(a ?? [])` (`a ?? b ?? c` flat, `(0 , o.f)`);
   * anything else undefined.
   */
  function grouped(inner) {
    const operands = [];
    let op, from = 0, depth = 0, quote = "";
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i], two = inner.slice(i, i + 2);
      if (quote) { if (c === "\\") i++; else if (c === quote) quote = ""; continue; }
      if (c === "'" || c === '"' || c === "`") quote = c;
      else if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") depth--;
      else if (depth === 0 && (two === "??" || two === "||" || two === "&&" || c === ",")) {
        const token = c === "," ? c : two;
        if (op !== undefined && op !== token) return undefined;
        op = token; operands.push(inner.slice(from, i)); from = i + token.length; i += token.length - 1;
      }
    }
    operands.push(inner.slice(from));
    const shown = [];
    for (const operand of operands) {
      const t = operand.trim();
      const literal = exec(/^(\[\]|\{\}|null|undefined|true|false|\d{1,15}|""|'')$/, t);
      if (literal !== null) { shown.push(t === "''" ? '""' : t); continue; }
      const found = callee(t, t.length);
      if (found === undefined || found.start !== 0 || found.isNew) return undefined;
      // V8 prints an optional chain inside as (intermediate value).
      shown.push(t.includes("?.") ? "(intermediate value)" : found.shown);
    }
    return shown.length === 1 ? shown[0] : `(${shown.join(` ${op} `)})`;
  }
  /**
   * QuickJS places a call in tail position (`return f(x)`) at its `return`: the place of the
   * returned call's "(", or `at` itself.
   */
  function callAt(text, at) {
    if (text.slice(at, at + 6) !== "return" || isName(text[at + 6])) return at;
    let depth = 0, end = at + 6, quote = "";
    for (; end < text.length && end - at < 2000; end++) {
      const c = text[end];
      if (quote) { if (c === "\\") end++; else if (c === quote) quote = ""; continue; }
      if (c === "'" || c === '"' || c === "`") quote = c;
      else if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") { if (depth-- === 0) break; }
      else if ((c === ";" || c === "\n") && depth === 0) break;
    }
    while (isSpace(text[end - 1])) end--;
    return text[end - 1] === ")" ? opening(text, end - 1, "(", ")") : at;
  }
  /** The stack's frames: [function name, module id or "native", line, column]. */
  function frames(error) {
    const own = getOwnPropertyDescriptor(error, "stack");
    if (own === undefined || typeof own.value !== "string") return [];
    const out = [];
    for (const line of own.value.split("\n", 3)) {
      const m = exec(/^\s*at (.*) \((?:(native)|([^()]+):(\d+):(\d+))\)$/, line);
      out.push(m === null ? undefined : { name: m[1], id: m[2] ?? m[3], line: Number(m[4]), column: Number(m[5]) });
    }
    return out;
  }
  /** Where in a module's compiled text a frame is, or undefined. */
  function placeOf(frame) {
    const text = frame === undefined || frame.id === "native" ? undefined : lib.moduleText?.(frame.id);
    if (text === undefined) return undefined;
    let at = 0;
    for (let line = 1; line < frame.line; line++) { at = text.indexOf("\n", at) + 1; if (at === 0) return undefined; }
    return { text, at: at + frame.column - 1, id: frame.id };
  }
  /** V8's default name of a value it cannot point at in the source (its BuildDefaultCallSite). */
  function valueName(v) {
    const type = typeof v;
    if (type === "string") return `string "${v.length > 100 ? v.slice(0, 100) + "<...>" : v}"`;
    if (v === null) return "object null";
    if (type === "boolean" || type === "number") return `${type} ${toText(v)}`;
    return type;
  }
  /** How V8 prints a computed key it could not read a property by, or undefined. */
  function keyText(key) {
    if (key === null || (typeof key !== "object" && typeof key !== "function")) return Object.is(key, -0) ? "0" : toText(key);
    return undefined;
  }
  const iterable = (v) => { try { return typeof v[Symbol.iterator] === "function"; } catch { return true; } };
  /** V8's words for a failed iteration or destructuring that the compile step marked; undefined if the mark is not this error's. */
  function fromMark(message, marks) {
    const [, value, site] = marks;
    if (typeof site !== "string") return undefined;
    const kind = site[0], text = site.slice(1);
    if (message === "cannot convert to object") {
      if (kind !== "o" && kind !== "r") return undefined;
      const [name, printed, inner] = text.split("\u0001");
      if (value != null) return kind === "o" && inner ? nestedRead(value, inner) : undefined;
      if (kind === "r") return read(text, toText(value));
      const shown = printed || valueName(value);
      return name ? `Cannot destructure property '${name}' of '${shown}' as it is ${value}.` : `Cannot destructure '${shown}' as it is ${value}.`;
    }
    if (kind !== "i" && kind !== "c" && kind !== "d" && kind !== "s") return undefined;
    const nullish = exec(/^cannot read property 'Symbol\.iterator' of (undefined|null)$/, message);
    if (nullish !== null ? toText(value) !== nullish[1] || value == null === false : value == null || iterable(value)) return undefined;
    if (kind === "s") return value == null ? `${text} is not iterable (cannot read property ${value})` : "Spread syntax requires ...iterable[Symbol.iterator] to be a function";
    if (kind === "i") return `${text} is not iterable`;
    if (kind === "c") return `${text} is not a function or its return value is not iterable`;
    return `${valueName(value)} is not iterable (cannot read property Symbol(Symbol.iterator))`;
  }
  /** A data property's value, or Stop where it is a getter's (the student's code is not run again). */
  class Stop {}
  const dataAt = (v, key) => {
    const d = getOwnPropertyDescriptor(v, key);
    if (d !== undefined && !("value" in d)) throw new Stop();
    return d?.value;
  };
  /** V8's words for a nested object pattern (error-sites.ts, `nested`) that met undefined or null in `value`. */
  function nestedRead(value, specs) {
    try {
      for (const spec of specs.split("\u0002")) {
        const [path, name] = spec.split("\u0004");
        if (name === undefined) return undefined;
        let v = value;
        for (const key of path.split("\u0003")) v = dataAt(v, key);
        if (v != null) continue;
        return name === "\u0005" ? undefined : name === "" ? `Cannot read properties of ${v}` : read(name, toText(v));
      }
    } catch (e) { if (!(e instanceof Stop)) throw e; }
    return undefined;
  }
  /** A built-in's argument check, by the built-in the first frame names: QuickJS's message, the function, V8's. */
  const BUILT_IN = {
    "cannot convert to object": { keys: 1, values: 1, entries: 1, getOwnPropertyNames: 1, getOwnPropertyDescriptors: 1, getOwnPropertySymbols: 1, assign: 1, getPrototypeOf: 1, hasOwn: 1, words: "Cannot convert undefined or null to object" },
    "invalid number of digits": { toFixed: "toFixed() digits argument must be between 0 and 100", toPrecision: "toPrecision() argument must be between 1 and 100", toExponential: "toExponential() argument must be between 0 and 100" },
    "radix must be between 2 and 36": { toString: "toString() radix argument must be between 2 and 36" },
    "bad normalization form": { normalize: "The normalization form should be one of NFC, NFD, NFKC, NFKD." },
  };
  const URI = ["encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent"];
  const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty);

  /** V8's message for `error` (QuickJS's `message`), or undefined. */
  lib.errorFromSource = (error, message) => {
    const [first, second] = frames(error);
    if (first === undefined) return undefined;
    if (first.id === "native") {
      if (error instanceof URIError) return URI.includes(first.name) ? "URI malformed" : undefined;
      const table = hasOwn(BUILT_IN, message) ? BUILT_IN[message] : undefined;
      if (table !== undefined && hasOwn(table, first.name)) return typeof table[first.name] === "string" ? table[first.name] : table.words;
      if (message === "not an object" && (first.name === "defineProperty" || first.name === "defineProperties")) {
        const place = placeOf(second);
        const at = place === undefined ? -1 : callAt(place.text, place.at);
        const found = at < 0 || place.text[at] !== "(" ? undefined : callee(place.text, at);
        return found?.shown === `Object.${first.name}` ? `Object.${first.name} called on non-object` : undefined;
      }
      return undefined;
    }
    if (message === "class constructors must be invoked with 'new'") return test(NAME, first.name) ? `Class constructor ${first.name} cannot be invoked without 'new'` : undefined;
    const place = placeOf(first);
    if (place === undefined) return undefined;
    const { text, at } = place;
    const marks = lib.errorMarks(place.id);
    if (message === "cannot read property of undefined" || message === "cannot read property of null") {
      if (text[at] !== "[") return undefined;
      let depth = 0, close = -1;
      for (let i = at; i < text.length && i - at < 2000; i++) { if (text[i] === "[") depth++; else if (text[i] === "]" && --depth === 0) { close = i; break; } }
      const inner = close < 0 ? "" : text.slice(at + 1, close).trim();
      const of = message.slice(message.lastIndexOf(" ") + 1);
      if (test(/^__gradeK = /, inner)) {
        if (marks === undefined) return undefined;
        const key = marks.read()[0];
        if (Array.isArray(key)) return `Cannot read properties of ${of}`;
        const shown = keyText(key);
        return shown === undefined ? undefined : read(shown, of);
      }
      const key = keyOf(inner);
      return key?.key === undefined ? undefined : read(key.key, of);
    }
    const constant = exec(/^'([^]*)' is read-only$/, message);
    if (constant !== null) return isPropertyWrite(text, at, constant[1]) ? undefined : "Assignment to constant variable.";
    if (message === "value is not iterable" || message === "cannot convert to object" || test(/^cannot read property 'Symbol\.iterator' of /, message)) {
      let words;
      if (marks !== undefined) { words = fromMark(message, marks.read()); marks.clear(); }
      if (words !== undefined || message === "value is not iterable" || message === "cannot convert to object") return words;
      // Not marked (a parameter's pattern, a nested one): V8 names the value.
      return `${message.endsWith("null") ? "object null" : "undefined"} is not iterable (cannot read property Symbol(Symbol.iterator))`;
    }
    const call = callAt(text, at);
    if (call < 0 || (text[call] !== "(" && text[call] !== "`")) return undefined;
    const found = callee(text, call);
    if (found === undefined) return undefined;
    return `${found.shown} is not a ${found.isNew ? "constructor" : "function"}`;
  };

  /**
   * Whether QuickJS's "'name' is read-only" at `at` is a property's (a frozen object's: the place
   * is the `.name` or the `[` written to) rather than a constant's (the place is the assignment's
   * or the last read before it). A read of a property of that same name there is taken as one.
   */
  function isPropertyWrite(text, at, name) {
    if (text[at] === "[") return true;
    if (text[at] !== "." && !(text[at] === "?" && text[at + 1] === ".")) return false;
    let i = at + (text[at] === "?" ? 2 : 1);
    while (isSpace(text[i])) i++;
    return text.slice(i, i + name.length) === name && !isName(text[i + name.length]);
  }
});
