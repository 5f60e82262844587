// Intl, and the locale-aware methods of String, Number, BigInt, Date and Array, answered by the
// grader's own V8 through one narrow host function (host-intl.ts): JSON text in, JSON text out,
// capped in length. The default locale is en-US and the default time zone UTC, whatever the
// grader's machine says, so that the same code gets the same text everywhere.
(function (host, lib) {
  "use strict";
  const hostIntl = host.intl;
  const MAX = host.hostChars;
  const { stringify, parse } = JSON;
  const { defineProperty, create } = Object;
  const states = new WeakMap();
  // Each Intl.Locale's fields, as V8 told them (locale()).
  const infos = new WeakMap();

  function ask(kind, locales, options, method, args) {
    const text = stringify({ kind, locales, options, method, args });
    if (text.length > MAX) throw new RangeError(`the text to format is longer than the grader's sandbox formats (${MAX} characters)`);
    const reply = parse(hostIntl(text));
    if (reply.error) throw new (reply.error.name === "RangeError" ? RangeError : TypeError)(reply.error.message);
    return reply.ok;
  }
  const localesOf = (locales) => {
    if (locales === undefined) return undefined;
    if (typeof locales === "string") return locales;
    // An Intl.Locale is one locale, as V8 reads it.
    if (infos.has(locales)) return infos.get(locales).tag;
    if (locales === null) throw new TypeError("Cannot convert undefined or null to object");
    return Array.from(locales, (l) => { if (typeof l !== "string" && (typeof l !== "object" || l === null)) throw new TypeError("Language ID should be string or object."); return String(l); });
  };
  const optionsOf = (options) => {
    if (options === undefined) return undefined;
    if (options === null) throw new TypeError("Cannot convert undefined or null to object");
    const out = {};
    for (const key in Object(options)) {
      const v = options[key];
      if (typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))) out[key] = v;
    }
    return out;
  };
  // What JSON cannot carry crosses as a tag (host-intl.ts reads it back).
  const numeric = (x) => {
    if (typeof x === "bigint") return { bigint: String(x) };
    if (typeof x === "string") return x;
    const n = Number(x);
    return Number.isFinite(n) && !Object.is(n, -0) ? n : { number: Object.is(n, -0) ? "-0" : String(n) };
  };
  const time = (date) => (date === undefined ? Date.now() : date instanceof Date ? date.getTime() : Number(date));
  const timeArg = (date) => numeric(time(date));

  const method = (name, fn) => defineProperty(fn, "name", { __proto__: null, value: name, configurable: true });
  /** One of Intl's constructors: callable without new where V8's is, its state private. */
  function kind(name, { callable, bound = {}, methods = {} }) {
    const Kind = function (locales, options) {
      if (new.target === undefined) {
        if (!callable) throw new TypeError(`Constructor Intl.${name} requires 'new'`);
        return new Kind(locales, options);
      }
      const state = { locales: localesOf(locales), options: optionsOf(options) };
      state.resolved = ask(name, state.locales, state.options, "resolvedOptions", []);
      states.set(this, state);
    };
    defineProperty(Kind, "name", { __proto__: null, value: name, configurable: true });
    const stateOf = (self, what) => {
      const state = states.get(self);
      if (state !== undefined) return state;
      const shown = (typeof self === "object" && self !== null) || typeof self === "function" ? `#<${self.constructor?.name ?? "Object"}>` : String(self);
      throw new TypeError(`Method ${what} called on incompatible receiver ${shown}`);
    };
    const run = (state, m, args) => ask(name, state.locales, state.options, m, args);
    for (const [m, fn] of Object.entries(bound)) {
      defineProperty(Kind.prototype, m, { __proto__: null, enumerable: false, configurable: true, get() {
        const state = stateOf(this, `get Intl.${name}.prototype.${m}`);
        return (state[m] ??= method("", (...args) => fn((ms, a) => run(state, ms, a), ...args)));
      } });
    }
    for (const [m, fn] of Object.entries(methods)) lib.define(m, method(m, function (...args) { return fn((ms, a) => run(stateOf(this, `Intl.${name}.prototype.${m}`), ms, a), ...args); }), Kind.prototype);
    lib.define("resolvedOptions", method("resolvedOptions", function () { return { ...stateOf(this, `Intl.${name}.prototype.resolvedOptions`).resolved }; }), Kind.prototype);
    lib.define("supportedLocalesOf", method("supportedLocalesOf", (locales, options) => ask("Intl", localesOf(locales), optionsOf(options), "supportedLocalesOf", [name])), Kind);
    defineProperty(Kind.prototype, Symbol.toStringTag, { __proto__: null, value: `Intl.${name}`, configurable: true });
    return Kind;
  }

  const strings = (list) => Array.from(list, (x) => { if (typeof x !== "string") throw new TypeError(`Iterable yielded ${String(x)} which is not a string`); return x; });
  const Intl = create(Object.prototype);
  const kinds = {
    Collator: kind("Collator", { callable: true, bound: { compare: (run, a, b) => run("compare", [String(a), String(b)]) } }),
    NumberFormat: kind("NumberFormat", { callable: true, bound: { format: (run, x) => run("format", [numeric(x)]) },
      methods: { formatToParts: (run, x) => run("formatToParts", [numeric(x)]), formatRange: (run, a, b) => run("formatRange", [numeric(a), numeric(b)]) } }),
    DateTimeFormat: kind("DateTimeFormat", { callable: true, bound: { format: (run, d) => run("format", [timeArg(d)]) },
      methods: { formatToParts: (run, d) => run("formatToParts", [timeArg(d)]), formatRange: (run, a, b) => run("formatRange", [timeArg(a), timeArg(b)]) } }),
    PluralRules: kind("PluralRules", { methods: { select: (run, n) => run("select", [numeric(Number(n))]) } }),
    RelativeTimeFormat: kind("RelativeTimeFormat", { methods: { format: (run, v, unit) => run("format", [numeric(Number(v)), String(unit)]), formatToParts: (run, v, unit) => run("formatToParts", [numeric(Number(v)), String(unit)]) } }),
    ListFormat: kind("ListFormat", { methods: { format: (run, list) => run("format", [strings(list)]), formatToParts: (run, list) => run("formatToParts", [strings(list)]) } }),
    DisplayNames: kind("DisplayNames", { methods: { of: (run, code) => run("of", [String(code)]) } }),
    Segmenter: kind("Segmenter", { methods: { segment: (run, text) => segments(String(text), run("segment", [String(text)])) } }),
  };
  /** Intl.Locale: what V8 tells of the tag, asked once when it is made; its getters read that. */
  function locale() {
    const FIELDS = ["baseName", "language", "script", "region", "calendar", "caseFirst", "collation", "hourCycle", "numeric", "numberingSystem",
      "calendars", "collations", "hourCycles", "numberingSystems", "textInfo", "timeZones", "weekInfo"];
    const infoOf = (self, what) => {
      const info = infos.get(self);
      if (info === undefined) throw new TypeError(`Method Intl.Locale.prototype.${what} called on incompatible receiver ${String(self)}`);
      return info;
    };
    const copy = (v) => (v !== null && typeof v === "object" ? parse(stringify(v)) : v);
    const Locale = function Locale(tag) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.Locale requires 'new'");
      const options = arguments[1];
      if (typeof tag !== "string" && (typeof tag !== "object" || tag === null)) throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
      infos.set(this, ask("Locale", String(tag), optionsOf(options), "info", []));
    };
    lib.define("toString", method("toString", function () { return infoOf(this, "toString").tag; }), Locale.prototype);
    lib.define("maximize", method("maximize", function () { return new Locale(infoOf(this, "maximize").maximized); }), Locale.prototype);
    lib.define("minimize", method("minimize", function () { return new Locale(infoOf(this, "minimize").minimized); }), Locale.prototype);
    for (const field of FIELDS) {
      defineProperty(Locale.prototype, field, { __proto__: null, enumerable: false, configurable: true, get: method(`get ${field}`, function () { return copy(infoOf(this, field)[field]); }) });
    }
    defineProperty(Locale.prototype, Symbol.toStringTag, { __proto__: null, value: "Intl.Locale", configurable: true });
    return Locale;
  }
  function segments(input, list) {
    const all = list.map((s) => ({ ...s, input }));
    return { containing: (i = 0) => all.find((s) => i >= s.index && i < s.index + s.segment.length), [Symbol.iterator]: () => all.map((s) => ({ ...s }))[Symbol.iterator]() };
  }
  for (const [name, Kind] of Object.entries(kinds)) lib.define(name, Kind, Intl);
  lib.define("Locale", locale(), Intl);
  lib.define("getCanonicalLocales", method("getCanonicalLocales", (locales) => ask("Intl", localesOf(locales) ?? [], undefined, "getCanonicalLocales", [])), Intl);
  lib.define("supportedValuesOf", method("supportedValuesOf", (key) => ask("Intl", undefined, undefined, "supportedValuesOf", [String(key)])), Intl);
  defineProperty(Intl, Symbol.toStringTag, { __proto__: null, value: "Intl", configurable: true });
  lib.define("Intl", Intl);

  // The built-ins' own locale-aware methods, which QuickJS answers without a locale.
  const protoMethod = (proto, name, fn) => lib.define(name, method(name, fn), proto);
  protoMethod(String.prototype, "localeCompare", function (that, locales, options) {
    if (this === null || this === undefined) throw new TypeError("String.prototype.localeCompare called on null or undefined");
    const a = String(this), b = String(that);
    return ask("Collator", localesOf(locales), optionsOf(options), "compare", [a, b]);
  });
  for (const name of ["toLocaleUpperCase", "toLocaleLowerCase"]) {
    protoMethod(String.prototype, name, function (locales) {
      if (this === null || this === undefined) throw new TypeError(`String.prototype.${name} called on null or undefined`);
      return ask("String", localesOf(locales), undefined, name, [String(this)]);
    });
  }
  const numberValue = Number.prototype.valueOf, bigintValue = BigInt.prototype.valueOf, dateValue = Date.prototype.getTime;
  protoMethod(Number.prototype, "toLocaleString", function (locales, options) { return ask("NumberFormat", localesOf(locales), optionsOf(options), "format", [numeric(numberValue.call(this))]); });
  protoMethod(BigInt.prototype, "toLocaleString", function (locales, options) { return ask("NumberFormat", localesOf(locales), optionsOf(options), "format", [numeric(bigintValue.call(this))]); });
  for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
    protoMethod(Date.prototype, name, function (locales, options) { return ask("Date", localesOf(locales), optionsOf(options), name, [numeric(dateValue.call(this))]); });
  }
  protoMethod(Array.prototype, "toLocaleString", function (locales, options) {
    const items = Object(this);
    const length = Math.min(Number(items.length) || 0, 2 ** 32 - 1);
    let out = "";
    for (let i = 0; i < length; i++) {
      if (i > 0) out += ",";
      const item = items[i];
      if (item !== undefined && item !== null) out += String(item.toLocaleString(locales, options));
    }
    return out;
  });
});
