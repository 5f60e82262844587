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
      const e = new (reply.error.name === "RangeError" ? RangeError : reply.error.name === "URIError" ? URIError : TypeError)(reply.error.message);
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

  // node:url's legacy API (url.parse, format, resolve, resolveObject, Url) as Node 20's: each
  // answered by the grader's own Node (host-url.ts), to which only plain values go: strings, the
  // fields of a Url-like object (strings, numbers, booleans, null) and its query's plain values.
  lib.legacyUrl = (exports) => {
    const FIELDS = ["protocol", "slashes", "auth", "host", "port", "hostname", "hash", "search", "query", "pathname", "path", "href"];
    const Url = function Url() { for (let i = 0; i < FIELDS.length; i++) this[FIELDS[i]] = null; };
    const made = (entries) => {
      const url = new Url();
      for (const [key, value] of entries) {
        if (key !== "query" || value === null || typeof value !== "object") { url[key] = value; continue; }
        const query = Object.create(null);
        for (const [k, v] of value.pairs) query[k] = v;
        url[key] = query;
      }
      return url;
    };
    const refused = (what) => lib.refusal(what, "give it strings, or an object whose fields are strings, numbers, booleans or null (and a query of such values), or use new URL(...).");
    // querystring.stringify's reading of a query value: what it would not write as text is null (written as "").
    const primitive = (v) => (typeof v === "string" || typeof v === "boolean" ? v : typeof v === "number" ? (Number.isFinite(v) ? v : null) : typeof v === "bigint" ? String(v) : null);
    /** A Url or Url-like object's fields as plain values, as Url.prototype.format reads them. */
    const fields = (object, what) => {
      const out = {};
      for (const key of FIELDS) {
        const v = object[key];
        if (v === undefined || v === null) out[key] = null;
        else if (typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v) && key !== "query")) out[key] = v;
        else if (key === "query" && typeof v === "object") {
          const pairs = [];
          for (const k of Object.keys(v)) { const x = v[k]; pairs.push([k, Array.isArray(x) ? Array.from(x, primitive) : primitive(x)]); }
          out[key] = { pairs };
        } else throw refused(`${what} of an object whose ${key} is ${typeof v === "number" ? String(v) : typeof v === "object" ? "an object" : `a ${typeof v}`}`);
      }
      return out;
    };
    const target = (value, what) => (typeof value === "string" ? { s: value } : { f: fields(value, what) });
    const wantString = (value, name) => { if (typeof value !== "string") throw lib.argType(name, "of type string", value); };
    function parse(url, parseQueryString, slashesDenoteHost) {
      if (url instanceof Url) return url;
      wantString(url, "url");
      return made(ask("legacyParse", [url, !!parseQueryString, !!slashesDenoteHost]));
    }
    function format(urlObject, options) {
      if (typeof urlObject === "string") return ask("legacyFormat", [{ s: urlObject }]);
      if (typeof urlObject !== "object" || urlObject === null) throw Object.assign(new TypeError(`The "urlObject" argument must be one of type object or string. ${lib.received(urlObject)}`), { code: "ERR_INVALID_ARG_TYPE" });
      if (urlObject instanceof URL) {
        const flags = { fragment: true, unicode: false, search: true, auth: true };
        if (options) {
          if (typeof options !== "object" || Array.isArray(options)) throw lib.argType("options", "of type object", options);
          for (const key of ["fragment", "unicode", "search", "auth"]) if (options[key] != null) flags[key] = Boolean(options[key]);
        }
        return ask("legacyFormat", [{ href: urlObject.href }, flags]);
      }
      return ask("legacyFormat", [{ f: fields(urlObject, "url.format") }]);
    }
    function resolve(source, relative) {
      if (!(source instanceof Url)) wantString(source, "url");
      wantString(relative, "url");
      return ask("legacyResolve", [target(source, "url.resolve"), relative]);
    }
    function resolveObject(source, relative) {
      if (!source) return relative;
      if (!(source instanceof Url)) wantString(source, "url");
      if (typeof relative !== "string" && !(relative instanceof Url)) throw refused("url.resolveObject of a relative that is neither a string nor a Url");
      return made(ask("legacyResolveObject", [target(source, "url.resolveObject"), target(relative, "url.resolveObject")]));
    }
    const method = (name, fn) => defineProperty(Url.prototype, name, { __proto__: null, value: { [name]: fn }[name], writable: true, enumerable: true, configurable: true });
    method("parse", function (url, parseQueryString, slashesDenoteHost) {
      wantString(url, "url");
      const parsed = made(ask("legacyParse", [url, !!parseQueryString, !!slashesDenoteHost]));
      for (const key of Object.keys(parsed)) this[key] = parsed[key];
      return this;
    });
    method("format", function () { return ask("legacyFormat", [{ f: fields(this, "Url.prototype.format") }]); });
    method("resolve", function (relative) { wantString(relative, "url"); return ask("legacyResolve", [{ f: fields(this, "Url.prototype.resolve") }, relative]); });
    method("resolveObject", function (relative) {
      if (typeof relative !== "string" && !(relative instanceof Url)) throw refused("Url.prototype.resolveObject of a relative that is neither a string nor a Url");
      return made(ask("legacyResolveObject", [{ f: fields(this, "Url.prototype.resolveObject") }, target(relative, "Url.prototype.resolveObject")]));
    });
    Object.assign(exports, { Url, parse: { parse }.parse, format: { format }.format, resolve: { resolve }.resolve, resolveObject: { resolveObject }.resolveObject });
  };
});
