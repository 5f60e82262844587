// Names that every plain object inherits from Object.prototype. A lookup in a plain object finds
// them, a key-by-key copy by assignment turns "__proto__" into a prototype, and a call such as
// value.hasOwnProperty(...) breaks when a key of that name is data: so the checks try them as
// methods, tool names, argument names and schema keys.
import type { JsonObject, JsonValue } from "../course/types.js";

export const INHERITED_NAMES = [
  "toString", "constructor", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf",
  "propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupSetter__",
];

/**
 * A copy of `base` with one more own key. Needed for "__proto__": in an object literal or an
 * assignment it sets the prototype instead, while JSON.parse (what a server gets) makes it a key.
 */
export function withKey<T extends object = JsonObject>(base: T, key: string, value: JsonValue | object): T {
  const copy = { ...base };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
