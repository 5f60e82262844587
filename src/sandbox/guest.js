// The sandbox's guest side: evaluated inside each QuickJS context before any student code, it
// gives the context console and a stand-in process, a CommonJS module system over the modules
// the host resolves, the harness the host calls, and a run's peer functions. It returns the
// harness to the host and puts nothing of it on the global object. It judges nothing and holds
// no answer: it turns a call's return value (or throw) into text the grader parses with its own
// code. A student who replaces what it uses can only change how their own values are described,
// which is what writing code is.
(function (host, lib) {
  "use strict";
  const { keys, freeze, create, setPrototypeOf } = Object;
  const isArray = Array.isArray;
  const ObjectPrototype = Object.prototype;
  const quote = JSON.stringify;
  const parse = JSON.parse;
  const toText = String;
  const ErrorType = Error;
  const call = Function.prototype.call;
  const hasOwn = call.bind(ObjectPrototype.hasOwnProperty);
  const isEnumerable = call.bind(ObjectPrototype.propertyIsEnumerable);
  const slice = call.bind(String.prototype.slice);
  const indexOf = call.bind(Array.prototype.indexOf);
  const lastIndexOf = call.bind(String.prototype.lastIndexOf);
  const apply = call.bind(Function.prototype.apply);
  const defineProperty = Object.defineProperty;
  const TypeErrorType = TypeError;
  const decodeUri = decodeURIComponent;
  // What crosses to the host is cut short here, in the engine's memory: a string of any length
  // the code makes stays on this side, and the host is told only how much more there was.
  const WRITE_CHUNK = 16384;
  const hostWrite = host.write;
  const write = (stream, text) => {
    const length = text.length;
    hostWrite(stream, length > WRITE_CHUNK ? slice(text, 0, WRITE_CHUNK) : text, length);
  };
  const hostResolve = host.resolve;
  // Runs the promise callbacks queued so far: a module's top-level await reached on import (session.ts).
  const hostDrain = host.drain;
  // Tells the host's fuel meter which input's call is running (-1: none), so that a call that
  // never returns is stopped at its own budget and the run goes on from the next input.
  const hostMark = host.mark;
  const resolve = (from, spec) => hostResolve(from, spec.length > 1000 ? slice(spec, 0, 1000) : spec);
  const MAX_DEPTH = 200;
  // An error QuickJS raised, in V8's words (globals/errors.js); each module's catch clauses call it too.
  const v8Error = lib.v8Error;

  // ---- output: console and process write into the host's capped buffers ----
  function show(value, depth) {
    if (typeof value === "string") return value;
    if (value === null || typeof value !== "object" || depth > 2) {
      try { return toText(value); } catch { return "[value]"; }
    }
    try {
      const text = quote(value);
      if (typeof text === "string") return text;
    } catch { /* a cycle, a BigInt: shown as its String */ }
    try { return toText(value); } catch { return "[object]"; }
  }
  // As Node writes it (globals/inspect.js); a value whose inspection throws (a Proxy, a getter) is shown plainly.
  const format = lib.format;
  const line = (stream) => function () {
    let text = "";
    try { text = apply(format, undefined, arguments); } catch {
      for (let i = 0; i < arguments.length; i++) text += (i ? " " : "") + show(arguments[i], 0);
    }
    write(stream, text + "\n");
  };
  // Node's stdout and stderr are event emitters: a listener may be added (an EPIPE guard at a
  // module's top level), and none is ever called here, as none would be while a runner imports it.
  // isTTY and columns are left undefined, as on a pipe (a runner's).
  const LISTENER_METHODS = ["on", "once", "off", "addListener", "removeListener", "prependListener", "prependOnceListener", "removeAllListeners"];
  const streamOf = (stream) => {
    const self = { write: (chunk) => { write(stream, typeof chunk === "string" ? chunk : show(chunk, 0)); return true; } };
    const listens = () => self;
    for (const name of LISTENER_METHODS) self[name] = listens;
    return freeze(self);
  };
  const stdoutStream = streamOf("stdout");
  const stderrStream = streamOf("stderr");
  // stdin as a runner's pipe that never sends a line: a module that reads it only when run as a
  // program (its main guard, or process.stdin.isTTY at load) loads as under the runner.
  const stdinStream = (() => {
    const self = { fd: 0, readable: true, read: () => null };
    const same = () => self;
    for (const name of [...LISTENER_METHODS, "setEncoding", "resume", "pause", "unref", "ref"]) self[name] = same;
    return freeze(self);
  })();
  // A console as Node's Console makes one over two streams (the global console's are process's):
  // its group indentation, counters and timers are its own. Timers read the sandbox's clock.
  const clockNow = () => host.clock() + lib.timersNow();
  // process.hrtime and uptime count from the first read (the process's start is the grader's).
  let started;
  const sinceStart = () => clockNow() - (started ??= clockNow());
  // process.hrtime's nanoseconds: the sandbox's milliseconds, and two reads never equal, as on
  // Node's nanosecond clock, where a read takes tens of nanoseconds (ids made from it differ).
  // Its zero is arbitrary, as Node's: the clock's own (the real time the instance started).
  let lastNs = -1n;
  const hrNow = () => {
    let ns = BigInt(Math.round(clockNow() * 1e6));
    if (ns <= lastNs) ns = lastNs + 50n;
    lastNs = ns;
    return ns;
  };
  const splitText = call.bind(String.prototype.split);
  const joinList = call.bind(Array.prototype.join);
  const elapsed = (ms) => (ms < 1000 ? `${+ms.toFixed(3)}ms` : ms < 60000 ? `${(ms / 1000).toFixed(3)}s` : `${Math.floor(ms / 60000)}:${((ms % 60000) / 1000).toFixed(3).padStart(6, "0")} (m:ss.mmm)`);
  function makeConsole(out, err) {
    let indent = "";
    const counts = { __proto__: null };
    const timers = { __proto__: null };
    const to = (stream) => function () {
      let text = "";
      try { text = apply(format, undefined, arguments); } catch {
        for (let i = 0; i < arguments.length; i++) text += (i ? " " : "") + show(arguments[i], 0);
      }
      if (indent !== "") text = indent + joinList(splitText(text, "\n"), "\n" + indent);
      stream.write(text + "\n");
    };
    const log = to(out);
    const error = to(err);
    const label = (name) => (name === undefined ? "default" : toText(name));
    const group = function () { if (arguments.length > 0) apply(log, undefined, arguments); indent += "  "; };
    const warnNoLabel = (name, method) => err.write(`(node) Warning: No such label '${name}' for console.${method}()\n`);
    return {
      log, info: log, debug: log, dir: log, dirxml: log, table: log,
      error, warn: error, trace: error,
      assert(ok, ...rest) { if (!ok) apply(error, undefined, rest.length > 0 && typeof rest[0] === "string" ? ["Assertion failed: " + rest[0], ...rest.slice(1)] : ["Assertion failed", ...rest]); },
      group, groupCollapsed: group,
      groupEnd() { indent = slice(indent, 0, Math.max(0, indent.length - 2)); },
      count(name) { const key = label(name); counts[key] = (counts[key] ?? 0) + 1; log(`${key}: ${counts[key]}`); },
      countReset(name) { const key = label(name); if (key in counts) counts[key] = 0; else warnNoLabel(key, "countReset"); },
      time(name) { const key = label(name); if (key in timers) err.write(`(node) Warning: Label '${key}' already exists for console.time()\n`); else timers[key] = clockNow(); },
      timeEnd(name) { const key = label(name); if (!(key in timers)) return warnNoLabel(key, "timeEnd"); log(`${key}: ${elapsed(clockNow() - timers[key])}`); delete timers[key]; },
      timeLog(name, ...rest) { const key = label(name); if (!(key in timers)) return warnNoLabel(key, "timeLog"); apply(log, undefined, [`${key}: ${elapsed(clockNow() - timers[key])}`, ...rest]); },
      clear() {}, profile() {}, profileEnd() {}, timeStamp() {},
    };
  }
  // node:console's Console: new Console(stdout[, stderr]) or new Console({ stdout, stderr }).
  function Console(stdout, stderr) {
    if (!new.target) return new Console(stdout, stderr);
    const options = stdout !== null && typeof stdout === "object" && typeof stdout.write !== "function" ? stdout : { stdout, stderr };
    if (options.stdout === null || typeof options.stdout !== "object" || typeof options.stdout.write !== "function") {
      throw Object.assign(new TypeErrorType('The "stdout" argument must be an instance of Stream.Writable.'), { code: "ERR_CONSOLE_WRITABLE_STREAM" });
    }
    const made = makeConsole(options.stdout, options.stderr ?? options.stdout);
    for (const key of keys(made)) this[key] = made[key];
  }
  globalThis.console = makeConsole(stdoutStream, stderrStream);
  defineProperty(globalThis.console, "Console", { value: Console, writable: true, enumerable: false, configurable: true });
  const state = { exit: undefined };
  // process.nextTick's queue: Node runs it when the task in progress ends (the harness's call, a
  // timer's callback), before any promise callback that task queued, and again whenever the
  // promise jobs are drained (the host then asks for a turn of the loop).
  const ticks = [];
  let inTask = false;
  function flushTicks() {
    while (ticks.length > 0) {
      const [fn, args] = ticks.shift();
      try { apply(fn, undefined, args); } catch (error) {
        // Node ends the process on a throw no one caught.
        ticks.length = 0;
        lib.stopLoop();
        lib.uncaught(error);
      }
    }
  }
  /** `fn` as one of Node's tasks: the nextTick queue runs when it ends. */
  const task = (fn) => function () {
    inTask = true;
    try { return apply(fn, this, arguments); } finally { flushTicks(); inTask = false; }
  };
  class ExitCalled extends ErrorType {}
  globalThis.process = {
    stdin: stdinStream, stdout: stdoutStream, stderr: stderrStream, env: {}, argv: ["node", "task"], platform: "linux", pid: 1, ppid: 0, arch: "x64",
    // The sandbox's clock (globals/clock.js), as Node's monotonic one is read.
    hrtime: Object.assign(function hrtime(previous) {
      const ns = hrNow();
      let seconds = Number(ns / 1000000000n), nanos = Number(ns % 1000000000n);
      if (isArray(previous)) { seconds -= previous[0]; nanos -= previous[1]; if (nanos < 0) { seconds -= 1; nanos += 1e9; } }
      return [seconds, nanos];
    }, { bigint: () => hrNow() }),
    uptime: () => sinceStart() / 1000,
    version: "v20.0.0", versions: { node: "20.0.0" }, exitCode: undefined, cwd: () => "/",
    // As Node 20.0.0 says them (no lts: 20.0.0 was a Current release), run as a runner runs it.
    release: { name: "node", sourceUrl: "https://nodejs.org/download/release/v20.0.0/node-v20.0.0.tar.gz", headersUrl: "https://nodejs.org/download/release/v20.0.0/node-v20.0.0-headers.tar.gz" },
    title: "node", execPath: "/usr/local/bin/node", execArgv: [],
    exit(code) { const text = code === undefined ? "" : toText(code); state.exit = text.length > 200 ? slice(text, 0, 200) + "…" : text; throw new ExitCalled("process.exit(" + state.exit + ")"); },
    nextTick(fn) {
      if (typeof fn !== "function") throw lib.argType("callback", "of type function", fn);
      const args = [];
      for (let i = 1; i < arguments.length; i++) args[args.length] = arguments[i];
      // Queued from a promise callback, it runs when the promise jobs are drained (turn, below).
      ticks[ticks.length] = [fn, args];
    },
    emitWarning() {}, on() { return this; }, once() { return this; }, off() { return this; },
  };
  // Node's readings of the process's resources: there, and a call names it.
  for (const name of ["memoryUsage", "cpuUsage", "resourceUsage"]) {
    lib.define(name, { [name]: function () { throw lib.refusal(`process.${name}`, "the grader measures a submission's resources itself."); } }[name], globalThis.process);
  }
  globalThis.global = globalThis;
  // ---- modules: CommonJS over the factories the host resolves; one cache per module instance ----
  let cache = null;
  // Each module's code is compiled once per context; a fresh instance runs its factory again.
  const resolved = {};
  const libraries = {};
  // Each module's compiled text, read back from its factory when an error raised in it is worded
  // as V8 words it (globals/errors.js): the stack's line and column are places in that text.
  const factories = {};
  const texts = {};
  const functionText = call.bind(Function.prototype.toString);
  lib.moduleText = (id) => {
    if (!hasOwn(factories, id)) return undefined;
    if (!hasOwn(texts, id)) texts[id] = "(" + functionText(factories[id]);
    return texts[id];
  };
  // An ES module's import.meta as Node 20.11+ gives it: its file URL, filename and dirname.
  const importMeta = (id) => {
    const slash = lastIndexOf(id, "/");
    const dirname = "/submission" + (slash > 0 ? "/" + slice(id, 0, slash) : "");
    return { url: "file:///submission/" + id, filename: "/submission/" + id, dirname, resolve: (spec) => resolveUrl(toText(spec), dirname) };
  };
  // import.meta.resolve (Node 20.6+, synchronous): a path against the module's URL, a URL as the
  // URL parser writes it (a file need not exist, as on Node; a file: URL with a host is refused as
  // Node refuses it); a bare name is refused.
  function resolveUrl(spec, dirname) {
    const first = slice(spec, 0, 1);
    const path = first === "/" || slice(spec, 0, 2) === "./" || slice(spec, 0, 3) === "../" || spec === "." || spec === "..";
    if (!path && !URL.canParse(spec)) {
      throw new TypeErrorType("import.meta.resolve(" + quote(slice(spec, 0, 100)) + ") of a bare name is not available in the grader's sandbox: resolve a path (\"./file.js\"), or write \"node:" + slice(spec, 0, 100) + "\" for one of Node's modules.");
    }
    const url = path ? new URL(spec, "file://" + dirname + "/") : new URL(spec);
    if (url.protocol === "file:" && url.hostname !== "" && url.hostname !== "localhost") {
      throw Object.assign(new TypeErrorType('File URL host must be "localhost" or empty on linux'), { code: "ERR_INVALID_FILE_URL_HOST" });
    }
    return url.href;
  }
  // node:module's createRequire: a require resolving from the file named, as an import there
  // would (within the submission; a file outside it resolves Node's modules only).
  function createRequire(filename) {
    const href = filename !== null && typeof filename === "object" && typeof filename.href === "string" ? filename.href : filename;
    const file = typeof href === "string" && slice(href, 0, 8) === "file:///" ? decodeUri(slice(href, 7)) : href;
    if (typeof file !== "string" || slice(file, 0, 1) !== "/") {
      const shown = typeof filename === "string" ? "'" + filename + "'" : filename === null || filename === undefined ? toText(filename) : "type " + typeof filename;
      const error = new TypeErrorType("The argument 'filename' must be a file URL object, file URL string, or absolute path string. Received " + shown);
      error.code = "ERR_INVALID_ARG_VALUE";
      throw error;
    }
    return requireFrom(slice(file, 0, 12) === "/submission/" ? slice(file, 12) : ".." + file);
  }
  function requireFrom(from) {
    return function require(spec) {
      const key = from + "\0" + toText(spec);
      // [id, factory], or a throw naming what is refused
      const found = hasOwn(resolved, key) ? resolved[key] : (resolved[key] = resolve(from, toText(spec)));
      const id = found[0];
      const standIn = isArray(found[1]);
      if (!standIn) factories[id] = found[1];
      if (hasOwn(cache, id)) return cache[id].exports;
      if (standIn) return (cache[id] = { exports: standInExports(id, found[1]), id }).exports;
      // Node's pure modules are libraries, not the student's state: one instance per context.
      const shared = slice(id, 0, 5) === "node:";
      if (shared && hasOwn(libraries, id)) return (cache[id] = libraries[id]).exports;
      const module = { exports: {}, id };
      cache[id] = module;
      if (shared) libraries[id] = module;
      // The module's first statement hands over what it keeps for error messages (globals/errors.js).
      const loading = lib.loading;
      lib.loading = id;
      try {
        const settle = found[1].call(module.exports, module.exports, requireFrom(id), module, id, "/", importMeta(id), v8Error);
        // A top-level await reached (session.ts awaitWhenReached): the promise callbacks queued so
        // far run, then the module ends or is refused. A drain the meter stopped spins into the
        // interrupt, which nothing catches, as any loop's end.
        if (found[2] === true && typeof settle === "function") {
          if (hostDrain()) for (;;) { /* stopped: the interrupt ends the run */ }
          settle();
        }
      } finally { lib.loading = loading; }
      // node:util's format and inspect are the sandbox's own, as console's (globals/inspect.js).
      // Loaded now, not on first use: inspect.defaultOptions may be set before any inspect.
      if (id === "node:util") { lib.load("inspect.js"); module.exports.format = lib.format; module.exports.inspect = lib.inspect; }
      // Node's util/types is util's types, the same object.
      if (id === "node:util/types") module.exports = requireFrom(id)("node:util").types;
      // Hashes are digested by the grader's own Node (globals/hash.js).
      if (id === "node:module") module.exports.createRequire = createRequire;
      if (id === "node:crypto") { const hashes = lib.nodeHashes(); for (const name of keys(hashes)) module.exports[name] = hashes[name]; }
      // Compressed and expanded by the grader's own Node (globals/zlib.js).
      if (id === "node:zlib") { const made = lib.nodeZlib(); for (const name of keys(made)) module.exports[name] = made[name]; }
      // url.parse, format, resolve and Url as Node's, by the grader's own Node (globals/url.js).
      if (id === "node:url") lib.legacyUrl(module.exports);
      return module.exports;
    };
  }

  // ---- stand-ins: the pack's correct copy of a file (protocol.ts StandIn), each export asking
  // the host's table by its arguments as JSON with sorted keys (json/stand-in-key.ts does the same),
  // and in their own order for a template's answer; the export's state (StandIn states) is kept
  // here, in the module instance's copy, out of the student's reach ----
  const hostStandIn = host.standIn;
  const textIndexOf = call.bind(String.prototype.indexOf);
  const sortList = call.bind(Array.prototype.sort);
  const STAND_IN_KEY_CHARS = 4 * 1024 * 1024;
  // sorted: the table's key; otherwise the arguments' own key order, for a template's answer.
  function canonical(value, depth, sorted) {
    if (depth > MAX_DEPTH) throw new TypeErrorType("nested too deeply");
    if (value === null) return "null";
    switch (typeof value) {
      case "string": case "number": case "boolean": return quote(value);
      case "object": break;
      default: return undefined;
    }
    let out;
    if (isArray(value)) {
      out = "[";
      for (let i = 0; i < value.length; i++) { const item = canonical(value[i], depth + 1, sorted); out += (i ? "," : "") + (item === undefined ? "null" : item); }
      return out + "]";
    }
    const names = sorted ? sortList(keys(value)) : keys(value);
    out = "{";
    for (let i = 0; i < names.length; i++) {
      const item = canonical(value[names[i]], depth + 1, sorted);
      if (item !== undefined) out += (out.length > 1 ? "," : "") + quote(names[i]) + ":" + item;
    }
    return out + "}";
  }
  function standInExports(id, names) {
    const exports = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      // 0 in each module instance: a fresh load makes the exports anew (requireFrom), as it runs a module's code again.
      let state = 0;
      exports[name] = function () {
        let key = "";
        let ordered = "";
        try {
          const args = listOf(arguments);
          key = canonical(args, 0, true);
          ordered = canonical(args, 0, false);
        } catch { /* no key: the table's own message */ }
        // "<state after>;<answer>", or a throw of the copy's message (the state stays).
        const reply = hostStandIn(id, name, key.length > STAND_IN_KEY_CHARS ? "" : key, ordered.length > STAND_IN_KEY_CHARS ? "" : ordered, state);
        const at = textIndexOf(reply, ";");
        const text = slice(reply, at + 1);
        state = +slice(reply, 0, at);
        return text === "undefined" ? undefined : parse(text);
      };
    }
    return exports;
  }
  // Trailing undefined arguments left out (json/stand-in-key.ts too): f(x) and f(x, undefined) are one call.
  function listOf(list) {
    const out = [];
    let length = list.length;
    while (length > 0 && list[length - 1] === undefined) length--;
    for (let i = 0; i < length; i++) out[i] = list[i];
    return out;
  }

  // The globals made on first use (globals/web.js: Buffer) load Node's pure modules through here.
  lib.require = (spec) => {
    const saved = cache;
    if (cache === null) cache = {};
    try { return requireFrom("grade-guest.js")(spec); } finally { cache = saved; }
  };

  // ---- values: a returned value described as plain JSON the grader decodes ----
  // In the tree, a JSON value stands for itself; {"a":[…]} is an array, {"o":[[key, value], …]}
  // an object (its own enumerable string keys, as JSON.stringify reads them), {"x":what} a value
  // JSON cannot hold. Never the value's own toJSON: the grader reads fields, as the chapter does.
  let budget = 0;
  class TooLarge extends ErrorType {}
  function spend(text) {
    budget -= text.length;
    if (budget < 0) throw new TooLarge("too large");
    return text;
  }
  function special(what, detail) {
    return detail === undefined ? '{"x":' + quote(what) + "}" : '{"x":' + quote(what) + ',"d":' + quote(slice(toText(detail), 0, 200)) + "}";
  }
  // Most values are plain data: a walk copies them, reading each field once (a getter that
  // answers differently each time it is read gives the grader what the chapter's runner, reading
  // once, would see), and the engine's own JSON.stringify writes the copy ("J" and its text),
  // many times faster than the tree. Anything else (undefined, a function, a cycle, a toJSON that
  // JSON.stringify would call) gets the tree.
  const NOT_PLAIN = freeze({});
  function plainCopy(value, depth) {
    switch (typeof value) {
      case "string": case "boolean": return value;
      case "number": return value === value && value !== Infinity && value !== -Infinity ? value : NOT_PLAIN;
      case "object": break;
      default: return NOT_PLAIN;
    }
    if (value === null) return null;
    if (depth > 64 || typeof value.toJSON === "function" || typeof value.then === "function") return NOT_PLAIN;
    if (isArray(value)) {
      const length = value.length;
      // No prototype either: a setter on Array.prototype's indices is not called here.
      const out = setPrototypeOf([], null);
      for (let i = 0; i < length; i++) {
        const item = plainCopy(value[i], depth + 1);
        if (item === NOT_PLAIN) return NOT_PLAIN;
        out[i] = item;
      }
      return out;
    }
    const names = keys(value);
    // No prototype: a key "__proto__" is set as an own key, as JSON.stringify writes it.
    const out = create(null);
    for (let i = 0; i < names.length; i++) {
      const item = value[names[i]];
      const copy = item === undefined ? NOT_PLAIN : plainCopy(item, depth + 1);
      if (copy === NOT_PLAIN) return NOT_PLAIN;
      out[names[i]] = copy;
    }
    return out;
  }
  function encode(value) {
    let copy = NOT_PLAIN;
    try { copy = plainCopy(value, 0); } catch { /* a getter or a Proxy threw: the tree says where */ }
    if (copy !== NOT_PLAIN) {
      let text;
      try { text = quote(copy); } catch { text = undefined; }
      if (typeof text === "string") return "J" + spend(text);
    }
    const parts = [];
    tree(value, [], parts);
    return join(parts, "");
  }
  const join = call.bind(Array.prototype.join);
  function tree(value, stack, parts) {
    const put = (text) => { parts[parts.length] = spend(text); };
    switch (typeof value) {
      case "string": return put(quote(value));
      case "boolean": return put(value ? "true" : "false");
      case "number": return value === value && value !== Infinity && value !== -Infinity ? put(quote(value)) : put(special("number", toText(value)));
      case "undefined": return put(special("undefined"));
      case "bigint": return put(special("bigint", toText(value)));
      case "symbol": return put(special("symbol"));
      case "function": return put(special("function"));
    }
    if (value === null) return put("null");
    if (indexOf(stack, value) >= 0) return put(special("cycle"));
    if (stack.length >= MAX_DEPTH) return put(special("deep"));
    let then;
    try { then = value.then; } catch (error) { return put(special("threw", describe(error).text)); }
    if (typeof then === "function") return put(special("promise"));
    stack[stack.length] = value;
    if (isArray(value)) {
      put('{"a":[');
      const length = value.length;
      for (let i = 0; i < length; i++) { if (i) put(","); field(value, i, stack, parts); }
      put("]}");
    } else {
      let names;
      try { names = keys(value); } catch (error) { stack.length -= 1; return put(special("threw", describe(error).text)); }
      put('{"o":[');
      for (let i = 0; i < names.length; i++) { put((i ? ",[" : "[") + quote(names[i]) + ","); field(value, names[i], stack, parts); put("]"); }
      put("]}");
    }
    stack.length -= 1;
  }
  function field(holder, key, stack, parts) {
    let item;
    try { item = holder[key]; } catch (error) { if (error instanceof TooLarge) throw error; parts[parts.length] = spend(special("threw", describe(error).text)); return; }
    tree(item, stack, parts);
  }

  // ---- errors: what a throw was, and where in the student's files ----
  function describe(error) {
    let name = "Error", message = "", stack = "";
    v8Error(error);
    try {
      if (error instanceof ErrorType || (error !== null && typeof error === "object" && typeof error.message === "string")) {
        name = toText(error.name); message = toText(error.message); stack = typeof error.stack === "string" ? error.stack : "";
      } else {
        name = ""; message = show(error, 0);
      }
    } catch { message = "a value that could not be shown"; }
    return { name: slice(name, 0, 100), text: slice(name ? name + ": " + message : "the value " + message, 0, 500), stack: slice(stack, 0, 2000) };
  }
  // A throw in a timer's callback, which no one can catch: written as Node writes it before it ends.
  lib.uncaught = (error) => {
    const d = describe(error);
    write("stderr", "Uncaught " + d.text + "\n");
  };
  function thrown(error) {
    if (error instanceof TooLarge) return '{"kind":"too-large"}';
    const d = describe(error);
    const exit = state.exit;
    return '{"kind":"throw","name":' + quote(d.name) + ',"text":' + quote(d.text) + ',"stack":' + quote(d.stack) +
      (exit !== undefined ? ',"exit":' + quote(exit) : "") + "}";
  }

  // ---- peers: functions handed to the export that answer from the grader's script ----
  // The host records each message and picks the reply (peers.ts); here a message is only written
  // as JSON, by a walk that reads each part once with what was captured above. The engine's own
  // JSON.stringify would call toJSON (Object.prototype.toJSON too) and read a getter or a Proxy
  // a second time, after the walk, so its text could differ from what was passed: this writes
  // what JSON.stringify would, and a toJSON, a cycle or a BigInt makes the message "not JSON".
  const hostPeer = host.peer;
  const hostTurn = host.turn;
  const PEER_CHARS = host.peerChars;
  const PEER_MESSAGES = host.peerMessages;
  const PEER_DEPTH = 100;
  const skipped = (v) => v === undefined || typeof v === "function" || typeof v === "symbol";
  /** { text, cut } or { problem }: the value's JSON, cut at PEER_CHARS (nothing longer is built). */
  function messageOf(value) {
    let text = "";
    let cut = false;
    let problem;
    const put = (part) => {
      const room = PEER_CHARS - text.length;
      if (part.length > room) { text += slice(part, 0, room); cut = true; } else text += part;
    };
    // A long string is cut before it is quoted: no copy of it in full is made.
    const putString = (s) => put(s.length > PEER_CHARS ? quote(slice(s, 0, PEER_CHARS + 1)) : quote(s));
    // Where in the message a part that is not JSON is: ".params.items[2]".
    const step = (key) => (typeof key === "number" ? "[" + key + "]" : "." + slice(key, 0, 40));
    const where = (up, key) => {
      let path = up === null ? "" : step(key);
      for (let at = up; at !== null && at.up !== null; at = at.up) path = step(at.key) + path;
      return path === "" ? "" : " at " + slice(path, 0, 150);
    };
    const walk = (v, up, key, depth) => {
      if (cut || problem !== undefined) return;
      switch (typeof v) {
        case "string": return putString(v);
        case "number": return put(v === v && v !== Infinity && v !== -Infinity ? quote(v) : "null");
        case "boolean": return put(v ? "true" : "false");
        case "bigint": problem = "a BigInt" + where(up, key); return;
      }
      if (skipped(v)) return put("null"); // only an array's items get here
      if (v === null) return put("null");
      // The chain of objects above this one: a cycle is one of them again.
      for (let at = up; at !== null; at = at.up) if (at.value === v) { problem = "a cycle" + where(up, key); return; }
      if (depth >= PEER_DEPTH) { problem = "nesting deeper than " + PEER_DEPTH + where(up, key); return; }
      if (typeof v.toJSON === "function") { problem = "a toJSON method" + where(up, key); return; }
      const node = { value: v, up, key };
      if (isArray(v)) {
        put("[");
        const length = v.length;
        for (let i = 0; i < length && !cut && problem === undefined; i++) { if (i) put(","); walk(v[i], node, i, depth + 1); }
        return put("]");
      }
      const names = keys(v);
      put("{");
      let first = true;
      for (let i = 0; i < names.length && !cut && problem === undefined; i++) {
        const item = v[names[i]];
        if (skipped(item)) continue;
        if (!first) put(",");
        first = false;
        putString(names[i]);
        put(":");
        walk(item, node, names[i], depth + 1);
      }
      put("}");
    };
    if (skipped(value)) return { problem: value === undefined ? "undefined" : "a " + typeof value };
    walk(value, null, "", 0);
    return problem !== undefined ? { problem } : { text, cut };
  }
  // The host's REFUSED numbers (peers.ts), as the errors the student's code sees.
  const outside = () => new ErrorType("the grader's mock answers only while the grader is calling your function, not at the top level of a module or after the call returned");
  const refusals = {
    1: (problem) => new TypeErrorType("the message is not JSON (" + problem + "): the grader's mock takes what JSON.stringify would send"),
    2: () => new ErrorType("the grader's mock stopped answering after " + PEER_MESSAGES + " messages in one call"),
    3: () => new ErrorType("the grader's mock has no reply left for this message: its script ended"),
    4: outside,
    5: outside,
  };
  function peerOf(index) {
    return function (message) {
      const m = messageOf(message);
      const answer = m.problem !== undefined ? hostPeer(index, "", m.problem, false) : hostPeer(index, m.text, undefined, m.cut);
      if (typeof answer === "string") return parse(answer); // a fresh object each time
      const refusal = hasOwn(refusals, answer) ? refusals[answer] : refusals[4];
      throw refusal(m.problem);
    };
  }
  /**
   * The call's arguments: the input's items, undefined up to `arity` (an argument left out: JSON
   * has no undefined), then the peers; defined, never set (a setter on Array.prototype sees none).
   */
  function withPeers(input, count, arity, driven) {
    const args = [];
    const items = isArray(input) ? input : [input];
    const put = (v) => defineProperty(args, args.length, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true });
    // A run `via` a driver of the course module: the export goes first, then the arguments.
    if (driven !== undefined) put(driven);
    for (let i = 0; i < items.length; i++) put(items[i]);
    while (args.length < arity) put(undefined);
    for (let k = 0; k < count; k++) put(peerOf(k));
    return args;
  }

  /**
   * RunSpec.reads: the fields the course's runner reads from an object the export returns
   * (`result.out`). One that is no own enumerable field (a getter of a class, a prototype's) is
   * shown as one, read through when the value is described, as the runner would read it; the
   * object's own fields stay as they were. Arrays, Promises and objects with every field of
   * their own are described as they are.
   */
  function asRead(value, reads) {
    if (reads === "" || value === null || typeof value !== "object") return value;
    const names = parse(reads);
    let own, through = [];
    try {
      if (isArray(value) || typeof value.then === "function") return value;
      for (let i = 0; i < names.length; i++) if (!(hasOwn(value, names[i]) && isEnumerable(value, names[i])) && names[i] in value) through[through.length] = names[i];
      if (through.length === 0) return value;
      own = keys(value);
    } catch { return value; }
    const shown = {};
    const show = (name) => defineProperty(shown, name, { __proto__: null, get: () => value[name], enumerable: true, configurable: true });
    for (let i = 0; i < own.length; i++) show(own[i]);
    for (let i = 0; i < through.length; i++) show(through[i]);
    return shown;
  }

  // ---- the harness the host calls ----
  /** A fresh instance of the module `id` (every module it imports fresh too), or a throw. */
  function load(id) {
    cache = {};
    state.exit = undefined;
    try {
      requireFrom("")(id);
      return '{"kind":"loaded","modules":' + quote(keys(cache)) + "}";
    } catch (error) { return thrown(error); }
  }
  /** Calls the loaded entry's export on one input; "V<length>:<value><input>", or the failure as JSON. */
  function callOne(id, name, input, limit, echo, at, peers, arity, via, reads) {
    state.exit = undefined;
    let fn;
    const exports = cache !== null && hasOwn(cache, id) ? cache[id].exports : undefined;
    try { fn = exports === undefined || exports === null ? undefined : exports[name]; } catch (error) { return thrown(error); }
    if (typeof fn !== "function") {
      let found = [];
      try { found = exports === undefined || exports === null ? [] : keys(exports); } catch { /* shown as none */ }
      return '{"kind":"missing-export","found":' + quote(found) + "}";
    }
    // `via`: the course module's function that makes the call (RunSpec.via), given the export
    // first: a class is driven through a session of calls on its instances.
    let driven;
    if (via !== undefined && via !== "") {
      driven = fn;
      try {
        const course = requireFrom(id)("grade/course");
        fn = course === undefined || course === null ? undefined : course[via];
      } catch (error) { return thrown(error); }
      if (typeof fn !== "function") return '{"kind":"no-driver","name":' + quote(via) + "}";
    }
    let value;
    // peers >= 0: the input is the call's arguments (then that many peers); otherwise the one argument.
    if (peers >= 0) {
      // The host records peers' messages only between these two turns: into this input's call.
      let threw = false, error;
      if (peers > 0) hostTurn(at);
      try { value = apply(fn, undefined, withPeers(input, peers, arity, driven)); } catch (e) { threw = true; error = e; }
      if (peers > 0) hostTurn(-1);
      if (threw) return thrown(error);
    } else {
      try { value = driven === undefined ? fn(input) : fn(driven, input); } catch (error) { return thrown(error); }
    }
    if (state.exit !== undefined) return thrown(new ExitCalled("process.exit(" + state.exit + ")"));
    budget = limit;
    // Nothing left to read it into (a run that spent its answer budget): not written out at all.
    if (limit <= 0) return '{"kind":"too-large"}';
    try {
      const encoded = encode(asRead(value, reads));
      return "V" + encoded.length + ":" + encoded + (echo ? encode(input) : "");
    } catch (error) { return thrown(error); }
  }
  // What a run has done so far, each outcome framed by its length: kept if the run is stopped.
  let done = "";
  // What is left of the run's answer budget, and its inputs, kept when the host goes on after a stopped call.
  let left = 0;
  // A call whose answer outgrew what was left spent it reading (a Proxy's every element is a call
  // of its own: docs/speed.md has the figures); the calls after it keep what was left, but a run whose answers
  // outgrew it this many times has spent the budget itself: its later calls are too large at once.
  const TOO_LARGE_CALLS = 4;
  let tooLarge = 0;
  let runInputs;
  const frame = (text) => { done += text.length + ":" + text; };
  return freeze({
    /**
     * One run in one call: loads `id` (again at the start of each fresh group), calls its export
     * on each input in order (each its own parsed copy; with `peers`, an array of arguments to
     * which that many peer functions are added). Frames: "M<modules>" after the first
     * load, "L<failure>" for a load that threw (the run ends), then one per call. Promise
     * callbacks run after the run, as after a synchronous loop in node.
     */
    run: task(function run(id, name, inputsText, fresh, groupsText, limit, echo, stop, peers, arity, via, from, reads) {
      done = "";
      // Going on after a stopped call, the inputs already parsed (the host sends them only once).
      const inputs = from > 0 && runInputs !== undefined ? runInputs : (runInputs = parse(inputsText));
      const starts = {};
      if (groupsText !== "") {
        const groups = parse(groupsText);
        let at = 0;
        for (let g = 0; g < groups.length; g++) { starts[at] = true; at += groups[g]; }
      }
      const freshAt = (i) => fresh && (groupsText === "" || hasOwn(starts, i));
      // From input `from` on, after a call the host stopped: the module instance as it was left.
      let loaded = from > 0;
      if (from === 0) { left = limit; tooLarge = 0; }
      const count = inputs.length === 0 ? 1 : inputs.length;
      // One crossing a call: a mark ends the call before it; a load is no call's (its loop stops the run).
      for (let i = from; i < count; i++) {
        if (!loaded || freshAt(i)) {
          // A load's fuel is counted apart from the calls', to its own bound (fuel.ts LOAD_FUEL): -2 starts it, the next mark ends it.
          hostMark(-2);
          const l = load(id);
          hostMark(-1);
          if (slice(l, 0, 17) !== '{"kind":"loaded",') { frame("L" + l); return done; }
          if (!loaded) frame("M" + l);
          loaded = true;
        }
        if (inputs.length === 0) break;
        hostMark(i);
        const outcome = callOne(id, name, inputs[i], left, echo, i, peers, arity, via, reads);
        frame(outcome);
        if (slice(outcome, 0, 1) === "V") left -= outcome.length;
        else {
          if (outcome === '{"kind":"too-large"}' && ++tooLarge >= TOO_LARGE_CALLS) left = 0;
          if (stop) break;
        }
      }
      hostMark(-1);
      return done;
    }),
    /** What the run that was stopped had done; its timers are forgotten, as its process would have ended. */
    take() { lib.stopLoop(); ticks.length = 0; inTask = false; return done; },
    /** What the run had done before the host stopped one call at its own budget; the run goes on, its timers kept. */
    goOn() { inTask = false; return done; },
    /** One callback of the event loop (globals/timers.js); false when none is left. */
    turn: () => {
      // Ticks queued by promise callbacks run first, then the host drains the jobs they queued.
      if (ticks.length > 0) { task(flushTicks)(); return true; }
      return task(lib.turn)() || lib.loopPending();
    },
    /** One load, then calls one at a time, for the live server (one message per line). */
    load: task(load),
    call: task((id, name, inputText, limit, echo) => callOne(id, name, parse(inputText), limit, echo, -1, 0, undefined, "", "")),
  });
})
