// JSON.stringify of a cycle, named as V8 names it: "Converting circular structure to JSON",
// the object the circle starts at, the properties that lead round (the middle of a long one as
// "..."), and the one that closes it, each object by the name V8 gives its constructor. Run only
// after the engine's own JSON.stringify refused a value as circular (errors.js); compiled on
// first use (guest-source.ts).
(function (host, lib) {
  "use strict";
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const toText = String;
  const isArray = Array.isArray;
  const keysOf = Object.keys;
  const getPrototypeOf = Object.getPrototypeOf;
  const dateToJSON = Date.prototype.toJSON;
  /** The name V8 gives an object's constructor in this message (JSReceiver::GetConstructorName), roughly. */
  function constructorName(o) {
    const data = (key) => {
      for (let p = o, n = 0; p !== null && n < 100; p = getPrototypeOf(p), n++) {
        const d = getOwnPropertyDescriptor(p, key);
        if (d !== undefined) return "value" in d ? d.value : undefined;
      }
      return undefined;
    };
    const proto = getPrototypeOf(o);
    const made = proto === null ? undefined : getOwnPropertyDescriptor(proto, "constructor")?.value;
    const nameOf = (f) => { const d = typeof f === "function" ? getOwnPropertyDescriptor(f, "name") : undefined; return d !== undefined && typeof d.value === "string" && d.value !== "" && d.value !== "Object" ? d.value : undefined; };
    if (typeof made === "function" && getOwnPropertyDescriptor(made, "prototype")?.value === proto && nameOf(made) !== undefined) return nameOf(made);
    const tag = data(Symbol.toStringTag);
    if (typeof tag === "string") return tag;
    return nameOf(data("constructor")) ?? (isArray(o) ? "Array" : typeof o === "function" ? "Function" : "Object");
  }
  class Giveup {}
  /**
   * V8's message for JSON.stringify(value, replacer) that the engine refused as circular, or
   * undefined. The walk reads data properties only: it runs none of the student's code (a getter,
   * a toJSON other than Date's, a replacer function), and gives up where it would have to.
   */
  lib.circularMessage = (value, replacer) => {
    if (typeof replacer === "function") return undefined;
    const list = isArray(replacer) ? replacer.filter((k) => typeof k === "string" || typeof k === "number").map(toText) : undefined;
    const stack = [];
    const valueAt = (holder, key) => {
      const d = getOwnPropertyDescriptor(holder, key);
      if (d === undefined) return undefined;
      if (!("value" in d)) throw new Giveup();
      let v = d.value;
      if (v !== null && typeof v === "object" && "toJSON" in v) {
        if (v.toJSON !== dateToJSON) throw new Giveup();
        return undefined;
      }
      return v;
    };
    const walk = (key, v) => {
      if (v === null || typeof v !== "object") return undefined;
      for (let i = 0; i < stack.length; i++) if (stack[i][1] === v) return lines(i, key);
      stack.push([key, v]);
      const array = isArray(v);
      const keys = array ? Array.from({ length: v.length }, (_, i) => i) : list ?? keysOf(v);
      for (const k of keys) {
        const found = walk(k, valueAt(v, toText(k)));
        if (found !== undefined) return found;
      }
      stack.pop();
      return undefined;
    };
    const keyName = (k) => (typeof k === "number" ? `index ${k}` : k === "" ? "<anonymous>" : `property '${k}'`);
    const lines = (start, closing) => {
      let out = `Converting circular structure to JSON\n    --> starting at object with constructor '${constructorName(stack[start][1])}'`;
      const line = (i) => { out += `\n    |     ${keyName(stack[i][0])} -> object with constructor '${constructorName(stack[i][1])}'`; };
      let i = start + 1;
      for (const end = Math.min(stack.length, i + 2); i < end; i++) line(i);
      if (stack.length > i + 1) out += "\n    |     ...";
      for (i = Math.max(i, stack.length - 1); i < stack.length; i++) line(i);
      return `${out}\n    --- ${keyName(closing)} closes the circle`;
    };
    try { return walk("", valueAt({ "": value }, "")); } catch (e) { if (e instanceof Giveup) return undefined; throw e; }
  };
});
