// structuredClone as V8's serializer does it: own enumerable keys defined as data (a key named
// __proto__ stays an own key), getters read once, array holes kept, Date, RegExp (lastIndex 0),
// Map, Set, wrappers, Errors (by their standard name), ArrayBuffers and views sharing their
// clone's buffer, cycles; a DataCloneError for functions, symbols and objects V8 will not copy.
(function (host, lib) {
  "use strict";
  const { defineProperty, keys } = Object;
  const toString = Function.prototype.call.bind(Object.prototype.toString);
  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  const dataProperty = (target, key, value) => defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: true, configurable: true });
  const hidden = (target, key, value) => defineProperty(target, key, { __proto__: null, value, writable: true, enumerable: false, configurable: true });
  const refuse = (text) => new DOMException(`${text} could not be cloned.`, "DataCloneError");
  const tagName = (v) => toString(v).slice(8, -1);

  function structuredClone(value, options) {
    if (arguments.length === 0) throw new TypeError("The value argument must be specified");
    if (options !== undefined && options !== null && options.transfer !== undefined && typeof options.transfer?.[Symbol.iterator] !== "function") throw new TypeError("Optional transferList argument must be an iterable");
    const seen = new Map();
    const clone = (v) => {
      if (typeof v === "function") throw refuse(String(v));
      if (typeof v === "symbol") throw refuse(String(v));
      if (v === null || typeof v !== "object") return v;
      if (seen.has(v)) return seen.get(v);
      const tag = tagName(v);
      const keep = (copy) => { seen.set(v, copy); return copy; };
      switch (tag) {
        case "Date": return keep(new Date(v.getTime()));
        case "RegExp": return keep(new RegExp(v.source, v.flags));
        case "Boolean": case "Number": case "String": case "BigInt": return keep(Object(v.valueOf()));
        case "ArrayBuffer": return keep(v.slice(0));
        case "Map": { const m = keep(new Map()); v.forEach((x, k) => m.set(clone(k), clone(x))); return m; }
        case "Set": { const s = keep(new Set()); v.forEach((x) => s.add(clone(x))); return s; }
        case "Error": {
          const name = v.name;
          const Type = typeof name === "string" && Object.prototype.hasOwnProperty.call(ERRORS, name) ? ERRORS[name] : Error;
          // A real error of that type (Object.prototype.toString says "[object Error]", as Node's clone).
          const e = keep(Reflect.construct(Type, []));
          if (typeof v.stack === "string") hidden(e, "stack", v.stack);
          if (Object.prototype.hasOwnProperty.call(v, "message")) hidden(e, "message", String(v.message));
          if (Object.prototype.hasOwnProperty.call(v, "cause")) hidden(e, "cause", clone(v.cause));
          return e;
        }
      }
      if (ArrayBuffer.isView(v)) {
        const buffer = clone(v.buffer);
        const Type = tag === "DataView" ? DataView : globalThis[tag];
        return keep(new Type(buffer, v.byteOffset, tag === "DataView" ? v.byteLength : v.length));
      }
      if (Array.isArray(v)) {
        const a = keep(new Array(v.length));
        for (const key of keys(v)) dataProperty(a, key, clone(v[key]));
        return a;
      }
      if (tag !== "Object" && tag !== "Arguments") throw refuse(`#<${tag}>`);
      const o = keep({});
      for (const key of keys(v)) dataProperty(o, key, clone(v[key]));
      return o;
    };
    return clone(value);
  }
  defineProperty(globalThis, "structuredClone", { __proto__: null, value: structuredClone, writable: true, enumerable: true, configurable: true });
});
