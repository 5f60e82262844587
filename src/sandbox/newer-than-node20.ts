// The built-ins the sandbox's engine has and Node 20 lacks. The sandbox takes each out
// (globals/base.js, given this table by guest-source.ts), so that code using one fails here as it
// fails on the student's own Node 20: with "x.groupBy is not a function". Said as that alone, a
// student on a newer Node sees code that runs on their machine called broken; the failure says
// so, and what to write instead. A name the student's own objects may have too (difference, try)
// is said as a possibility. To add one, add a row: the differential table checks every row against
// this Node 20 (runtime/newer-rows.ts).

/** A built-in Node 20 lacks: its name, where the engine has it ("globalThis" for a global), and what to write instead. */
export interface Newer { name: string; on: string[]; instead: string }

const HELPER_INSTEAD = "make an array first, [...iterator].NAME(…) or Array.from(iterator)";

export const NEWER_THAN_NODE20: readonly Newer[] = [
  { name: "groupBy", on: ["Object", "Map"], instead: "build the groups in a loop, or with reduce" },
  { name: "getOrInsert", on: ["Map.prototype", "WeakMap.prototype"], instead: "write map.has(key) ? map.get(key) : (map.set(key, value), value)" },
  { name: "getOrInsertComputed", on: ["Map.prototype", "WeakMap.prototype"], instead: "write map.has(key) ? map.get(key) : map.set(key, make(key)).get(key)" },
  { name: "withResolvers", on: ["Promise"], instead: "keep resolve and reject from new Promise((resolve, reject) => ...)" },
  { name: "try", on: ["Promise"], instead: "write new Promise((resolve) => resolve(f())), or call f inside an async function" },
  { name: "fromAsync", on: ["Array"], instead: "collect with for await (const x of items) out.push(x), or await Promise.all(items)" },
  { name: "union", on: ["Set.prototype"], instead: "write new Set([...a, ...b])" },
  { name: "intersection", on: ["Set.prototype"], instead: "write new Set([...a].filter((x) => b.has(x)))" },
  { name: "difference", on: ["Set.prototype"], instead: "write new Set([...a].filter((x) => !b.has(x)))" },
  { name: "symmetricDifference", on: ["Set.prototype"], instead: "filter each set by the other" },
  { name: "isSubsetOf", on: ["Set.prototype"], instead: "write [...a].every((x) => b.has(x))" },
  { name: "isSupersetOf", on: ["Set.prototype"], instead: "write [...b].every((x) => a.has(x))" },
  { name: "isDisjointFrom", on: ["Set.prototype"], instead: "write ![...a].some((x) => b.has(x))" },
  { name: "escape", on: ["RegExp"], instead: "escape with text.replace(/[.*+?^${}()|[\\]\\\\]/g, \"\\\\$&\")" },
  { name: "isError", on: ["Error"], instead: "write value instanceof Error" },
  { name: "sumPrecise", on: ["Math"], instead: "add them in a loop, or with reduce((a, b) => a + b, 0)" },
  { name: "f16round", on: ["Math"], instead: "round with Math.fround (32-bit) if that is near enough" },
  { name: "transfer", on: ["ArrayBuffer.prototype"], instead: "copy with buffer.slice(0)" },
  { name: "transferToFixedLength", on: ["ArrayBuffer.prototype"], instead: "copy with buffer.slice(0)" },
  { name: "detached", on: ["ArrayBuffer.prototype"], instead: "keep track of a buffer you gave away yourself" },
  { name: "getFloat16", on: ["DataView.prototype"], instead: "use getFloat32, or read the two bytes with getUint16 and decode them" },
  { name: "setFloat16", on: ["DataView.prototype"], instead: "use setFloat32, or encode the two bytes yourself and write them with setUint16" },
  { name: "Float16Array", on: ["globalThis"], instead: "use Float32Array" },
  // Node 22's iterator helpers, and the global they come with.
  ...["map", "filter", "take", "drop", "flatMap", "reduce", "toArray", "forEach", "some", "every", "find"].map((name) => ({ name, on: ["Iterator.prototype"], instead: HELPER_INSTEAD.replace("NAME", name) })),
  { name: "Iterator", on: ["globalThis"], instead: "make an array first, [...iterable] or Array.from(iterable), and use Array's methods" },
];

const where = (on: string, name: string): string => (on === "globalThis" ? name : `${on}.${name}`);
const hint = (what: string, instead: string): string => `If that is ${what}: it is newer than Node 20, the course's runtime, which does not have it; ${instead}.`;

const HELPERS = NEWER_THAN_NODE20.filter((n) => n.on.includes("Iterator.prototype"));
const GLOBALS = new Map(NEWER_THAN_NODE20.filter((n) => n.on.includes("globalThis")).map((n) => [n.name, n]));
const METHODS = new Map(NEWER_THAN_NODE20.filter((n) => !HELPERS.includes(n) && !GLOBALS.has(n.name)).map((n) => [n.name, n]));

// Iterator helpers share their names with Array's methods: said only where V8's text shows the
// method called on what an iterator-making call returned (`m.values(...).map`).
const HELPER = new RegExp(`\\b(?:values|keys|entries|matchAll)\\(\\.\\.\\.\\)\\.(${HELPERS.map((n) => n.name).join("|")}) is not a function`);

/** The hint for an error's text naming one of those ("….union is not a function", "Iterator is not defined"), or undefined. */
export function newerThanNode20(text: string): string | undefined {
  const helper = HELPER.exec(text)?.[1];
  if (helper !== undefined) return hint(`the iterator helper Iterator.prototype.${helper}`, HELPER_INSTEAD.replace("NAME", helper));
  // A method called by its holder (`Error.isError`) or taken from it first (`const { groupBy } = Object`); a global by its name.
  const called = /(?:^|[^\w$])([\w$]+) is not a function/.exec(text)?.[1];
  const named = /(?:^|[^\w$.])'?([\w$]+)'? is not defined/.exec(text)?.[1];
  const newer = (called === undefined ? undefined : METHODS.get(called)) ?? (named === undefined ? undefined : GLOBALS.get(named));
  if (newer === undefined) return undefined;
  return hint(newer.on.map((on) => where(on, newer.name)).join(" or "), newer.instead);
}
