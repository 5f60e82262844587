// Decodes what the guest said a value was (guest.js: a tree of plain JSON) into a value the
// grader reads like the student's own object: arrays and plain objects with their own keys (a
// key whose value was undefined is still a key), and a NotData in place of anything JSON cannot
// hold. Parsed with the grader's JSON.parse, every node checked; keys are defined, never
// assigned, so a key such as "__proto__" is just a key.

/** A part of a returned value that JSON cannot hold (a function, a cycle, a Promise…). */
export class NotData {
  constructor(readonly what: string, readonly detail?: string) {}
}

const MAX_DEPTH = 256;

/** `plain`: the value is JSON data as it stands (no undefined, nothing JSON cannot carry). */
export type Decoded = { ok: true; value: unknown; plain?: true } | { ok: false; problem: string };

class BadTree extends Error {}

function node(tree: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new BadTree();
  if (tree === null || typeof tree === "string" || typeof tree === "boolean") return tree;
  if (typeof tree === "number") return tree;
  if (typeof tree !== "object" || Array.isArray(tree)) throw new BadTree();
  const t = tree as Record<string, unknown>;
  if (Array.isArray(t["a"])) return t["a"].map((item) => node(item, depth + 1));
  if (Array.isArray(t["o"])) {
    const out: Record<string, unknown> = {};
    for (const pair of t["o"]) {
      if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string") throw new BadTree();
      Object.defineProperty(out, pair[0], { value: node(pair[1], depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (typeof t["x"] === "string") {
    if (t["x"] === "undefined") return undefined;
    return new NotData(t["x"], typeof t["d"] === "string" ? t["d"].slice(0, 200) : undefined);
  }
  throw new BadTree();
}

function within(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== "object") return true;
  if (depth === 0) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (!within(item, depth - 1)) return false;
  return true;
}

export function decodeValue(text: string): Decoded {
  let tree: unknown;
  try {
    // "J": plain JSON data, written by the engine's JSON.stringify (guest.js); else the tree.
    if (text.startsWith("J")) {
      // The guest wrote it only after finding it plain and at most 64 deep; a value that read
      // differently the second time (a Proxy) is held to the tree's depth all the same, so that
      // nothing the grader walks recursively is deeper than that.
      const value = JSON.parse(text.slice(1)) as unknown;
      return within(value, MAX_DEPTH) ? { ok: true, value, plain: true } : { ok: false, problem: "the value is nested too deeply to check" };
    }
    tree = JSON.parse(text);
  } catch {
    return { ok: false, problem: "the sandbox's description of the value could not be read" };
  }
  try {
    return { ok: true, value: node(tree, 0) };
  } catch {
    return { ok: false, problem: "the sandbox's description of the value was not in its format" };
  }
}

/** What JSON could not carry in a decoded value, with its path; undefined if it is all data. */
export function notJson(value: unknown, where = "$"): string | undefined {
  if (value instanceof NotData) return `${where} ${describeNotData(value)}`;
  if (value === null || typeof value !== "object") return value === undefined ? `${where} is undefined: use null or leave the key out` : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = value[i] === undefined ? `${where}[${i}] is undefined, which JSON writes as null: use null` : notJson(value[i], `${where}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue; // absent in JSON, as JSON.stringify leaves it out
    const problem = notJson(item, /^[A-Za-z_$][\w$]*$/.test(key) ? `${where}.${key}` : `${where}[${JSON.stringify(key)}]`);
    if (problem) return problem;
  }
  return undefined;
}

function describeNotData(v: NotData): string {
  switch (v.what) {
    case "function": return "is a function, not data";
    case "symbol": return "is a symbol, not data";
    case "bigint": return `is a BigInt (${v.detail ?? ""}n): use a number`;
    case "number": return `is ${v.detail ?? "not a finite number"}, which JSON cannot represent`;
    case "cycle": return "refers back to an object that contains it (a cycle)";
    case "promise": return "is a Promise: everything in this chapter is synchronous, so return the value itself";
    case "deep": return "is nested too deeply to be data";
    case "threw": return `threw when it was read (${v.detail ?? "a getter or a Proxy"})`;
    default: return "is not data";
  }
}

/** The value as JSON would carry it (undefined keys left out), for checks that judge the wire. */
export function toJsonValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => toJsonValue(v));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) Object.defineProperty(out, key, { value: toJsonValue(item), enumerable: true, writable: true, configurable: true });
  }
  return out;
}
