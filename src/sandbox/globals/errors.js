// Errors in Node 20's words. QuickJS words the errors it raises itself in its own way ("cannot
// read property 'x' of undefined", "stack overflow"), and a student's code that prints
// err.message into a reply would read differently here than on their Node. QuickJS has no hook
// where it makes an error, so the words are changed where the student's code first sees one:
// its catch clauses (the compile step puts a call to this at the start of each, error-sites.ts),
// a promise's rejection handlers (then, and so catch), and the harness's report of a throw. Only
// messages whose V8 wording follows from QuickJS's alone, or from the place and what the compile
// step kept (error-source.js), are changed (docs/sandbox.md lists them); JSON.parse's errors are
// V8's from the start (json-errors.js), JSON.stringify's cycle is named as V8 names it.
(function (host, lib) {
  "use strict";
  const getPrototypeOf = Object.getPrototypeOf;
  const setPrototypeOf = Object.setPrototypeOf;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const defineProperty = Object.defineProperty;
  const exec = Function.prototype.call.bind(RegExp.prototype.exec);
  const InternalError = lib.InternalError;
  const NATIVE = [TypeError.prototype, ReferenceError.prototype, RangeError.prototype, SyntaxError.prototype, URIError.prototype, InternalError?.prototype];
  const test = Function.prototype.call.bind(RegExp.prototype.test);
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
    [ReferenceError.prototype, /^this is not initialized$/, () => "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"],
    [InternalError?.prototype, /^stack overflow$/, () => "Maximum call stack size exceeded", RangeError.prototype],
    // The parser's, on eval of a nest too deep.
    [SyntaxError.prototype, /^stack overflow$/, () => "Maximum call stack size exceeded", RangeError.prototype],
  ];
  // QuickJS's messages whose V8 words are read from the place or the marks (error-source.js).
  const FROM_SOURCE = new RegExp("^(not a function|(.* is )?not a constructor|cannot read property of (undefined|null)|value is not iterable|" +
    "cannot read property 'Symbol\\.iterator' of (undefined|null)|cannot convert to object|'[^]*' is read-only|not an object|class constructors must be invoked with 'new'|" +
    "invalid number of digits|radix must be between 2 and 36|bad normalization form)$");

  // What the compile step keeps as a module runs (error-sites.ts), by module: each module's first
  // statement hands its reader over while the guest loads it (lib.loading, guest.js).
  const marks = {};
  lib.errorMarks = (id) => (Object.prototype.hasOwnProperty.call(marks, id) ? marks[id] : undefined);
  lib.v8ErrorMarks = (read, clear) => { if (typeof lib.loading === "string") marks[lib.loading] = { read, clear }; };

  /** `error` with its message in V8's words where QuickJS raised it in its own; the same value. */
  lib.v8Error = (error) => {
    try {
      if (error === null || typeof error !== "object") return error;
      const proto = getPrototypeOf(error);
      if (!NATIVE.includes(proto)) return error;
      const own = getOwnPropertyDescriptor(error, "message");
      if (own === undefined || typeof own.value !== "string" || !own.writable) return error;
      if (((proto === TypeError.prototype || proto === RangeError.prototype) && test(FROM_SOURCE, own.value)) || proto === URIError.prototype) {
        const words = lib.errorFromSource(error, own.value);
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

  // A rejection handler gets the error in V8's words, as a catch clause does; a fulfilment
  // handler's own throw is worded as it leaves it, before other jobs run (what the compile step
  // kept for it is then still its own).
  const then = Function.prototype.call.bind(Promise.prototype.then);
  const apply = Function.prototype.call.bind(Function.prototype.apply);
  const v8Error = lib.v8Error;
  // Each module's first statement calls __gradeError.marks (error-sites.ts).
  defineProperty(v8Error, "marks", { __proto__: null, value: lib.v8ErrorMarks });
  lib.define("then", { then(onFulfilled, onRejected) {
    const fulfilled = typeof onFulfilled === "function" ? function (value) {
      try { return apply(onFulfilled, undefined, [value]); } catch (error) { throw v8Error(error); }
    } : onFulfilled;
    return then(this, fulfilled, typeof onRejected === "function" ? (error) => onRejected(v8Error(error)) : onRejected);
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

  // The engine's repeat; a count out of range is named as V8 names it (a primitive's only: an
  // object's valueOf is not run again).
  const repeat = Function.prototype.call.bind(String.prototype.repeat);
  lib.define("repeat", { repeat(count) {
    try {
      return repeat(this, count);
    } catch (error) {
      if (error instanceof RangeError && getOwnPropertyDescriptor(error, "message")?.value === "invalid repeat count" && (count === null || (typeof count !== "object" && typeof count !== "function"))) {
        defineProperty(error, "message", { __proto__: null, value: `Invalid count value: ${+count}`, writable: true, enumerable: false, configurable: true });
      }
      throw error;
    }
  } }.repeat, String.prototype);

  // The engine's JSON.stringify; on a cycle, V8's message, which names where it closes.
  const stringify = JSON.stringify;
  lib.define("stringify", { stringify(value, replacer, space) {
    try {
      return stringify(value, replacer, space);
    } catch (error) {
      if (error instanceof TypeError && getOwnPropertyDescriptor(error, "message")?.value === "circular reference") {
        let words;
        try { words = lib.circularMessage(value, replacer); } catch { /* left in QuickJS's words */ }
        if (words !== undefined) defineProperty(error, "message", { __proto__: null, value: words, writable: true, enumerable: false, configurable: true });
      }
      throw error;
    }
  } }.stringify, JSON);
});
