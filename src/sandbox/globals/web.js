// Node 20's web globals a task may reach for: Event, EventTarget, CustomEvent, AbortController,
// AbortSignal, performance and crypto (randomUUID, getRandomValues); the global Buffer, made on
// first use from node:buffer. (Timers: timers.js.)
(function (host, lib) {
  "use strict";
  class Event {
    #type; #cancelable; #bubbles; #canceled = false;
    constructor(type, options = {}) {
      if (arguments.length === 0) throw new TypeError('The "type" argument must be specified');
      this.#type = String(type);
      this.#cancelable = Boolean(options?.cancelable);
      this.#bubbles = Boolean(options?.bubbles);
      lib.eventState.set(this, { target: null, current: null });
    }
    get type() { return this.#type; }
    get cancelable() { return this.#cancelable; }
    get bubbles() { return this.#bubbles; }
    get defaultPrevented() { return this.#cancelable && this.#canceled; }
    get target() { return lib.eventState.get(this).target; }
    get currentTarget() { return lib.eventState.get(this).current; }
    get srcElement() { return this.target; }
    get isTrusted() { return false; }
    get timeStamp() { return 0; }
    preventDefault() { this.#canceled = true; }
    stopPropagation() {}
    stopImmediatePropagation() { lib.eventState.get(this).stopped = true; }
    get [Symbol.toStringTag]() { return "Event"; }
  }
  lib.eventState = new WeakMap();
  class CustomEvent extends Event {
    #detail;
    constructor(type, options = {}) { super(type, options); this.#detail = options?.detail ?? null; }
    get detail() { return this.#detail; }
    get [Symbol.toStringTag]() { return "CustomEvent"; }
  }
  class EventTarget {
    #listeners = new Map();
    // As the DOM (and Node's EventTarget) has them: a listener is one per type, callback and
    // capture flag; `once` and `signal` take it away; one removed while an event is dispatched is
    // not called any more.
    addEventListener(type, listener, options) {
      if (listener === null || listener === undefined) return;
      const capture = typeof options === "boolean" ? options : typeof options === "object" && options !== null && Boolean(options.capture);
      const signal = typeof options === "object" && options !== null ? options.signal : undefined;
      if (signal !== undefined && !(signal instanceof AbortSignal)) {
        throw Object.assign(new TypeError(`The "options.signal" property must be an instance of AbortSignal. ${lib.received(signal)}`), { code: "ERR_INVALID_ARG_TYPE" });
      }
      if (signal !== undefined && signal.aborted) return;
      const list = this.#listeners.get(String(type)) ?? [];
      if (list.some((l) => l.listener === listener && l.capture === capture)) return;
      list.push({ listener, capture, once: typeof options === "object" && options !== null && Boolean(options.once), removed: false });
      this.#listeners.set(String(type), list);
      if (signal !== undefined) signal.addEventListener("abort", () => this.removeEventListener(type, listener, { capture }), { once: true });
    }
    removeEventListener(type, listener, options) {
      const capture = typeof options === "boolean" ? options : typeof options === "object" && options !== null && Boolean(options.capture);
      const list = this.#listeners.get(String(type));
      if (!list) return;
      const at = list.findIndex((l) => l.listener === listener && l.capture === capture);
      if (at < 0) return;
      list[at].removed = true;
      list.splice(at, 1);
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError('The "event" argument must be an instance of Event. Received ' + typeof event);
      const state = lib.eventState.get(event);
      state.target = this; state.current = this; state.stopped = false;
      const handler = this["on" + event.type];
      for (const l of [...(this.#listeners.get(event.type) ?? [])]) {
        if (state.stopped) break;
        if (l.removed) continue;
        if (l.once) this.removeEventListener(event.type, l.listener, { capture: l.capture });
        if (typeof l.listener === "function") l.listener.call(this, event); else l.listener.handleEvent(event);
      }
      if (typeof handler === "function" && !state.stopped && lib.hasHandler(this)) handler.call(this, event);
      state.current = null;
      return !event.defaultPrevented;
    }
    get [Symbol.toStringTag]() { return "EventTarget"; }
  }
  lib.hasHandler = (target) => target instanceof AbortSignal;

  const aborted = new WeakMap();
  class AbortSignal extends EventTarget {
    constructor() { if (lib.making !== true) throw new TypeError("Illegal constructor"); super(); aborted.set(this, { aborted: false, reason: undefined }); this.onabort = null; }
    get aborted() { return aborted.get(this).aborted; }
    get reason() { return aborted.get(this).reason; }
    throwIfAborted() { if (this.aborted) throw this.reason; }
    static abort(reason) { const s = make(); abort(s, reason); return s; }
    static timeout(ms) {
      const s = make();
      // Node's timer for it does not keep the process alive (timers.js).
      lib.setTimeout(() => abort(s, new DOMException("The operation was aborted due to timeout", "TimeoutError")), ms).unref();
      return s;
    }
    static any(signals) { const s = make(); for (const x of signals) { if (x.aborted) { abort(s, x.reason); break; } x.addEventListener("abort", () => abort(s, x.reason)); } return s; }
    get [Symbol.toStringTag]() { return "AbortSignal"; }
  }
  const make = () => { lib.making = true; try { return new AbortSignal(); } finally { lib.making = false; } };
  function abort(signal, reason) {
    const state = aborted.get(signal);
    if (state.aborted) return;
    state.aborted = true;
    state.reason = reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason;
    signal.dispatchEvent(new Event("abort"));
  }
  class AbortController {
    #signal = make();
    get signal() { return this.#signal; }
    abort(reason) { abort(this.#signal, reason); }
    get [Symbol.toStringTag]() { return "AbortController"; }
  }
  for (const [name, value] of Object.entries({ Event, CustomEvent, EventTarget, AbortSignal, AbortController })) lib.define(name, value);

  // Read on first use, not at set-up: a context is set up in an engine image (sandbox/image.ts),
  // which may be kept on disk for days, and a submission's clock starts with the submission.
  let origin;
  const timeOrigin = () => (origin ??= Date.now());
  const performance = { get timeOrigin() { return timeOrigin(); }, now: () => { const from = timeOrigin(); return Date.now() - from; }, toJSON() { return { timeOrigin: timeOrigin() }; } };
  // Node's performance timeline: there, and a call names it (a student's marks and measures
  // belong to debugging, which performance.now() serves).
  for (const name of ["mark", "measure", "clearMarks", "clearMeasures", "clearResourceTimings", "getEntries", "getEntriesByName", "getEntriesByType", "timerify", "eventLoopUtilization", "setResourceTimingBufferSize"]) {
    lib.define(name, { [name]: function () { throw lib.refusal(`performance.${name}`, "use performance.now()."); } }[name], performance);
  }
  lib.define("performance", performance);

  const quota = () => new DOMException("The requested length exceeds 65,536 bytes", "QuotaExceededError");
  const crypto = {
    getRandomValues(array) {
      if (!(array instanceof Int8Array || array instanceof Uint8Array || array instanceof Uint8ClampedArray || array instanceof Int16Array || array instanceof Uint16Array
        || array instanceof Int32Array || array instanceof Uint32Array || array instanceof BigInt64Array || array instanceof BigUint64Array)) {
        throw new DOMException("The data argument must be an integer-type TypedArray", "TypeMismatchError");
      }
      if (array.byteLength > 65536) throw quota();
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
      return array;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
      const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    get subtle() { throw lib.refusal("crypto.subtle", "it hashes and signs with keys, which the tasks do not need."); },
    get [Symbol.toStringTag]() { return "Crypto"; },
  };
  lib.define("crypto", crypto);

  lib.define("queueMicrotask", function queueMicrotask(callback) {
    if (typeof callback !== "function") throw lib.argType("callback", "of type function", callback);
    Promise.resolve().then(() => callback());
  });
  lib.lazy("Buffer", () => lib.require("node:buffer").Buffer);
});
