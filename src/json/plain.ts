// A student's return value must be something JSON (and so Python's json) can represent. This
// finds the first part that is not, with its path, so the message can point at it.

export function findNonJson(value: unknown): string | undefined {
  // Nearly every value is plain: a first walk only says whether it is, keeping no path and no
  // set of the objects it is inside (in the sandbox, which runs without the optimising compiler,
  // those cost more than the walk itself). Only a value that is not gets the walk that says why.
  if (isPlain(value, 0)) return undefined;
  // The path is built only for the part that is wrong: building it for every element cost more
  // than the walk itself on large answers.
  const keys: (string | number)[] = [];
  const problem = walk(value, keys, new Set<object>());
  return problem === undefined ? undefined : `${pathOf(keys)} ${problem}`;
}

// Deeper than this is taken for a cycle (a cycle is never plain), and the full walk says which.
const MAX_DEPTH = 1000;
// Taken when the module loads: in the sandbox, before the student's code could replace them.
const { getPrototypeOf } = Object;
const ObjectPrototype = Object.prototype;

function isPlain(value: unknown, depth: number): boolean {
  if (value === null) return true;
  const type = typeof value;
  if (type === "string" || type === "boolean") return true;
  if (type === "number") return value === value && value !== Infinity && value !== -Infinity;
  if (type !== "object" || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlain(value[i], depth + 1)) return false;
    return true;
  }
  const proto = getPrototypeOf(value);
  if (proto !== ObjectPrototype && proto !== null) return false;
  // for-in, not Object.keys: it allocates nothing for each object. It also visits what the
  // prototype was given, if the code gave Object.prototype enumerable properties; the full walk
  // then says whether anything is wrong.
  for (const key in value as object) {
    const item = (value as Record<string, unknown>)[key];
    // An undefined property is simply absent, as in JSON.
    if (item !== undefined && !isPlain(item, depth + 1)) return false;
  }
  return true;
}

function pathOf(keys: readonly (string | number)[]): string {
  return "$" + keys.map((k) => (typeof k === "number" ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`)).join("");
}

/** What is wrong with the value at `keys`, which it leaves pointing there; undefined if nothing. */
function walk(value: unknown, keys: (string | number)[], seen: Set<object>): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") return Number.isFinite(value) ? undefined : `is ${value}, which JSON cannot represent`;
  if (typeof value === "bigint") return `is a BigInt (${value}n): use a number`;
  if (typeof value === "undefined") return "is undefined: use null or leave the key out";
  if (typeof value === "function") return "is a function, not data";
  if (typeof value === "symbol") return "is a symbol, not data";
  const obj = value as object;
  if (seen.has(obj)) return "refers back to an object that contains it (a cycle)";
  const proto = Object.getPrototypeOf(obj);
  if (!Array.isArray(obj) && proto !== Object.prototype && proto !== null) {
    const name = (obj.constructor as { name?: string } | undefined)?.name ?? "object";
    return `is a ${name}, not a plain object: build it from {} and [] literals`;
  }
  seen.add(obj);
  if (Array.isArray(obj)) {
    for (let i = 0; i < obj.length; i++) {
      keys.push(i);
      const problem = walk(obj[i], keys, seen);
      if (problem) return problem;
      keys.pop();
    }
  } else {
    for (const key of Object.keys(obj)) {
      const item = (obj as Record<string, unknown>)[key];
      if (item === undefined) continue; // an undefined property is simply absent, as in JSON
      keys.push(key);
      const problem = walk(item, keys, seen);
      if (problem) return problem;
      keys.pop();
    }
  }
  seen.delete(obj);
  return undefined;
}
