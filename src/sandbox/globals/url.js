// URL and URLSearchParams as Node 20's: parsing and serialising by the grader's own V8 through
// one narrow host function (host-url.ts: JSON text in and out, capped), the rest here.
(function (host, lib) {
  "use strict";
  const hostUrl = host.url;
  const MAX = host.hostChars;
  const { stringify, parse } = JSON;
  const { defineProperty } = Object;
  function ask(op, args) {
    const text = stringify({ op, args });
    if (text.length > MAX) throw new RangeError(`the URL is longer than the grader's sandbox parses (${MAX} characters)`);
    const reply = parse(hostUrl(text));
    if (reply.error) {
      const e = new (reply.error.name === "RangeError" ? RangeError : TypeError)(reply.error.message);
      if (reply.error.code) e.code = reply.error.code;
      throw e;
    }
    return reply.ok;
  }

  const paramsState = new WeakMap();
  const toUSVString = (v) => String(v).toWellFormed();
  class URLSearchParams {
    constructor(init = undefined) {
      const state = { list: [], url: null };
      paramsState.set(this, state);
      if (init === undefined || init === null) return;
      if (typeof init === "object" || typeof init === "function") {
        if (typeof init[Symbol.iterator] === "function") {
          for (const pair of init) {
            if ((typeof pair !== "object" && typeof pair !== "function") || pair === null || typeof pair[Symbol.iterator] !== "function") throw Object.assign(new TypeError("Each query pair must be an iterable [name, value] tuple"), { code: "ERR_INVALID_TUPLE" });
            const items = Array.from(pair);
            if (items.length !== 2) throw Object.assign(new TypeError("Each query pair must be an iterable [name, value] tuple"), { code: "ERR_INVALID_TUPLE" });
            state.list.push([toUSVString(items[0]), toUSVString(items[1])]);
          }
        } else {
          for (const key of Reflect.ownKeys(init)) {
            if (typeof key !== "string" || !Object.prototype.propertyIsEnumerable.call(init, key)) continue;
            state.list.push([toUSVString(key), toUSVString(init[key])]);
          }
        }
        return;
      }
      const text = toUSVString(init);
      state.list = ask("query", [text.startsWith("?") ? text.slice(1) : text]);
    }
    get size() { return state(this).list.length; }
    append(name, value) { need(arguments, 2); state(this).list.push([toUSVString(name), toUSVString(value)]); update(this); }
    delete(name, value) {
      need(arguments, 1);
      const s = state(this), n = toUSVString(name), v = value === undefined ? undefined : toUSVString(value);
      s.list = s.list.filter(([k, x]) => !(k === n && (v === undefined || x === v)));
      update(this);
    }
    get(name) { need(arguments, 1); const n = toUSVString(name); const found = state(this).list.find(([k]) => k === n); return found ? found[1] : null; }
    getAll(name) { need(arguments, 1); const n = toUSVString(name); return state(this).list.filter(([k]) => k === n).map(([, v]) => v); }
    has(name, value) { need(arguments, 1); const n = toUSVString(name), v = value === undefined ? undefined : toUSVString(value); return state(this).list.some(([k, x]) => k === n && (v === undefined || x === v)); }
    set(name, value) {
      need(arguments, 2);
      const s = state(this), n = toUSVString(name), v = toUSVString(value);
      const at = s.list.findIndex(([k]) => k === n);
      if (at < 0) s.list.push([n, v]);
      else s.list = s.list.filter(([k], i) => k !== n || i === at).map((pair, i) => (i === at ? [n, v] : pair));
      update(this);
    }
    sort() {
      // Stable, by UTF-16 code units, as the standard says.
      const s = state(this);
      s.list = s.list.map((pair, i) => [pair, i]).sort(([a, i], [b, j]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : i - j)).map(([pair]) => pair);
      update(this);
    }
    forEach(callback, thisArg = undefined) {
      if (typeof callback !== "function") throw lib.argType("callback", "of type function", callback);
      const list = state(this).list;
      for (let i = 0; i < list.length; i++) callback.call(thisArg, list[i][1], list[i][0], this);
    }
    entries() { return state(this).list.map(([k, v]) => [k, v])[Symbol.iterator](); }
    keys() { return state(this).list.map(([k]) => k)[Symbol.iterator](); }
    values() { return state(this).list.map(([, v]) => v)[Symbol.iterator](); }
    toString() { return ask("serialize", [state(this).list]); }
    get [Symbol.toStringTag]() { return "URLSearchParams"; }
  }
  defineProperty(URLSearchParams.prototype, Symbol.iterator, { __proto__: null, value: URLSearchParams.prototype.entries, writable: true, configurable: true });
  function state(params) {
    const s = paramsState.get(params);
    if (s === undefined) throw Object.assign(new TypeError('Value of "this" must be of type URLSearchParams'), { code: "ERR_INVALID_THIS" });
    return s;
  }
  function need(args, count) {
    if (args.length < count) throw Object.assign(new TypeError(`The ${count === 1 ? '"name"' : '"name" and "value"'} argument${count === 1 ? "" : "s"} must be specified`), { code: "ERR_MISSING_ARGS" });
  }
  // A URL's searchParams writes its changes back into the URL.
  function update(params) {
    const s = state(params);
    if (s.url === null) return;
    const text = ask("serialize", [s.list]);
    urlState.get(s.url).parts = ask("set", [urlState.get(s.url).parts.href, "search", text]);
  }

  const urlState = new WeakMap();
  const parts = (url) => {
    const s = urlState.get(url);
    if (s === undefined) throw Object.assign(new TypeError('Value of "this" must be of type URL'), { code: "ERR_INVALID_THIS" });
    return s;
  };
  class URL {
    constructor(input, base = undefined) {
      if (arguments.length === 0) throw Object.assign(new TypeError('The "url" argument must be specified'), { code: "ERR_MISSING_ARGS" });
      const text = String(input);
      const args = base === undefined ? [text] : [text, String(base)];
      let found;
      try { found = ask("parse", args); } catch (error) {
        if (error.code === "ERR_INVALID_URL") { error.input = text; if (base !== undefined) error.base = String(base); }
        throw error;
      }
      const params = new URLSearchParams(found.search);
      paramsState.get(params).url = this;
      urlState.set(this, { parts: found, params });
    }
    static canParse(input, base = undefined) {
      if (arguments.length === 0) throw Object.assign(new TypeError('The "url" argument must be specified'), { code: "ERR_MISSING_ARGS" });
      try { ask("parse", base === undefined ? [String(input)] : [String(input), String(base)]); return true; } catch { return false; }
    }
    static parse(input, base = undefined) {
      try { return new URL(input, base); } catch { return null; }
    }
    static createObjectURL() { throw lib.refusal("URL.createObjectURL", "there are no Blobs in it to point at."); }
    static revokeObjectURL() {}
    get searchParams() { return parts(this).params; }
    toString() { return parts(this).parts.href; }
    toJSON() { return parts(this).parts.href; }
    get [Symbol.toStringTag]() { return "URL"; }
  }
  for (const name of ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]) {
    defineProperty(URL.prototype, name, {
      __proto__: null, enumerable: true, configurable: true,
      get() { return parts(this).parts[name]; },
      set: name === "origin" ? undefined : function (value) {
        const s = parts(this);
        s.parts = ask("set", [s.parts.href, name, String(value)]);
        if (name === "href" || name === "search") paramsState.get(s.params).list = ask("query", [s.parts.search.slice(1)]);
      },
    });
  }
  lib.define("URL", URL);
  lib.define("URLSearchParams", URLSearchParams);
});
