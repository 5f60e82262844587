// The differential table's evaluator: the same JavaScript text runs an entry under the host's
// Node and inside the sandbox, and describes its result (or its throw) as JSON text, so that the
// two texts are equal exactly when the two runtimes agree. It is source text, not a function of
// this module, so that both sides run the very same code.
import { IMPORTS_REQUIRE } from "../resolve.js";

/** One line of the table: `code` is an expression, or with `program`, statements that `return`. */
export interface Entry {
  name: string;
  code: string;
  program?: boolean;
  /** The code returns a Promise: its settled value is compared. */
  async?: boolean;
  /** An error the engine (or a module's browser port) raises: its name must agree, its wording is its own (QuickJS's, not V8's). */
  ownWording?: boolean;
  /** Deliberately not offered in the sandbox: it throws there, naming this and what to use instead. */
  refused?: string;
  /** Statements (as `program`) that the sandbox runs as a student's file, through the compile step (its catch clauses as a student's are). */
  module?: boolean;
}

/**
 * `describe(value)`: JSON text that tells apart what JSON.stringify would merge (undefined, NaN,
 * -0, a Map, a class instance, an object's `__proto__` own key, a cycle). `evaluate(entry,
 * require)`: the entry's result or throw, described.
 */
export const EVALUATOR = String.raw`
function describe(value) {
  const seen = [];
  const walk = (v) => {
    switch (typeof v) {
      case "undefined": return { $: "undefined" };
      case "number": return Object.is(v, -0) ? { $: "-0" } : Number.isFinite(v) ? v : { $: String(v) };
      case "bigint": return { $: "bigint", v: String(v) };
      case "symbol": return { $: "symbol", v: String(v) };
      case "function": return { $: "function", name: v.name };
      case "string": case "boolean": return v;
    }
    if (v === null) return null;
    if (seen.indexOf(v) >= 0) return { $: "cycle", at: seen.indexOf(v) };
    seen.push(v);
    const tag = Object.prototype.toString.call(v);
    const proto = Object.getPrototypeOf(v);
    const kind = proto === null ? "null" : typeof proto.constructor === "function" ? proto.constructor.name : "?";
    const own = () => Object.keys(v).map((k) => [k, walk(v[k])]);
    if (Array.isArray(v)) return kind === "Array" ? Array.from(v, walk) : { $: kind, items: Array.from(v, walk) };
    if (v instanceof Date) return { $: "Date", v: isNaN(v.getTime()) ? "Invalid" : v.toISOString() };
    if (v instanceof RegExp) return { $: "RegExp", v: String(v), lastIndex: v.lastIndex };
    if (v instanceof Map) return { $: kind, v: Array.from(v, ([k, x]) => [walk(k), walk(x)]) };
    if (v instanceof Set) return { $: kind, v: Array.from(v, walk) };
    if (v instanceof Error) return { $: kind, name: v.name, message: v.message, own: own() };
    if (ArrayBuffer.isView(v)) return { $: kind, v: Array.from(v instanceof DataView ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength) : v, walk) };
    if (v instanceof ArrayBuffer) return { $: "ArrayBuffer", v: Array.from(new Uint8Array(v)) };
    if (typeof v.then === "function") return { $: "Promise" };
    if (tag === "[object Boolean]" || tag === "[object Number]" || tag === "[object String]") return { $: tag, v: walk(v.valueOf()) };
    return { $: kind, own: own() };
  };
  return JSON.stringify(walk(value));
}
function thrown(error) {
  if (error instanceof Error || (error !== null && typeof error === "object" && typeof error.message === "string")) {
    return JSON.stringify({ throw: String(error.name), message: String(error.message) });
  }
  return JSON.stringify({ throw: "value", value: describe(error) });
}
function evaluate(entry, require, compiled) {
  const body = entry.program || entry.module ? entry.code : "return (" + entry.code + "\n);";
  try {
    const value = compiled ? compiled() : new Function("require", body)(require);
    if (!entry.async) return describe(value);
    return Promise.resolve(value).then(describe, thrown);
  } catch (error) {
    return entry.async ? Promise.resolve(thrown(error)) : thrown(error);
  }
}
`;

/**
 * The module the sandbox loads: `evaluate` answers each entry (an async one's answer is kept
 * until `settled` reads it, after the promise queue has run).
 */
// The table's entries call require as the host's evaluator gives it (Node's own). An ES module has
// none in the sandbox, as on Node: the table's modules take the one their imports call (resolve.ts).
const TABLE_REQUIRE = `declare const ${IMPORTS_REQUIRE}: (name: string) => unknown;\nconst require = (name: string): any => ${IMPORTS_REQUIRE}(name);`;

export const SANDBOX_MODULE = `${EVALUATOR}
import { compiled } from "./modules.js";
${TABLE_REQUIRE}
// On the global object: each run loads a fresh instance of this module.
const later: Record<string, string> = ((globalThis as any).__tableLater ??= {});
export function run(entry: { name: string; async?: boolean; module?: boolean }): string {
  const out = evaluate(entry, (name: string) => require(name), entry.module ? (compiled as any)[entry.name] : undefined);
  if (!entry.async) return out as string;
  (out as Promise<string>).then((text) => { later[entry.name] = text; });
  return "";
}
export function settled(): Record<string, string> { return (globalThis as any).__tableLater; }
`;

/** The file of the table's `module` entries, each a function of a student's file by the entry's name. */
export function modulesFile(entries: Entry[]): string {
  const fns = entries.filter((e) => e.module).map((e) => `  ${JSON.stringify(e.name)}: function () {\n${e.code}\n},`);
  return `${TABLE_REQUIRE}\nexport const compiled: Record<string, () => unknown> = {\n${fns.join("\n")}\n};\n`;
}
