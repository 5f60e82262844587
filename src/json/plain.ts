// A student's return value must be something JSON (and so Python's json) can represent. This
// finds the first part that is not, with its path, so the message can point at it.

export function findNonJson(value: unknown, path = "$", seen = new Set<object>()): string | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return undefined;
  if (typeof value === "number") {
    return Number.isFinite(value) ? undefined : `${path} is ${value}, which JSON cannot represent`;
  }
  if (typeof value === "bigint") return `${path} is a BigInt (${value}n): use a number`;
  if (typeof value === "undefined") return `${path} is undefined: use null or leave the key out`;
  if (typeof value === "function") return `${path} is a function, not data`;
  if (typeof value === "symbol") return `${path} is a symbol, not data`;
  const obj = value as object;
  if (seen.has(obj)) return `${path} refers back to an object that contains it (a cycle)`;
  const proto = Object.getPrototypeOf(obj);
  if (!Array.isArray(obj) && proto !== Object.prototype && proto !== null) {
    const name = (obj.constructor as { name?: string } | undefined)?.name ?? "object";
    return `${path} is a ${name}, not a plain object: build it from {} and [] literals`;
  }
  seen.add(obj);
  try {
    if (Array.isArray(obj)) {
      for (let i = 0; i < obj.length; i++) {
        const problem = findNonJson(obj[i], `${path}[${i}]`, seen);
        if (problem) return problem;
      }
      return undefined;
    }
    for (const [key, item] of Object.entries(obj)) {
      if (item === undefined) continue; // an undefined property is simply absent, as in JSON
      const problem = findNonJson(item, /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`, seen);
      if (problem) return problem;
    }
    return undefined;
  } finally {
    seen.delete(obj);
  }
}
