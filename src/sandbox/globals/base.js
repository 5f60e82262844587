// The first of the sandbox's Node 20 globals (guest-source.ts puts them before guest.js): what
// QuickJS has that Node 20 does not is removed, so that code which passes here runs on the
// student's Node; the helpers the other globals files share are put on `lib`.
(function (host, lib) {
  "use strict";
  const defineProperty = Object.defineProperty;
  /** A global as Node defines its own: writable, configurable, not enumerable. */
  lib.define = (name, value, on = globalThis) => defineProperty(on, name, { __proto__: null, value, writable: true, enumerable: false, configurable: true });
  /** A global made on first use (a getter that leaves a plain value behind), as Node's Buffer is. */
  lib.lazy = (name, make) => defineProperty(globalThis, name, {
    __proto__: null, enumerable: false, configurable: true,
    // make() may define the global itself (a lazy file of guest-source.ts does, as Node would).
    get() { const value = make(); if (Object.getOwnPropertyDescriptor(globalThis, name)?.get !== undefined) lib.define(name, value); return value; },
    set(value) { lib.define(name, value); },
  });
  /** What the sandbox deliberately does not run: an error naming it and what to use instead. */
  lib.refusal = (what, instead) => new Error(`${what} is not available in the grader's sandbox: ${instead}`);

  /** How Node's ERR_INVALID_ARG_TYPE names the value it got. */
  lib.received = (value) => {
    if (value === undefined || value === null) return `Received ${value}`;
    if (typeof value === "function") return `Received function ${value.name}`;
    if (typeof value === "object") return value.constructor?.name ? `Received an instance of ${value.constructor.name}` : "Received [Object: null prototype]";
    let shown = typeof value === "string" ? `'${value.length > 25 ? value.slice(0, 25) + "..." : value}'` : String(value);
    if (typeof value === "bigint") shown += "n";
    return `Received type ${typeof value} (${shown})`;
  };
  lib.argType = (name, expected, value) => Object.assign(new TypeError(`The "${name}" argument must be ${expected}. ${lib.received(value)}`), { code: "ERR_INVALID_ARG_TYPE" });
  // What Node 20 has and the sandbox deliberately does not give: there, as in Node, and a use
  // names it (typeof still says "object", as library code checks).
  const refused = (name, members, why) => {
    const holder = {};
    for (const member of members) lib.define(member, function () { throw lib.refusal(`${name}.${member}`, why); }, holder);
    defineProperty(holder, Symbol.toStringTag, { __proto__: null, value: name, configurable: true });
    lib.define(name, holder);
  };
  refused("WebAssembly", ["compile", "validate", "instantiate", "compileStreaming", "instantiateStreaming", "Module", "Instance", "Memory", "Table", "Global"], "the tasks need only JavaScript.");
  // Node 20's globals for the network, streams, files, messaging and WebCrypto's classes: there
  // (typeof says "function", as in Node, and instanceof works), and a call or new names it.
  const refusedFunction = (name, why) => lib.define(name, { [name]: function () { throw lib.refusal(name, why); } }[name]);
  for (const name of ["fetch", "Request", "Response", "Headers", "FormData"]) refusedFunction(name, "the tasks need no network.");
  for (const name of ["Blob", "File"]) refusedFunction(name, "use Buffer, or TextEncoder and TextDecoder.");
  for (const name of ["ReadableStream", "WritableStream", "TransformStream", "TextEncoderStream", "CompressionStream", "DecompressionStream"]) refusedFunction(name, "work on strings and arrays.");
  for (const name of ["BroadcastChannel", "MessageChannel", "MessagePort", "MessageEvent"]) refusedFunction(name, "there are no other threads in it to message.");
  for (const name of ["PerformanceObserver", "PerformanceEntry"]) refusedFunction(name, "use performance.now().");
  for (const name of ["Crypto", "CryptoKey", "SubtleCrypto"]) refusedFunction(name, "use crypto.randomUUID() or crypto.getRandomValues().");

  // QuickJS's WeakRef lets its target go at once, where the specification keeps it alive at least
  // to the end of the job that made or read it (a tool made and read back in one step was
  // undefined: correct-weakref-tool-cache). Held as long as its WeakRef is alive: a collector
  // that never collects, which the specification allows (FinalizationRegistry never calls back).
  {
    const targets = new WeakMap();
    const receiver = (v) => (v !== null && (typeof v === "object" || typeof v === "function") ? `#<${(typeof v.constructor === "function" && v.constructor.name) || "Object"}>` : String(v));
    const WeakRef = function WeakRef(target) {
      if (new.target === undefined) throw new TypeError("Constructor WeakRef requires 'new'");
      const weak = (typeof target === "object" && target !== null) || typeof target === "function" || (typeof target === "symbol" && Symbol.keyFor(target) === undefined);
      if (!weak) throw new TypeError("WeakRef: invalid target");
      targets.set(this, target);
    };
    defineProperty(WeakRef.prototype, "deref", { __proto__: null, value: function deref() {
      if (this === null || typeof this !== "object" || !targets.has(this)) throw new TypeError(`Method WeakRef.prototype.deref called on incompatible receiver ${receiver(this)}`);
      return targets.get(this);
    }, writable: true, enumerable: false, configurable: true });
    defineProperty(WeakRef.prototype, Symbol.toStringTag, { __proto__: null, value: "WeakRef", configurable: true });
    lib.define("WeakRef", WeakRef);
  }

  // Node 20 (V8 11.3) has none of these; QuickJS has most (newer-than-node20.ts's table, which
  // also words the failure that names one). Each holder is found before any is taken out: the
  // Iterator global goes, and its prototype's helpers with it.
  const remove = (holder, names) => { if (holder !== undefined && holder !== null) for (const name of names) delete holder[name]; };
  const holderAt = (path) => path.split(".").reduce((at, key) => (at === undefined || at === null ? undefined : at[key]), globalThis);
  const newer = lib.newerThanNode20.flatMap(({ name, on }) => on.map((path) => [holderAt(path), name]));
  for (const [holder, name] of newer) remove(holder, [name]);
  // The engine's own, which no Node has.
  remove(Set, ["groupBy"]);
  remove(Function.prototype, ["fileName", "lineNumber", "columnNumber"]);
  // V8's, which QuickJS lacks: a custom error class calls Error.captureStackTrace(this, Class),
  // often unguarded, and threw "not a function" here. The stack is V8's first line ("Name:
  // message", as Error.prototype.toString would say it) over the engine's frames, the call's own
  // left out; a property of the target's own, as V8 makes it.
  const headLine = (target) => {
    const name = target.name === undefined ? "Error" : `${target.name}`;
    const message = target.message === undefined ? "" : `${target.message}`;
    return name === "" ? message : message === "" ? name : `${name}: ${message}`;
  };
  lib.define("captureStackTrace", { captureStackTrace(target, constructorOpt) {
    if (target === null || (typeof target !== "object" && typeof target !== "function")) throw new TypeError("invalid_argument");
    void constructorOpt;
    const frames = `${new Error().stack ?? ""}`.split("\n").slice(1).filter((line) => line !== "").join("\n");
    defineProperty(target, "stack", { __proto__: null, value: frames === "" ? headLine(target) : `${headLine(target)}\n${frames}`, writable: true, enumerable: false, configurable: true });
  } }.captureStackTrace, Error);
  defineProperty(Error, "stackTraceLimit", { __proto__: null, value: 10, writable: true, enumerable: true, configurable: true });
  // The engine's stack overflow is one (errors.js makes it the RangeError V8 throws).
  lib.InternalError = globalThis.InternalError;
  remove(globalThis, ["InternalError"]);
  // Node 20's %IteratorPrototype% has no constructor: it is the Iterator global (taken out above).
  remove(Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())), ["constructor"]);
  // V8's wording (QuickJS's AggregateError from Promise.any has no message).
  const nativeAny = Promise.any;
  lib.define("any", function any(values) {
    return nativeAny.call(this, values).catch((error) => {
      if (error instanceof AggregateError && error.message === "") throw new AggregateError(error.errors, "All promises were rejected");
      throw error;
    });
  }, Promise);
  // Node 20 has these two, made by Node itself.
  defineProperty(Symbol, "dispose", { __proto__: null, value: Symbol("nodejs.dispose"), writable: false, enumerable: false, configurable: false });
  defineProperty(Symbol, "asyncDispose", { __proto__: null, value: Symbol("nodejs.asyncDispose"), writable: false, enumerable: false, configurable: false });

  const CODES = { IndexSizeError: 1, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11, SyntaxError: 12, InvalidCharacterError: 5, AbortError: 20, TimeoutError: 23, DataCloneError: 25 };
  class DOMException extends Error {
    constructor(message = "", options = "Error") {
      super(String(message));
      const name = typeof options === "object" && options !== null ? String(options.name ?? "Error") : String(options);
      defineProperty(this, "name", { __proto__: null, value: name, writable: true, enumerable: false, configurable: true });
      if (typeof options === "object" && options !== null && "cause" in options) defineProperty(this, "cause", { __proto__: null, value: options.cause, writable: true, enumerable: false, configurable: true });
    }
    get code() { return CODES[this.name] ?? 0; }
    get [Symbol.toStringTag]() { return "DOMException"; }
  }
  lib.define("DOMException", DOMException);
});
