// util.inspect and util.format as Node 20 writes them, for console.log and node:util: quoting,
// class names, Map(n)/Set(n), [Object] past the depth, <ref *1>/[Circular *1], [Getter], holes,
// and Node's rule for one line or several (80 columns, 3 levels, long arrays in columns).
(function (host, lib) {
  "use strict";
  const { getPrototypeOf, getOwnPropertyDescriptor, keys, hasOwn } = Object;
  const toString = Function.prototype.call.bind(Object.prototype.toString);
  const IDENTIFIER = /^[a-zA-Z_][a-zA-Z_0-9]*$/;
  const ESCAPES = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\v": "\\v", "\\": "\\\\" };
  function quote(s) {
    const q = !s.includes("'") ? "'" : !s.includes('"') ? '"' : !s.includes("`") && !s.includes("${") ? "`" : "'";
    // C0 and C1 controls as \xNN, and a lone surrogate as \uXXXX (lower case), as Node writes them.
    return q + s.replace(new RegExp(`[\\\\\\n\\t\\r\\b\\f\\v${q}\\x00-\\x1f\\x7f-\\x9f]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`, "g"), (c) => ESCAPES[c] ?? (c === q ? "\\" + c
      : c.charCodeAt(0) >= 0xd800 ? "\\u" + c.charCodeAt(0).toString(16) : "\\x" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0"))) + q;
  }
  const number = (n) => (Object.is(n, -0) ? "-0" : String(n));
  // numericSeparator, as Node 20 writes it: the part before the point grouped by threes from the
  // right, the part after it from the left; a number without a point (1e-7) is split where Node
  // splits it too, so its text is as odd as Node's (differential table).
  function groupRight(text) {
    const start = text[0] === "-" ? 1 : 0;
    let i = text.length, out = "";
    for (; i >= start + 4; i -= 3) out = `_${text.slice(i - 3, i)}${out}`;
    return i === text.length ? text : text.slice(0, i) + out;
  }
  function groupLeft(text) {
    let i = 0, out = "";
    for (; i < text.length - 3; i += 3) out += `${text.slice(i, i + 3)}_`;
    return i === 0 ? text : out + text.slice(i);
  }
  function separated(n) {
    const whole = String(Math.trunc(n));
    if (Math.trunc(n) === n) return !Number.isFinite(n) || whole.includes("e") ? whole : groupRight(whole);
    if (n !== n) return "NaN";
    const text = String(n), point = text.indexOf(".");
    return `${groupRight(text.slice(0, point))}.${groupLeft(text.slice(point + 1))}`;
  }
  const customSymbol = Symbol.for("nodejs.util.inspect.custom");
  const nameOf = (v) => {
    for (let p = getPrototypeOf(v); p !== null; p = getPrototypeOf(p)) {
      const d = getOwnPropertyDescriptor(p, "constructor");
      if (d && typeof d.value === "function" && d.value.name !== "") return d.value.name;
    }
    return null;
  };
  function fnBase(f) {
    const text = Function.prototype.toString.call(f);
    if (text.startsWith("class") && /^class\b/.test(text)) return `[class ${f.name || "(anonymous)"}${getPrototypeOf(f) !== Function.prototype && getPrototypeOf(f)?.name ? ` extends ${getPrototypeOf(f).name}` : ""}]`;
    const kind = toString(f) === "[object AsyncFunction]" ? "AsyncFunction" : toString(f) === "[object GeneratorFunction]" ? "GeneratorFunction" : "Function";
    return `[${kind}${f.name ? `: ${f.name}` : " (anonymous)"}]`;
  }

  // Node's defaults, which a student may change for every later inspect and console line (a
  // common debugging idiom: inspect.defaultOptions.depth = null). The options read here are the
  // ones this inspect honours.
  const defaults = { showHidden: false, depth: 2, colors: false, customInspect: true, showProxy: false, maxArrayLength: 100,
    maxStringLength: 10000, breakLength: 80, compact: 3, sorted: false, getters: false, numericSeparator: false };
  const given = (options, key) => (options !== null && typeof options === "object" && options[key] !== undefined ? options[key] : defaults[key]);
  const limit = (n) => (n === null ? Infinity : n);
  function inspect(value, options = {}) {
    const depth = given(options, "depth");
    const ctx = { showHidden: given(options, "showHidden") === true, depth: depth === null ? Infinity : depth, breakLength: given(options, "breakLength") ?? 80, compact: given(options, "compact") ?? 3,
      sorted: given(options, "sorted"), maxArrayLength: Math.max(0, limit(given(options, "maxArrayLength"))), maxStringLength: limit(given(options, "maxStringLength")),
      numericSeparator: given(options, "numericSeparator") === true, customInspect: given(options, "customInspect") !== false, getters: given(options, "getters"),
      seen: [], circular: new Map(), indentationLvl: 0, currentDepth: 0 };
    return formatValue(ctx, value, 0);
  }
  Object.defineProperty(inspect, "custom", { __proto__: null, value: customSymbol, enumerable: false, writable: false, configurable: false });
  // What a custom inspect function is given as its options: the ones in force, and stylize.
  const userOptions = (ctx) => ({ ...defaults, showHidden: ctx.showHidden, depth: ctx.depth === Infinity ? null : ctx.depth, breakLength: ctx.breakLength, compact: ctx.compact,
    sorted: ctx.sorted, maxArrayLength: ctx.maxArrayLength, maxStringLength: ctx.maxStringLength, numericSeparator: ctx.numericSeparator, customInspect: ctx.customInspect,
    getters: ctx.getters, stylize: (text) => String(text) });
  function primitive(ctx, v) {
    switch (typeof v) {
      case "string": {
        let text = v, trailer = "";
        if (v.length > ctx.maxStringLength) {
          const more = v.length - ctx.maxStringLength;
          text = v.slice(0, ctx.maxStringLength);
          trailer = `... ${more} more character${more > 1 ? "s" : ""}`;
        }
        // A long string is shown a line at a time, joined with +, as Node does past the width.
        if (ctx.compact !== true && text.length > 16 && text.length > ctx.breakLength - ctx.indentationLvl - 4) {
          return text.split(/(?<=\n)/).map(quote).join(` +\n${" ".repeat(ctx.indentationLvl + 2)}`) + trailer;
        }
        return quote(text) + trailer;
      }
      case "number": return ctx.numericSeparator ? separated(v) : number(v);
      case "bigint": return `${ctx.numericSeparator ? groupRight(String(v)) : v}n`;
      case "boolean": case "undefined": return String(v);
      case "symbol": return v.toString();
    }
  }
  Object.defineProperty(inspect, "defaultOptions", { __proto__: null, enumerable: true, configurable: true,
    get() { return defaults; },
    set(options) {
      if (options === null || typeof options !== "object") throw lib.argType("options", "of type object", options);
      Object.assign(defaults, options);
    } });
  function formatValue(ctx, v, depth, inArray) {
    if (v === null) return "null";
    if (typeof v !== "object" && typeof v !== "function") return primitive(ctx, v);
    if (ctx.customInspect) {
      const custom = v[customSymbol];
      // A prototype's own method is not called on the prototype itself (Node's rule).
      if (typeof custom === "function" && custom !== inspect && !(v.constructor && v.constructor.prototype === v)) {
        const shown = custom.call(v, ctx.depth === Infinity ? null : ctx.depth - depth, userOptions(ctx), inspect);
        if (shown !== v) return typeof shown === "string" ? shown.replaceAll("\n", `\n${" ".repeat(ctx.indentationLvl)}`) : formatValue(ctx, shown, depth);
      }
    }
    if (ctx.seen.includes(v)) {
      if (!ctx.circular.has(v)) ctx.circular.set(v, ctx.circular.size + 1);
      return `[Circular *${ctx.circular.get(v)}]`;
    }
    return formatRaw(ctx, v, depth, inArray);
  }
  const BOXES = [["Boolean", Boolean.prototype.valueOf], ["Number", Number.prototype.valueOf], ["String", String.prototype.valueOf], ["Symbol", Symbol.prototype.valueOf], ["BigInt", BigInt.prototype.valueOf]];
  /** [type, value] of a boxed primitive (Object(false), new String("x")), or undefined. */
  function boxed(v) {
    for (const [type, valueOf] of BOXES) { try { return [type, valueOf.call(v)]; } catch { /* not this type */ } }
    return undefined;
  }
  function formatRaw(ctx, v, depth) {
    const tag = toString(v).slice(8, -1);
    const ctor = nameOf(v);
    const prefix = (fallback, size) => `${ctor === null ? `[${fallback}: null prototype] ` : ctor !== fallback ? `${ctor} [${fallback}] ` : ""}${ctor === fallback || ctor === null ? fallback : ""}${size === undefined ? "" : `(${size})`} `.replace(/^ /, "");
    let braces, base = "", entries = [], isArrayLike = false, ownKeys = keys(v);
    // Own symbol keys after the strings: the enumerable ones, or every one with showHidden.
    const symbols = Object.getOwnPropertySymbols(v);
    const symbolKeys = ctx.showHidden ? symbols : symbols.filter((k) => Object.prototype.propertyIsEnumerable.call(v, k));
    if (Array.isArray(v)) {
      isArrayLike = true;
      braces = [`${ctor === "Array" ? "" : prefix("Array", v.length)}[`, "]"];
      ownKeys = ownKeys.filter((k) => !(String(k >>> 0) === k && k >>> 0 < v.length));
    } else if (typeof v === "function") {
      base = fnBase(v);
      if (ownKeys.length === 0) return base;
      braces = ["{", "}"];
    } else if (v instanceof Map) braces = [`${prefix("Map", v.size)}{`, "}"];
    else if (v instanceof Set) braces = [`${prefix("Set", v.size)}{`, "}"];
    else if (ArrayBuffer.isView(v) && !(v instanceof DataView)) { isArrayLike = true; braces = [`${prefix(tag, v.length)}[`, "]"]; ownKeys = ownKeys.filter((k) => String(k >>> 0) !== k); }
    else if (v instanceof Date) { base = isNaN(v.getTime()) ? "Invalid Date" : v.toISOString(); if (ownKeys.length === 0) return base; braces = ["{", "}"]; }
    else if (v instanceof RegExp) { base = RegExp.prototype.toString.call(v); if (ownKeys.length === 0) return base; braces = ["{", "}"]; }
    else if (v instanceof Error) {
      base = typeof v.stack === "string" && v.stack !== "" ? (v.stack.startsWith(`${v.name}`) ? v.stack : `${String(v)}\n${v.stack}`).replace(/\n$/, "") : `[${String(v)}]`;
      ownKeys = ownKeys.filter((k) => k !== "stack" && k !== "message");
      if (ownKeys.length === 0) return base;
      braces = ["{", "}"];
    } else if (boxed(v) !== undefined) {
      // A boxed primitive as Node shows one: [Boolean: false], [String: 'x'] (its indices not listed).
      const [type, value] = boxed(v);
      base = `[${type}${ctor !== type ? ` (${ctor === null ? "null prototype" : ctor})` : ""}: ${primitive(ctx, value)}]`;
      if (type === "String") ownKeys = ownKeys.filter((k) => !(String(k >>> 0) === k && k >>> 0 < value.length));
      if (ownKeys.length === 0 && symbolKeys.length === 0) return base;
      braces = ["{", "}"];
    } else if (tag === "Promise") braces = [`${ctor === "Promise" ? "Promise" : ctor === null ? "[Promise: null prototype]" : `${ctor} [Promise]`} {`, "}"];
    else if (tag === "WeakMap" || tag === "WeakSet") return `${tag} { <items unknown> }`;
    else if (tag === "Map Iterator" || tag === "Set Iterator" || tag === "Array Iterator") braces = [`[${tag}] {`, "}"];
    else braces = [`${ctor === "Object" ? "" : ctor === null ? "[Object: null prototype] " : `${ctor} `}{`, "}"];
    if (tag !== "Object" && typeof v !== "function" && !Array.isArray(v) && ctor === "Object" && !braces[0].startsWith(`Object [${tag}]`) && hasOwn(v, Symbol.toStringTag) === false && tag !== "Error") braces[0] = `Object [${tag}] {`;
    if (depth > ctx.depth) return ctor === null ? "[Object: null prototype]" : `[${Array.isArray(v) ? "Array" : ctor ?? "Object"}]`;
    ctx.seen.push(v);
    ctx.currentDepth = depth;
    const more = (n) => entries.push(`... ${n} more item${n > 1 ? "s" : ""}`);
    if (isArrayLike) {
      const max = Math.min(v.length, ctx.maxArrayLength);
      let holes = 0;
      const flush = () => { if (holes) { entries.push(`<${holes} empty item${holes > 1 ? "s" : ""}>`); holes = 0; } };
      for (let i = 0; i < max; i++) {
        if (!hasOwn(v, i) && Array.isArray(v)) { holes++; continue; }
        flush();
        entries.push(formatValue(ctx, v[i], depth + 1, true));
      }
      flush();
      if (v.length > max) more(v.length - max);
      if (ctx.showHidden && Array.isArray(v)) entries.push(`[length]: ${v.length}`);
    } else if (v instanceof Map) {
      ctx.indentationLvl += 2;
      for (const [k, x] of v) { if (entries.length >= ctx.maxArrayLength) break; entries.push(`${formatValue(ctx, k, depth + 1)} => ${formatValue(ctx, x, depth + 1)}`); }
      ctx.indentationLvl -= 2;
      if (v.size > entries.length) more(v.size - entries.length);
    } else if (v instanceof Set) {
      ctx.indentationLvl += 2;
      for (const x of v) { if (entries.length >= ctx.maxArrayLength) break; entries.push(formatValue(ctx, x, depth + 1)); }
      ctx.indentationLvl -= 2;
      if (v.size > entries.length) more(v.size - entries.length);
    } else if (tag === "Promise") {
      // Its state as Node shows it (host.promiseState: the engine's own record of it).
      const state = host.promiseState(v);
      if (state === undefined) { /* not a promise: its tag only */ } else if (state[0] === "pending") entries.push("<pending>");
      else {
        ctx.indentationLvl += 2;
        const shown = formatValue(ctx, state[1], depth + 1);
        ctx.indentationLvl -= 2;
        entries.push(state[0] === "rejected" ? `<rejected> ${shown}` : shown);
      }
    }
    const extras = entries.length;
    for (const k of [...ownKeys, ...symbolKeys]) {
      const d = getOwnPropertyDescriptor(v, k);
      const name = typeof k === "symbol" ? `[${k.toString()}]` : IDENTIFIER.test(k) ? k : quote(k);
      ctx.indentationLvl += 2;
      const shown = d.get || d.set ? accessor(ctx, v, d, depth) : formatValue(ctx, d.value, depth + 1);
      ctx.indentationLvl -= 2;
      entries.push(`${name}: ${shown}`);
    }
    ctx.seen.pop();
    // sorted: an object's, a Map's or a Set's entries as text; an array's own keys after its items.
    if (ctx.sorted) {
      const compare = ctx.sorted === true ? undefined : ctx.sorted;
      if (!isArrayLike) entries.sort(compare);
      else if (entries.length - extras > 1) entries.splice(extras, entries.length - extras, ...entries.slice(extras).sort(compare));
    }
    let out = reduce(ctx, entries, base, braces, isArrayLike, depth, v);
    const ref = ctx.circular.get(v);
    if (ref !== undefined) out = `<ref *${ref}> ${out}`;
    return out;
  }
  // An accessor as Node shows it: its value read only when the getters option asks for it.
  function accessor(ctx, holder, d, depth) {
    const label = d.get ? (d.set ? "Getter/Setter" : "Getter") : "Setter";
    const wanted = ctx.getters === true || (ctx.getters === "get" && !d.set) || (ctx.getters === "set" && d.set);
    if (!d.get || !wanted) return `[${label}]`;
    try {
      const got = d.get.call(holder);
      if (got === null) return `[${label}: null]`;
      ctx.indentationLvl += 2;
      // A function read by a getter: Node 20 shows it as a primitive and throws there, before it
      // restores its indentation (so the object's later lines are indented two more).
      if (typeof got === "function") throw new TypeError("Symbol.prototype.toString requires that 'this' be a Symbol");
      const shown = typeof got === "object" ? `[${label}] ${formatValue(ctx, got, depth + 1)}` : `[${label}: ${primitive(ctx, got)}]`;
      ctx.indentationLvl -= 2;
      return shown;
    } catch (error) {
      return `[${label}: <Inspection threw (${error?.message})>]`;
    }
  }
  function reduce(ctx, output, base, braces, isArrayLike, depth, value) {
    if (output.length === 0 && base === "") return `${braces[0]}${braces[1]}`.replace("{}", "{}");
    if (output.length === 0) return `${base} ${braces[0]}${braces[1]}`;
    const entries = output.length;
    if (isArrayLike && entries > 6) output = group(ctx, output, value);
    if (ctx.currentDepth - depth < ctx.compact && entries === output.length) {
      const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
      if (below(ctx, output, start, base)) {
        const joined = output.join(", ");
        if (!joined.includes("\n")) return `${base ? `${base} ` : ""}${braces[0]} ${joined} ${braces[1]}`;
      }
    }
    const indentation = `\n${" ".repeat(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  function below(ctx, output, start, base) {
    let total = output.length + start;
    if (total + output.length > ctx.breakLength) return false;
    for (const o of output) { total += o.length; if (total > ctx.breakLength) return false; }
    return base === "" || !base.includes("\n");
  }
  function group(ctx, output, value) {
    let total = 0, maxLength = 0;
    // Node's own test for a "... more items" entry at the end, which is not laid out in columns.
    const trailing = ctx.maxArrayLength < output.length;
    const outputLength = output.length - (trailing ? 1 : 0);
    const dataLen = [];
    for (let i = 0; i < outputLength; i++) { const len = output[i].length; dataLen[i] = len; total += len + 2; if (maxLength < len) maxLength = len; }
    const actualMax = maxLength + 2;
    if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (total / actualMax > 5 || maxLength <= 6)) {
      const averageBias = Math.sqrt(actualMax - total / output.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax), Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax), ctx.compact * 4, 15);
      if (columns <= 1) return output;
      const tmp = [], maxLineLength = [];
      for (let i = 0; i < columns; i++) {
        let lineLength = 0;
        for (let j = i; j < output.length; j += columns) if (dataLen[j] > lineLength) lineLength = dataLen[j];
        maxLineLength.push(lineLength + 2);
      }
      let padStart = true;
      for (let i = 0; i < output.length; i++) if (typeof value[i] !== "number" && typeof value[i] !== "bigint") { padStart = false; break; }
      for (let i = 0; i < outputLength; i += columns) {
        const max = Math.min(i + columns, outputLength);
        let str = "", j = i;
        for (; j < max - 1; j++) str += padStart ? `${output[j]}, `.padStart(maxLineLength[j - i], " ") : `${output[j]}, `.padEnd(maxLineLength[j - i], " ");
        str += padStart ? output[j].padStart(maxLineLength[j - i] - 2, " ") : output[j];
        tmp.push(str);
      }
      if (trailing) tmp.push(output[outputLength]);
      return tmp;
    }
    return output;
  }

  const BUILT_IN = new Set(["Object", "Error", "Array", "Map", "Set", "Date", "RegExp", "Promise", "Function", "Boolean", "Number", "String", "Symbol", "BigInt", "TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError", "Uint8Array", "Int8Array", "Uint16Array", "Int16Array", "Uint32Array", "Int32Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array", "Uint8ClampedArray", "ArrayBuffer", "DataView", "WeakMap", "WeakSet"]);
  function builtInToString(v) {
    if (typeof v.toString !== "function") return true;
    if (hasOwn(v, "toString")) return false;
    let p = v;
    do { p = getPrototypeOf(p); } while (p !== null && !hasOwn(p, "toString"));
    const d = p === null ? undefined : getOwnPropertyDescriptor(p, "constructor");
    return d !== undefined && typeof d.value === "function" && BUILT_IN.has(d.value.name);
  }
  function format(...args) {
    const first = args[0];
    let a = 0, out = "";
    if (typeof first === "string" && args.length > 1) {
      a = 1;
      let last = 0;
      for (let i = 0; i < first.length - 1; i++) {
        if (first.charCodeAt(i) !== 37) continue;
        const c = first[i + 1];
        if (a >= args.length && c !== "%") continue;
        let text;
        switch (c) {
          case "s": { const x = args[a++]; text = typeof x === "number" ? number(x) : typeof x === "bigint" ? `${x}n` : typeof x !== "object" || x === null || !builtInToString(x) ? String(x) : inspect(x, { depth: 0 }); break; }
          case "j": try { text = JSON.stringify(args[a++]); } catch (e) { text = "[Circular]"; } break;
          case "d": { const x = args[a++]; text = typeof x === "bigint" ? `${x}n` : typeof x === "symbol" ? "NaN" : number(Number(x)); break; }
          case "O": text = inspect(args[a++]); break;
          case "o": text = inspect(args[a++], { depth: 4, showHidden: true }); break;
          case "i": { const x = args[a++]; text = typeof x === "bigint" ? `${x}n` : typeof x === "symbol" ? "NaN" : number(parseInt(x)); break; }
          case "f": { const x = args[a++]; text = typeof x === "symbol" ? "NaN" : number(parseFloat(x)); break; }
          case "c": a++; text = ""; break;
          case "%": out += first.slice(last, i) + "%"; last = i + 2; i++; continue;
          default: continue;
        }
        out += first.slice(last, i) + text;
        last = i + 2;
        i++;
      }
      out += first.slice(last);
    }
    for (; a < args.length; a++) {
      const x = args[a];
      out += (out === "" && a === 0 ? "" : " ") + (typeof x === "string" ? x : inspect(x));
    }
    return out;
  }
  lib.inspect = inspect;
  lib.format = format;
});
