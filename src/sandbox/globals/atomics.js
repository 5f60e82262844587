// Atomics as Node 20 has it, on the engine's one thread (QuickJS here is built without it): each
// operation a plain read and write of an integer typed array, checked and converted as the
// specification says, with V8's words for what it refuses. Waiting is refused by name where it
// would block: there is no other thread to wake it.
(function (host, lib) {
  "use strict";
  const TypedArray = Object.getPrototypeOf(Int8Array);
  const tag = (v) => Object.prototype.toString.call(v);
  const shown = (v) => (v !== null && (typeof v === "object" || typeof v === "function") ? tag(v) : String(v));
  const INTEGER = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, BigInt64Array, BigUint64Array];
  const isBig = (ta) => ta instanceof BigInt64Array || ta instanceof BigUint64Array;
  function integerArray(ta, waitable) {
    const ok = ta instanceof TypedArray && (waitable ? ta instanceof Int32Array || ta instanceof BigInt64Array : INTEGER.some((C) => ta instanceof C));
    if (!ok) throw new TypeError(`${shown(ta)} is not ${waitable ? "an int32 or BigInt64" : "an integer"} typed array.`);
    return ta;
  }
  function indexOf(ta, index) {
    const n = index === undefined ? 0 : Math.trunc(Number(index)) || 0;
    if (n < 0 || n >= ta.length) throw new RangeError("Invalid atomic access index");
    return n;
  }
  const integer = (v) => { const n = Number(v); return n !== n ? 0 : Math.trunc(n) || 0; };
  const valueFor = (ta, v) => (isBig(ta) ? BigInt.asIntN(64, toBig(v)) : integer(v));
  function toBig(v) {
    if (typeof v === "bigint") return v;
    if (typeof v === "number") throw new TypeError(`Cannot convert ${v} to a BigInt`);
    return BigInt(v);
  }
  // A value as the array stores it: what compareExchange compares with.
  const stored = (ta, v) => { const one = new ta.constructor(1); one[0] = v; return one[0]; };
  const update = (name, op) => ({ [name](ta, index, value) {
    integerArray(ta, false);
    const i = indexOf(ta, index);
    const v = valueFor(ta, value);
    const old = ta[i];
    ta[i] = op(old, isBig(ta) ? BigInt(v) : v);
    return old;
  } })[name];
  const Atomics = {
    add: update("add", (a, b) => a + b), sub: update("sub", (a, b) => a - b), and: update("and", (a, b) => a & b),
    or: update("or", (a, b) => a | b), xor: update("xor", (a, b) => a ^ b), exchange: update("exchange", (a, b) => b),
    compareExchange(ta, index, expected, replacement) {
      integerArray(ta, false);
      const i = indexOf(ta, index);
      const want = stored(ta, valueFor(ta, expected));
      const next = valueFor(ta, replacement);
      const old = ta[i];
      if (old === want) ta[i] = next;
      return old;
    },
    load(ta, index) { integerArray(ta, false); return ta[indexOf(ta, index)]; },
    store(ta, index, value) { integerArray(ta, false); const i = indexOf(ta, index); const v = valueFor(ta, value); ta[i] = v; return v; },
    isLockFree(size) { const n = integer(size); return n === 1 || n === 2 || n === 4 || n === 8; },
    notify(ta, index, count) { integerArray(ta, true); indexOf(ta, index); return 0; },
    wait(ta, index, value, timeout) {
      integerArray(ta, true);
      if (!(ta.buffer instanceof SharedArrayBuffer)) throw new TypeError(`${tag(ta)} is not a shared typed array.`);
      const i = indexOf(ta, index);
      if (ta[i] !== valueFor(ta, value)) return "not-equal";
      const ms = timeout === undefined ? Infinity : Number(timeout);
      if (ms <= 0) return "timed-out";
      throw lib.refusal("Atomics.wait", "there are no other threads in it to wake it; use setTimeout or await.");
    },
    waitAsync() { throw lib.refusal("Atomics.waitAsync", "there are no other threads in it to wake it; use setTimeout or await."); },
  };
  const holder = {};
  for (const name of ["add", "and", "compareExchange", "exchange", "isLockFree", "load", "notify", "or", "store", "sub", "wait", "waitAsync", "xor"]) lib.define(name, Atomics[name], holder);
  for (const [name, length] of [["add", 3], ["and", 3], ["compareExchange", 4], ["exchange", 3], ["isLockFree", 1], ["load", 2], ["notify", 3], ["or", 3], ["store", 3], ["sub", 3], ["wait", 4], ["waitAsync", 4], ["xor", 3]]) {
    Object.defineProperty(holder[name], "length", { __proto__: null, value: length, configurable: true });
  }
  Object.defineProperty(holder, Symbol.toStringTag, { __proto__: null, value: "Atomics", configurable: true });
  lib.define("Atomics", holder);
});
