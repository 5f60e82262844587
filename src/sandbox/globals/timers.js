// Node's timers on a virtual clock: setTimeout, setInterval, setImmediate and their clears, run
// in the order Node's event loop runs them, without waiting. After a call into the engine the
// host drains the promise jobs, then asks turn() for one callback, drains again, and so on
// (session.ts), as Node drains its microtasks after each callback. A turn runs the timers phase
// (every timer due by the clock, by due time then creation), then the check phase (the immediates
// queued before it began); when nothing is due, the clock jumps to the next timer. Every
// callback's work counts against the run's fuel, and the host charges for the turns themselves,
// so an interval that is never cleared ends as the student's loop, not as a hang. Date reads this
// clock too (clock.js).
(function (host, lib) {
  "use strict";
  const TIMEOUT_MAX = 2 ** 31 - 1;
  let now = 0;
  let created = 0;
  let ids = 0;
  /** Timers waiting, in no order (a turn picks the least due time, then the oldest). */
  let timers = [];
  let immediates = [];
  /** The immediates of the check phase in progress, and whether the timers phase is done. */
  let checking = null;
  let timersDone = false;
  /** No turn since the last call into the engine ended the loop. */
  let idle = true;

  class Timeout {
    #ref = true;
    constructor(callback, delay, args, repeat) {
      this._idleTimeout = delay;
      this._onTimeout = callback;
      this._repeat = repeat ? delay : null;
      lib.timerState.set(this, { id: ++ids, args, at: now + delay, order: ++created, live: true });
    }
    ref() { this.#ref = true; return this; }
    unref() { this.#ref = false; return this; }
    hasRef() { return this.#ref; }
    refresh() {
      const state = lib.timerState.get(this);
      if (state.live) { state.at = now + this._idleTimeout; state.order = ++created; }
      return this;
    }
    close() { clear(this); return this; }
    [Symbol.toPrimitive]() { return lib.timerState.get(this).id; }
  }
  class Immediate {
    #ref = true;
    constructor(callback, args) { this._onImmediate = callback; lib.timerState.set(this, { args, live: true }); }
    ref() { this.#ref = true; return this; }
    unref() { this.#ref = false; return this; }
    hasRef() { return this.#ref; }
  }
  lib.timerState = new WeakMap();

  const callback = (fn) => { if (typeof fn !== "function") throw lib.argType("callback", "of type function", fn); };
  const delayOf = (ms) => {
    const after = ms * 1;
    return after >= 1 && after <= TIMEOUT_MAX ? Math.trunc(after) : 1;
  };
  const rest = (args, from) => { const out = []; for (let i = from; i < args.length; i++) out.push(args[i]); return out; };
  function schedule(fn, ms, args, repeat) {
    callback(fn);
    const timer = new Timeout(fn, delayOf(ms), args, repeat);
    timers.push(timer);
    return timer;
  }
  function clear(timer) {
    if (timer === null || timer === undefined) return;
    let found = timer;
    if (typeof timer === "number" || typeof timer === "string") found = timers.find((t) => lib.timerState.get(t).id === Number(timer));
    const state = found === undefined ? undefined : lib.timerState.get(found);
    if (state === undefined) return;
    state.live = false;
    timers = timers.filter((t) => t !== found);
    immediates = immediates.filter((t) => t !== found);
  }
  // Their lengths are Node's (callback, after, arg1, arg2, arg3).
  lib.define("setTimeout", function setTimeout(fn, ms, a1, a2, a3) { return schedule(fn, ms, rest(arguments, 2), false); });
  lib.setTimeout = globalThis.setTimeout;
  lib.define("setInterval", function setInterval(fn, ms, a1, a2, a3) { return schedule(fn, ms, rest(arguments, 2), true); });
  lib.define("setImmediate", function setImmediate(fn, a1, a2, a3) {
    callback(fn);
    const immediate = new Immediate(fn, rest(arguments, 1));
    immediates.push(immediate);
    return immediate;
  });
  lib.setImmediate = globalThis.setImmediate;
  lib.define("clearTimeout", function clearTimeout(timer) { clear(timer); });
  lib.define("clearInterval", function clearInterval(timer) { clear(timer); });
  lib.define("clearImmediate", function clearImmediate(immediate) { clear(immediate); });

  /** The due timer to run next: the least due time, then the first made; or undefined. */
  function due() {
    let best;
    for (const t of timers) {
      const s = lib.timerState.get(t);
      if (s.at > now) continue;
      if (best === undefined || s.at < best.s.at || (s.at === best.s.at && s.order < best.s.order)) best = { t, s };
    }
    return best;
  }
  function fire(fn, self, args) {
    try { fn.apply(self, args); } catch (error) {
      // Node ends the process on a throw no one caught: nothing scheduled runs after it.
      lib.stopLoop();
      lib.uncaught(error);
    }
  }
  /** Runs the next callback of the event loop; false when nothing is left to run. */
  lib.turn = () => {
    // The code that ran before the loop took its time: on Node a setTimeout(f, 0) it made is due
    // (1 ms) when the loop starts, and runs before a setImmediate made beside it.
    if (idle) { idle = false; now += 1; }
    for (let spins = 0; spins < 4; spins++) {
      if (!timersDone) {
        const next = due();
        if (next !== undefined) {
          const { t, s } = next;
          if (t._repeat !== null) { s.at = now + t._repeat; s.order = ++created; } else { s.live = false; timers = timers.filter((x) => x !== t); }
          fire(t._onTimeout, t, s.args);
          return true;
        }
        timersDone = true;
      }
      if (checking === null) { checking = immediates; immediates = []; }
      while (checking.length > 0) {
        const immediate = checking.shift();
        const s = lib.timerState.get(immediate);
        if (!s.live) continue;
        s.live = false;
        fire(immediate._onImmediate, immediate, s.args);
        return true;
      }
      // The next iteration of the loop: the clock jumps to the next timer when nothing else waits.
      checking = null;
      timersDone = false;
      if (immediates.length === 0) {
        // An unref()'d timer does not keep Node's loop alive: with only those left, it ends.
        if (!timers.some((t) => t.hasRef())) { idle = true; return false; }
        let least = Infinity;
        for (const t of timers) least = Math.min(least, lib.timerState.get(t).at);
        if (least > now) now = least;
      }
    }
    const more = timers.length > 0 || immediates.length > 0;
    idle = !more;
    return more;
  };
  /** The virtual time the loop's jumps have added, in ms (clock.js adds it to Date's). */
  lib.timersNow = () => now;
  /** Whether a timer or an immediate still keeps the loop going. */
  lib.loopPending = () => immediates.length > 0 || timers.some((t) => t.hasRef());
  /** Forgets every timer (a run stopped: its process would have ended). */
  lib.stopLoop = () => { timers = []; immediates = []; checking = null; timersDone = false; idle = true; };
});
