// The built-ins the sandbox's engine has and Node 20 lacks, taken out of the sandbox
// (globals/base.js) so that code using one fails here as it fails on the student's own Node 20:
// with "x.groupBy is not a function". Said as that alone, a student on a newer Node sees code that
// runs on their machine called broken; the failure says so, and what to write instead. A name the
// student's own objects may have too (difference) is said as a possibility.
const NEWER: Record<string, [what: string, instead: string]> = {
  groupBy: ["Object.groupBy and Map.groupBy", "build the groups in a loop, or with reduce"],
  getOrInsert: ["Map.prototype.getOrInsert (or WeakMap's)", "write map.has(key) ? map.get(key) : (map.set(key, value), value)"],
  getOrInsertComputed: ["Map.prototype.getOrInsertComputed (or WeakMap's)", "write map.has(key) ? map.get(key) : map.set(key, make(key)).get(key)"],
  withResolvers: ["Promise.withResolvers", "keep resolve and reject from new Promise((resolve, reject) => ...)"],
  union: ["Set.prototype.union", "write new Set([...a, ...b])"],
  intersection: ["Set.prototype.intersection", "write new Set([...a].filter((x) => b.has(x)))"],
  difference: ["Set.prototype.difference", "write new Set([...a].filter((x) => !b.has(x)))"],
  symmetricDifference: ["Set.prototype.symmetricDifference", "filter each set by the other"],
  isSubsetOf: ["Set.prototype.isSubsetOf", "write [...a].every((x) => b.has(x))"],
  isSupersetOf: ["Set.prototype.isSupersetOf", "write [...b].every((x) => a.has(x))"],
  isDisjointFrom: ["Set.prototype.isDisjointFrom", "write ![...a].some((x) => b.has(x))"],
  escape: ["RegExp.escape", "escape with text.replace(/[.*+?^${}()|[\\]\\\\]/g, \"\\\\$&\")"],
};

// Iterator helpers (Node 22) share their names with Array's methods: said only where V8's text
// shows the method called on what an iterator-making call returned (`m.values(...).map`).
const HELPER = /\b(?:values|keys|entries|matchAll)\(\.\.\.\)\.(map|filter|take|drop|flatMap|reduce|toArray|forEach|some|every|find) is not a function/;

/** The hint for a TypeError's text naming one of those ("….union is not a function"), or undefined. */
export function newerThanNode20(text: string): string | undefined {
  const helper = HELPER.exec(text)?.[1];
  if (helper !== undefined) return `If that is the iterator helper Iterator.prototype.${helper}: it is newer than Node 20, the course's runtime, which does not have it; make an array first, [...iterator].${helper}(…) or Array.from(iterator).`;
  const name = /\.([A-Za-z]+) is not a function/.exec(text)?.[1];
  if (name === undefined || !Object.hasOwn(NEWER, name)) return undefined;
  const [what, instead] = NEWER[name]!;
  return `If that is ${what}: it is newer than Node 20, the course's runtime, which does not have it; ${instead}.`;
}
