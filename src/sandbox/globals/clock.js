// The sandbox's clock: Date.now(), new Date() and Date() read a time that advances with the work
// the engine did (host.clock: a millisecond per unit of fuel, from the real time the instance
// started, session.ts) and with the virtual timers' jumps (timers.js). On the real clock, code
// that times itself or makes ids from Date.now() saw other values on a busy machine than on a
// quiet one; on this one the same code sees the same elapsed times on any machine, a busy-wait
// ends after work counted like any loop's, and a setTimeout's callback sees its delay gone by.
// The Date objects are the engine's own; only the constructor that reads "now" is another.
(function (host, lib) {
  "use strict";
  const NativeDate = Date;
  const now = () => host.clock() + lib.timersNow();
  // Named Date, as Node's is; held as ClockDate, since a local "Date" would hide the engine's above.
  const ClockDate = function Date(...args) {
    if (new.target === undefined) return new NativeDate(now()).toString();
    return Reflect.construct(NativeDate, args.length === 0 ? [now()] : args, new.target);
  };
  const hidden = (value) => ({ __proto__: null, value, writable: true, enumerable: false, configurable: true });
  Object.defineProperty(ClockDate, "length", { __proto__: null, value: 7, writable: false, enumerable: false, configurable: true });
  Object.defineProperty(ClockDate, "prototype", { __proto__: null, value: NativeDate.prototype, writable: false, enumerable: false, configurable: false });
  Object.defineProperty(ClockDate, "now", hidden({ now() { return now(); } }.now));
  Object.defineProperty(ClockDate, "parse", hidden(NativeDate.parse));
  Object.defineProperty(ClockDate, "UTC", hidden(NativeDate.UTC));
  Object.defineProperty(NativeDate.prototype, "constructor", hidden(ClockDate));
  // Node names the time zone after the offset; the engine writes the offset alone. The sandbox's
  // zone is UTC, whatever the machine's.
  const zoned = (text) => (text === "Invalid Date" ? text : `${text} (Coordinated Universal Time)`);
  const { toString, toTimeString } = NativeDate.prototype;
  Object.defineProperty(NativeDate.prototype, "toString", hidden({ toString() { return zoned(Reflect.apply(toString, this, [])); } }.toString));
  Object.defineProperty(NativeDate.prototype, "toTimeString", hidden({ toTimeString() { return zoned(Reflect.apply(toTimeString, this, [])); } }.toTimeString));
  lib.define("Date", ClockDate);
});
