// The same JSON value with the keys of every object in it in reverse order. JSON objects are
// unordered, so a rule answers it as it answers the value: the packs' variant checks send some of
// their inputs so, and code that follows a rule only for the page's key order fails them.

/** `value` with every object's keys reversed, at every depth ("__proto__" stays an own key). */
export function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)])) as T;
}
