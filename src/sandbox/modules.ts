// The modules every submission may import inside the sandbox, as CommonJS text: the pack's
// course module ("grade/course", given by the pack: its fixtures and the starters'
// notWrittenYet) and Node's pure modules, from their well-kept browser ports bundled once with
// esbuild (and kept, build-cache.ts).
import { readFile } from "node:fs/promises";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { inspect } from "node:util";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { cachedBuild } from "../runner/build-cache.js";
import type { ModuleSources } from "./resolve.js";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

// buffer@6 with what Node 20's has and it lacks: base64url, UTF-8 decoded as WHATWG's (and
// Node's) decoder does, and Blob refused by name.
const BUFFER = `const port = require("buffer/");
const { Buffer } = port;
const url = (e) => typeof e === "string" && e.toLowerCase() === "base64url";
const from = Buffer.from, toString = Buffer.prototype.toString, byteLength = Buffer.byteLength, isEncoding = Buffer.isEncoding, write = Buffer.prototype.write;
Buffer.from = function (value, encoding, length) { return from.call(this, value, url(encoding) ? "base64" : encoding, length); };
Buffer.byteLength = function (value, encoding) { return byteLength.call(this, value, url(encoding) ? "base64" : encoding); };
Buffer.isEncoding = function (encoding) { return url(encoding) || isEncoding.call(this, encoding); };
Buffer.prototype.write = function (text, offset, length, encoding) { return url(encoding) ? write.call(this, text, offset, length, "base64") : url(length) ? write.call(this, text, offset, "base64") : url(offset) ? write.call(this, text, "base64") : write.apply(this, arguments); };
Buffer.prototype.toString = function (encoding, start, end) {
  if (url(encoding)) return toString.call(this, "base64", start, end).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  // Node keeps a byte order mark (its decoder ignores none), as WHATWG's decoder with ignoreBOM does.
  if (encoding === undefined || /^utf-?8$/i.test(String(encoding))) return new TextDecoder("utf-8", { ignoreBOM: true }).decode(this.subarray(start ?? 0, end ?? this.length));
  return toString.apply(this, arguments);
};
// Node compares with any Uint8Array; buffer@6 with a Buffer only.
const equals = Buffer.prototype.equals, compare = Buffer.prototype.compare;
const asBuffer = (name, other) => {
  if (Buffer.isBuffer(other)) return other;
  if (other instanceof Uint8Array) return Buffer.from(other.buffer, other.byteOffset, other.byteLength);
  const got = other === null || other === undefined ? "Received " + other : typeof other === "object" || typeof other === "function" ? "Received " + (typeof other === "function" ? "function " + other.name : other.constructor && other.constructor.name ? "an instance of " + other.constructor.name : "[Object: null prototype]") : "Received type " + typeof other + " (" + (typeof other === "string" ? "'" + (other.length > 25 ? other.slice(0, 25) + "..." : other) + "'" : String(other)) + ")";
  throw Object.assign(new TypeError('The "' + name + '" argument must be an instance of Buffer or Uint8Array. ' + got), { code: "ERR_INVALID_ARG_TYPE" });
};
Buffer.prototype.equals = function (otherBuffer) { return equals.call(this, asBuffer("otherBuffer", otherBuffer)); };
Buffer.prototype.compare = function (target, ...rest) { return compare.call(this, asBuffer("target", target), ...rest); };
class Blob { constructor() { throw new Error("Blob is not available in the grader's sandbox: use a Buffer or a Uint8Array."); } }
module.exports = { ...port, Blob };`;

// Its buffers are the global Buffer (node:buffer's, with Node 20's encodings), as Node's are,
// taken when it loads (the ports are bundled one by one, so node:buffer is not required here):
// a student's code that sets globalThis.Buffer later does not change them.
const CRYPTO = `const no = (name) => () => { throw new Error("crypto." + name + " is not available in the grader's sandbox: it hashes, signs or ciphers, which the tasks do not need."); };
const Buffer = globalThis.Buffer;
const fill = (array) => webcrypto.getRandomValues(array);
const webcrypto = globalThis.crypto;
function randomBytes(size, callback) {
  if (typeof size !== "number" || !Number.isInteger(size) || size < 0) throw new RangeError('The value of "size" is out of range. It must be >= 0 && <= 2147483647. Received ' + String(size));
  const bytes = Buffer.alloc(size);
  for (let at = 0; at < size; at += 65536) fill(bytes.subarray(at, Math.min(size, at + 65536)));
  if (typeof callback === "function") throw new Error("crypto.randomBytes with a callback is not available in the grader's sandbox: call it without one.");
  return bytes;
}
function randomInt(min, max) {
  if (max === undefined || typeof max === "function") { max = min; min = 0; }
  if (!(max > min)) throw new RangeError('The value of "max" is out of range. It must be greater than the value of "min" (' + min + "). Received " + max);
  return min + Math.floor(Math.random() * (max - min));
}
module.exports = {
  randomUUID: () => webcrypto.randomUUID(), getRandomValues: fill, webcrypto,
  randomBytes, randomInt, createHash: no("createHash"), createHmac: no("createHmac"), createCipheriv: no("createCipheriv"), createDecipheriv: no("createDecipheriv"),
  createSign: no("createSign"), createVerify: no("createVerify"), generateKeyPair: no("generateKeyPair"), pbkdf2: no("pbkdf2"), scrypt: no("scrypt"), subtle: undefined,
};
Object.defineProperty(module.exports, "subtle", { get: no("subtle"), enumerable: false });`;

// node:zlib: the one-shot functions are the grader's own Node's (globals/zlib.js, added as the
// module loads: guest.js); the constants and codes are Node 20's, read here from the grader's
// Node; the streams are refused by name where they are made.
const ZLIB_STREAMS = ["Deflate", "Inflate", "DeflateRaw", "InflateRaw", "Gzip", "Gunzip", "Unzip", "BrotliCompress", "BrotliDecompress"];
const ZLIB = `const no = (name) => ({ [name]: function () { throw new Error("zlib." + name + " is not available in the grader's sandbox: it streams, which the tasks do not need. Use the one-shot functions (gzipSync, gunzip with a callback, ...) on the whole Buffer."); } })[name];
module.exports = { constants: Object.freeze(${JSON.stringify(zlib.constants)}), codes: Object.freeze(${JSON.stringify((zlib as unknown as { codes: unknown }).codes)}) };
for (const name of ${JSON.stringify(ZLIB_STREAMS)}) { module.exports[name] = no(name); module.exports["create" + name] = no("create" + name); }`;

// node:url: the sandbox's own URL (globals/url.js) and Node 20's file URL conversions, as on
// Linux (the sandbox's process.cwd() is "/").
const URL_MODULE = `const path = require("path-browserify");
const received = (value) => value == null ? " Received " + value : typeof value === "function" ? " Received function " + value.name
  : typeof value === "object" ? (value.constructor && value.constructor.name ? " Received an instance of " + value.constructor.name : " Received " + String(value))
  : " Received type " + typeof value + " (" + (typeof value === "string" ? "'" + value + "'" : String(value)) + ")";
const fail = (Type, message, code) => Object.assign(new Type(message), { code });
function fileURLToPath(url) {
  if (typeof url === "string") url = new URL(url);
  else if (!(url instanceof URL)) throw fail(TypeError, 'The "path" argument must be of type string or an instance of URL.' + received(url), "ERR_INVALID_ARG_TYPE");
  if (url.protocol !== "file:") throw fail(TypeError, "The URL must be of scheme file", "ERR_INVALID_URL_SCHEME");
  if (url.hostname !== "") throw fail(TypeError, 'File URL host must be "localhost" or empty on linux', "ERR_INVALID_FILE_URL_HOST");
  const pathname = url.pathname;
  for (let n = 0; n < pathname.length; n++) {
    if (pathname[n] === "%" && pathname[n + 1] === "2" && (pathname.codePointAt(n + 2) | 0x20) === 102) throw fail(TypeError, "File URL path must not include encoded / characters", "ERR_INVALID_FILE_URL_PATH");
  }
  return decodeURIComponent(pathname);
}
function pathToFileURL(filepath) {
  if (typeof filepath !== "string") throw fail(TypeError, 'The "path" argument must be of type string.' + received(filepath), "ERR_INVALID_ARG_TYPE");
  let resolved = path.resolve(filepath);
  if (filepath.charCodeAt(filepath.length - 1) === 47 && resolved[resolved.length - 1] !== "/") resolved += "/";
  resolved = resolved.replace(/%/g, "%25").replace(/\\\\/g, "%5C").replace(/\\n/g, "%0A").replace(/\\r/g, "%0D").replace(/\\t/g, "%09").replace(/\\?/g, "%3F").replace(/#/g, "%23");
  return new URL("file://" + resolved);
}
// The legacy API (parse, format, resolve, resolveObject, Url) is put on by guest.js (globals/url.js).
module.exports = { URL, URLSearchParams, fileURLToPath, pathToFileURL };`;

/** Each pure module: what its CommonJS text exports, from the browser ports in package.json. */
// node:timers/promises over the sandbox's timers; its setInterval (an async iterator that keeps
// time on its own) is refused by name.
const TIMER_PROMISES = `const later = (schedule) => (...args) => new Promise((resolve) => schedule(resolve, ...args));
const wait = later((resolve, delay, value) => setTimeout(resolve, delay, value));
const immediate = later((resolve, value) => setImmediate(resolve, value));
module.exports = { setTimeout: wait, setImmediate: immediate,
  setInterval() { throw new Error("setInterval of node:timers/promises is not available in the grader's sandbox: loop with await setTimeout(ms) from it instead."); },
  scheduler: { wait: (delay) => wait(delay), yield: () => immediate() } };`;

// util.stripVTControlCharacters' pattern, Node 20's (lib/internal/util/inspect.js, from chalk's ansi-regex).
const ANSI = String.raw`[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d\/\#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d\/\#&.:=?%@~_]*)*)?(?:\u0007|\u001B\u005C|\u009C))|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~]))`;
// util.parseArgs: Node's own polyfill of it (@pkgjs/parseargs, by the Node.js pkgjs group), which
// parses as Node 20's; its errors made as Node's are (TypeErrors with a code, Node's words for a
// wrong argument), and allowNegative (20.16), which it lacks, refused by name.
const PARSE_ARGS = `const util = module.exports;
const codes = require("./node_modules/@pkgjs/parseargs/internal/errors.js").codes;
const nodeError = (code, words) => {
  const made = { TypeError: class extends TypeError {
    constructor(...args) { super(words(...args)); Object.defineProperty(this, "code", { value: code, writable: true, enumerable: true, configurable: true }); }
    toString() { return this.name + " [" + code + "]: " + this.message; }
  } }.TypeError;
  return made;
};
const specific = (value) => {
  if (value === null || value === undefined) return String(value);
  switch (typeof value) {
    case "bigint": return "type bigint (" + value + "n)";
    case "number": return "type number (" + (Object.is(value, -0) ? "-0" : String(value)) + ")";
    case "boolean": case "symbol": return "type " + typeof value + " (" + String(value) + ")";
    case "function": return "function " + value.name;
    case "object": return value.constructor && "name" in value.constructor ? "an instance of " + value.constructor.name : util.inspect(value, { depth: -1 });
    case "string": { const v = value.length > 28 ? value.slice(0, 25) + "..." : value; return v.indexOf("'") === -1 ? "type string ('" + v + "')" : "type string (" + JSON.stringify(v) + ")"; }
  }
  return util.inspect(value, { colors: false });
};
const TYPES = ["string", "function", "number", "object", "Function", "Object", "boolean", "bigint", "symbol"];
const PORT_TYPE = { String: "string", Boolean: "boolean" };
codes.ERR_INVALID_ARG_TYPE = nodeError("ERR_INVALID_ARG_TYPE", (name, expected, actual) => {
  expected = PORT_TYPE[expected] ?? expected;
  let msg = "The " + (name.endsWith(" argument") ? name : '"' + name + '" ' + (name.includes(".") ? "property" : "argument")) + " must be ";
  if (TYPES.includes(expected)) msg += "of type " + expected.toLowerCase();
  else if (/^([A-Z][a-z0-9]*)+$/.test(expected)) msg += "an instance of " + expected;
  else msg += (expected.toLowerCase() !== expected ? "an " : "") + expected;
  return msg + ". Received " + specific(actual);
});
codes.ERR_INVALID_ARG_VALUE = nodeError("ERR_INVALID_ARG_VALUE", (name, value, reason = "is invalid") => {
  let inspected = util.inspect(value);
  if (inspected.length > 128) inspected = inspected.slice(0, 128) + "...";
  return "The " + (name.includes(".") ? "property" : "argument") + " '" + name + "' " + reason + ". Received " + inspected;
});
codes.ERR_PARSE_ARGS_INVALID_OPTION_VALUE = nodeError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", (message) => message);
codes.ERR_PARSE_ARGS_UNKNOWN_OPTION = nodeError("ERR_PARSE_ARGS_UNKNOWN_OPTION", (option, allowPositionals) =>
  "Unknown option '" + option + "'" + (allowPositionals ? ". To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- " + JSON.stringify(option) : ""));
codes.ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL = nodeError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL", (positional) => "Unexpected argument '" + positional + "'. This command does not take positional arguments");
const port = require("@pkgjs/parseargs").parseArgs;
const own = (config, key) => config !== null && typeof config === "object" && Object.prototype.hasOwnProperty.call(config, key) ? config[key] : undefined;
util.parseArgs = function parseArgs(config = {}) {
  const allowNegative = own(config, "allowNegative") ?? false;
  if (allowNegative !== false) {
    // Node checks it after these four: the port checks them as Node does.
    const args = own(config, "args") ?? [];
    port({ args: Array.isArray(args) ? [] : args, strict: own(config, "strict") ?? true, allowPositionals: own(config, "allowPositionals"), tokens: own(config, "tokens"), options: {} });
    if (allowNegative !== true) throw new codes.ERR_INVALID_ARG_TYPE("allowNegative", "boolean", allowNegative);
    throw new Error("util.parseArgs's allowNegative is not available in the grader's sandbox: declare --no-<name> as a boolean option of its own.");
  }
  return port(config);
};
const ansi = new RegExp(${JSON.stringify(ANSI)}, "g");
util.stripVTControlCharacters = function stripVTControlCharacters(str) {
  if (typeof str !== "string") throw new codes.ERR_INVALID_ARG_TYPE("str", "string", str);
  return str.replace(ansi, "");
};
// util.styleText (Node 20.12): Node 20's own steps. A format given as one name is coloured only for
// a stream that is a colour terminal, as under Node (the sandbox's streams are pipes: none is); a
// list of names is coloured whatever the stream (Node 20 checks the stream only for one name).
const COLORS = ${JSON.stringify(Object.fromEntries(Object.getOwnPropertyNames(inspect.colors).map((k) => [k, inspect.colors[k]])))};
const COLOR_NAMES = ${JSON.stringify(Object.keys(inspect.colors))};
const oneOf = (key) => { throw new codes.ERR_INVALID_ARG_VALUE("format", key, "must be one of: " + COLOR_NAMES.map((n) => "'" + n + "'").join(", ")); };
const isStream = (s) => s !== null && typeof s === "object" && (typeof s.on === "function" && (typeof s.write === "function" || typeof s.pipe === "function") || typeof s.getWriter === "function" || typeof s.getReader === "function");
const colours = (s) => !!(s && s.isTTY && (typeof s.getColorDepth !== "function" || s.getColorDepth() > 2));
const escaped = (code) => "\u001b[" + code + "m";
util.styleText = function styleText(format, text, { validateStream = true, stream = process.stdout } = {}) {
  if (typeof text !== "string") throw new codes.ERR_INVALID_ARG_TYPE("text", "string", text);
  if (typeof validateStream !== "boolean") throw new codes.ERR_INVALID_ARG_TYPE("options.validateStream", "boolean", validateStream);
  if (validateStream && !isStream(stream)) throw Object.assign(new TypeError('The "stream" argument must be an instance of ReadableStream, WritableStream, or Stream. Received ' + specific(stream)), { code: "ERR_INVALID_ARG_TYPE" });
  if (Array.isArray(format)) {
    let left = "", right = "";
    for (const key of format) {
      const pair = Object.hasOwn(COLORS, key) ? COLORS[key] : oneOf(key);
      left += escaped(pair[0]);
      right = escaped(pair[1]) + right;
    }
    return left + text + right;
  }
  const pair = typeof format === "string" && Object.hasOwn(COLORS, format) ? COLORS[format] : oneOf(format);
  if (validateStream && !colours(stream)) return text;
  return escaped(pair[0]) + text + escaped(pair[1]);
};`;

const PURE: Record<string, string> = {
  assert: 'module.exports = require("assert");',
  "assert/strict": 'module.exports = require("assert").strict;',
  // Node 20's util also holds the global TextEncoder and TextDecoder, and toUSVString.
  // parseArgs: PARSE_ARGS.
  util: 'module.exports = Object.assign({}, require("util/"), { isDeepStrictEqual: require("assert/build/internal/util/comparisons").isDeepStrictEqual, TextEncoder, TextDecoder, toUSVString: (s) => String(s).toWellFormed() });\n' + PARSE_ARGS,
  events: 'module.exports = require("events/");',
  path: 'module.exports = require("path-browserify");',
  "path/posix": 'module.exports = require("path-browserify");',
  buffer: BUFFER,
  string_decoder: 'module.exports = require("string_decoder/");',
  // What a task may want of node:crypto (ids, random bytes), from the sandbox's own crypto
  // (globals/web.js); hashing, ciphers and keys are refused by name.
  crypto: CRYPTO,
  zlib: ZLIB,
  // The sandbox's own URL (globals/url.js); the legacy API by the grader's own Node (guest.js).
  // The sandbox's timers on its virtual clock (globals/timers.js).
  timers: "module.exports = { setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate };",
  "timers/promises": TIMER_PROMISES,
  url: URL_MODULE,
  // Node's process module is the process global (the sandbox's stand-in, guest.js).
  process: "module.exports = process;",
  // The global console, whose Console makes one over other streams (guest.js).
  console: "module.exports = console;",
  // Importable, so that a main guard that never runs here (reading stdin when the file is run
  // itself) loads as on Node; every function is refused by name where it is called (MISSING).
  readline: 'const no = (name) => function () { throw new Error("readline.promises." + name + " is not available in the grader\'s sandbox: the tasks do not need it."); }; module.exports = { promises: { Interface: no("Interface"), Readline: no("Readline"), createInterface: no("createInterface") } };',
  "readline/promises": "module.exports = {};",
  // What the sandbox's process says of itself (guest.js: linux, x64); the machine's own facts
  // (its name, memory, users, CPUs) are refused by name where they are called (MISSING).
  os: 'module.exports = { EOL: "\\n", devNull: "/dev/null", platform: () => "linux", arch: () => "x64", type: () => "Linux", endianness: () => "LE", hostname: () => "localhost" };',
  // The global performance (the sandbox's clock); the rest is refused by name where it is called.
  perf_hooks: "module.exports = { performance: globalThis.performance, constants: { NODE_PERFORMANCE_GC_MAJOR: 4, NODE_PERFORMANCE_GC_MINOR: 1, NODE_PERFORMANCE_GC_INCREMENTAL: 8, NODE_PERFORMANCE_GC_WEAKCB: 16 } };",
  // createRequire (guest.js gives it: a require resolving as an import in the file named would);
  // Node 20's module names, taken from the grader's own Node.
  module: `const names = ${JSON.stringify(builtinModules)};
module.exports = { builtinModules: names.slice(), isBuiltin: (name) => typeof name === "string" && (names.includes(name) || (name.startsWith("node:") && (names.includes(name.slice(5)) || name === "node:test"))) };`,
  // node:util's types (the same object: guest.js).
  "util/types": "module.exports = {};",
  // Importable, each use refused by name where it is made: AsyncLocalStorage keeps its store
  // across await, which QuickJS resumes in its own promise jobs that no code in the engine sees,
  // so a store here would be lost after the first await (getStore() undefined where Node gives it).
  async_hooks: `const refused = (name, instead) => { throw new Error(name + " (node:async_hooks) is not available in the grader's sandbox: it cannot carry a context across await as Node does. " + instead); };
const STORE = "Pass the request's context (its id, its state) to the functions that need it as an argument.";
const made = (name, instead, statics) => { const f = { [name]: function () { refused(name, instead); } }[name]; for (const s of statics) f[s] = { [s]: function () { refused(name + "." + s, instead); } }[s]; return f; };
module.exports = {
  AsyncLocalStorage: made("AsyncLocalStorage", STORE, ["bind", "snapshot"]), AsyncResource: made("AsyncResource", STORE, ["bind"]),
  createHook: made("createHook", "The tasks need no hooks into the engine.", []), executionAsyncId: made("executionAsyncId", STORE, []),
  triggerAsyncId: made("triggerAsyncId", STORE, []), executionAsyncResource: made("executionAsyncResource", STORE, []),
};`,
};

/**
 * What Node 20's modules export beyond their ports, each refused by name where it is called (a
 * student's call gets what it is and that the sandbox lacks it, not "is not a function"); the
 * same as Node where that is one line.
 */
const MISSING: Record<string, string[]> = {
  util: ["MIMEParams", "MIMEType", "aborted", "formatWithOptions", "getSystemErrorMap", "getSystemErrorName", "parseEnv", "transferableAbortController", "transferableAbortSignal"],
  events: ["EventEmitterAsyncResource", "addAbortListener", "getEventListeners", "getMaxListeners", "on", "setMaxListeners"],
  buffer: ["File", "isAscii", "isUtf8", "resolveObjectURL", "transcode"],
  assert: ["CallTracker"],
  path: ["matchesGlob"],
  readline: ["Interface", "clearLine", "clearScreenDown", "createInterface", "cursorTo", "emitKeypressEvents", "moveCursor"],
  "readline/promises": ["Interface", "Readline", "createInterface"],
  perf_hooks: ["Performance", "PerformanceEntry", "PerformanceMark", "PerformanceMeasure", "PerformanceObserver", "PerformanceObserverEntryList", "PerformanceResourceTiming", "createHistogram", "monitorEventLoopDelay"],
  os: ["availableParallelism", "cpus", "freemem", "getPriority", "homedir", "loadavg", "machine", "networkInterfaces",
    "release", "setPriority", "tmpdir", "totalmem", "uptime", "userInfo", "version"],
  module: ["Module", "SourceMap", "findSourceMap", "register", "syncBuiltinESMExports"],
  url: ["domainToASCII", "domainToUnicode", "urlToHttpOptions"],
  crypto: ["Certificate", "Cipher", "Cipheriv", "Decipher", "Decipheriv", "DiffieHellman", "DiffieHellmanGroup", "ECDH", "Hash", "Hmac", "KeyObject", "Sign", "Verify", "X509Certificate",
    "checkPrime", "checkPrimeSync", "createDiffieHellman", "createDiffieHellmanGroup", "createECDH", "createPrivateKey", "createPublicKey", "createSecretKey", "diffieHellman", "generateKey",
    "generateKeyPairSync", "generateKeySync", "generatePrime", "generatePrimeSync", "getCipherInfo", "getCiphers", "getCurves", "getDiffieHellman", "getFips", "getHashes", "hash", "hkdf",
    "hkdfSync", "pbkdf2Sync", "privateDecrypt", "privateEncrypt", "publicDecrypt", "publicEncrypt", "randomFill", "randomFillSync", "scryptSync", "secureHeapUsed", "setEngine", "setFips",
    "sign", "timingSafeEqual", "verify"],
};
// Node 20's EventEmitter beyond the port (events@3): listenerCount of one listener, and
// errorMonitor, whose listeners see an 'error' before its own (and an unhandled one's code).
const EVENTS_SAME = `const EE = module.exports;
const errorMonitor = Symbol("events.errorMonitor");
Object.defineProperty(EE, "errorMonitor", { value: errorMonitor, enumerable: true, writable: false, configurable: false });
Object.defineProperty(EE, "captureRejectionSymbol", { value: Symbol.for("nodejs.rejection"), enumerable: true, writable: false, configurable: false });
const count = EE.prototype.listenerCount;
EE.prototype.listenerCount = function listenerCount(type, listener) {
  if (listener === undefined || listener === null) return count.call(this, type);
  let n = 0;
  for (const l of this.rawListeners(type)) if (l === listener || l.listener === listener) n++;
  return n;
};
const portEmit = EE.prototype.emit;
EE.prototype.emit = function emit(type, ...args) {
  if (type === "error") {
    if (count.call(this, errorMonitor) > 0) portEmit.call(this, errorMonitor, ...args);
    if (count.call(this, "error") === 0) {
      const er = args[0];
      if (er instanceof Error) throw er;
      throw Object.assign(new Error("Unhandled error. (" + (typeof er === "string" ? "'" + er + "'" : String(er)) + ")"), { context: er, code: "ERR_UNHANDLED_ERROR" });
    }
  }
  return portEmit.call(this, type, ...args);
};`;
const SAME: Record<string, string> = {
  events: EVENTS_SAME,
  // A Proxy cannot be told from its target by code in the engine: isProxy is refused by name.
  util: `module.exports.debug = module.exports.debuglog;
// isNativeError: the engine's own errors only (the port's instanceof takes Object.create(Error.prototype) too).
const portIsNativeError = module.exports.types.isNativeError;
module.exports.types = Object.assign({}, module.exports.types, {
  isProxy: function isProxy() { throw new Error("util.types.isProxy is not available in the grader's sandbox: the tasks do not need it."); },
  isNativeError: function isNativeError(value) { return value !== null && typeof value === "object" && !(Symbol.toStringTag in value) ? Object.prototype.toString.call(value) === "[object Error]" : portIsNativeError(value); },
});`,
  buffer: "module.exports.atob = globalThis.atob; module.exports.btoa = globalThis.btoa;",
  // POSIX's is the path itself. path.win32 (null in the port): its separators, and each function refused by name.
  path: `module.exports.toNamespacedPath = function toNamespacedPath(p) { return p; };
// Node 20's format puts the dot before an ext that lacks one (the port does not).
const portFormat = module.exports.format;
module.exports.format = function format(pathObject) {
  if (pathObject === null || typeof pathObject !== "object") return portFormat(pathObject);
  const dir = pathObject.dir || pathObject.root;
  const ext = pathObject.ext;
  const base = pathObject.base || (pathObject.name || "") + (ext ? (ext[0] === "." ? "" : ".") + ext : "");
  if (!dir) return base;
  return dir === pathObject.root ? dir + base : dir + "/" + base;
};
const win32 = { sep: "\\\\", delimiter: ";" };
for (const name of Object.keys(module.exports)) if (typeof module.exports[name] === "function") win32[name] = { [name]: function () { throw new Error("path.win32." + name + " is not available in the grader's sandbox: a task's paths are POSIX paths (node:path, path.posix)."); } }[name];
win32.win32 = win32; win32.posix = module.exports;
module.exports.win32 = win32;`,
};
const withMissing = (name: string, text: string): string => `${text}
${SAME[name] ?? ""}
for (const member of ${JSON.stringify(MISSING[name] ?? [])}) if (!(member in module.exports)) module.exports[member] = { [member]: function () { throw new Error("${name}." + member + " is not available in the grader's sandbox: the tasks do not need it."); } }[member];`;

// assert@2's throws and rejects rethrow the error when it is not an instance of the expected Error
// class, or a validation function does not return true; Node 20's throw an AssertionError saying
// so (lib/assert.js expectedException). Its doesNotThrow (two arguments) is unchanged, as Node's.
const ASSERT_PORT = /[\\/]node_modules[\\/]assert[\\/]build[\\/]assert\.js$/;
const ASSERT_FROM = `  if (Error.isPrototypeOf(expected)) {
    return false;
  }
  return expected.call({}, actual) === true;
}`;
const ASSERT_TO = `  var generatedMessage = false;
  var isError = Object.prototype.toString.call(actual) === "[object Error]" || actual instanceof Error;
  if (Error.isPrototypeOf(expected)) {
    if (arguments.length === 2) return false;
    if (!msg) {
      generatedMessage = true;
      msg = "The error is expected to be an instance of " + '"' + expected.name + '". Received ';
      if (isError) {
        var name = (actual.constructor && actual.constructor.name) || actual.name;
        msg += expected.name === name ? "an error with identical name but a different prototype." : '"' + name + '"';
        if (actual.message) msg += "\\n\\nError message:\\n\\n" + actual.message;
      } else msg += '"' + inspect(actual, { depth: -1 }) + '"';
    }
  } else {
    var res = expected.call({}, actual);
    if (res === true) return true;
    if (arguments.length === 2) return false;
    if (!msg) {
      generatedMessage = true;
      msg = "The " + (expected.name ? '"' + expected.name + '" ' : "") + 'validation function is expected to return "true". Received ' + inspect(res);
      if (isError) msg += "\\n\\nCaught error:\\n\\n" + actual;
    }
  }
  var err = new AssertionError({ actual: actual, expected: expected, message: msg, operator: fn.name, stackStartFn: fn });
  err.generatedMessage = generatedMessage;
  throw err;
}`;

async function pureModule(name: string, contents: string): Promise<string> {
  const entry = path.join(ROOT, "src", "sandbox", "modules.ts");
  return cachedBuild({
    entryPoints: [entry], bundle: true, format: "cjs", platform: "browser", target: "es2020",
    minify: true, keepNames: true, legalComments: "none", logLevel: "silent", write: false,
    define: { "process.env.NODE_DEBUG": "false", global: "globalThis" },
    plugins: [{
      name: "pure-entry",
      setup(b) {
        b.onLoad({ filter: /[\\/]src[\\/]sandbox[\\/]modules\.ts$/ }, () => ({ contents, loader: "js", resolveDir: ROOT }));
        b.onLoad({ filter: ASSERT_PORT }, async (args) => {
          const text = await readFile(args.path, "utf8");
          if (!text.includes(ASSERT_FROM)) throw new Error("assert's expectedException is not the one the sandbox amends (package.json: assert)");
          return { contents: text.replace(ASSERT_FROM, ASSERT_TO), loader: "js" };
        });
      },
    }],
  }, `pure:${name}:${contents}:${require.resolve("assert/package.json")}:${ASSERT_TO}`);
}

let pure: Promise<ModuleSources> | undefined;

/**
 * Every module the sandbox gives, by id: the pack's course module (its CommonJS text, from the
 * pack) and the pure modules, built once per process (and kept on disk).
 */
export async function sandboxModules(course: string): Promise<ModuleSources> {
  pure ??= (async () => Object.fromEntries(await Promise.all(Object.entries(PURE).map(async ([name, text]) => [`node:${name}`, await pureModule(name, withMissing(name, text))] as const))))();
  return { "grade/course": course, ...(await pure) };
}
