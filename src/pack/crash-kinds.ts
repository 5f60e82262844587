// A throw on one kind of input shows in every check whose inputs hold that kind: an isObject that
// lets null through throws wherever a null stands for an object, in four families at once, and is
// one slip. Code that throws on whatever the page never sends (a jsonrpc of "1.0", a name
// "constructor", a version 2) throws on inputs with nothing in common but being unseen: each of
// those rules was not followed. The kinds below tell the two apart, from the inputs alone.

const typeOf = (value: unknown): string => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

/**
 * The kinds of value an input holds, under a key at any depth: "<key>:<type>" for each value,
 * "<key>:primitive" for one that is no object or array, "<key>=<text>" for a short string (the
 * method a call names), "<key>:empty" for "", {} or [], "<key>.<name>" for a name an object
 * under that key holds (crashKinds adds "<key>.<name>:absent" where most inputs hold it and this
 * one does not), and "null" for a null anywhere. A string holding JSON text (a line given to
 * serve, an object's text) is read as its value too, under "<key>>".
 */
export function valueKinds(input: unknown): Set<string> {
  const kinds = new Set<string>();
  const walk = (value: unknown, key: string, depth: number): void => {
    if (depth > 32) return;
    const type = typeOf(value);
    if (value === null) kinds.add("null");
    if (depth > 0) {
      kinds.add(`${key}:${type}`);
      if (type !== "object" && type !== "array") kinds.add(`${key}:primitive`);
      if (value === "" || (typeof value === "object" && value !== null && Object.keys(value).length === 0)) kinds.add(`${key}:empty`);
    }
    if (typeof value === "string") {
      if (depth > 0 && value.length <= 40) kinds.add(`${key}=${value}`);
      const json = key.endsWith("[]") || /^\s*[[{]/.test(value) ? jsonIn(value) : undefined;
      if (json !== undefined) walk(json.value, `${key}>`, depth + 1);
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, `${key}[]`, depth + 1));
    else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        kinds.add(`${key}.${k}`);
        walk(v, k, depth + 1);
      }
    }
  };
  walk(input, "", 0);
  return kinds;
}

/** The value of a string that is JSON text, if it is. */
function jsonIn(text: string): { value: unknown } | undefined {
  if (text.length > 100_000 || !/^\s*[[{"\d\-tfn]/.test(text)) return undefined;
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * The kinds every input a throw met holds and fewer than half of the inputs answered (`others`)
 * do: what sets those inputs apart. (A kind nearly every input holds, a jsonrpc of "2.0", sets
 * nothing apart; nor does any kind where every input threw.)
 */
export function crashKinds(thrownOn: readonly unknown[], others: readonly unknown[]): string[] {
  if (thrownOn.length === 0 || others.length === 0) return [];
  const all = [...thrownOn, ...others].map(valueKinds);
  // A name most inputs hold and this one does not: a call without params, say. (A name few hold is
  // absent from nearly every input, and would make any inputs look alike.)
  const held = new Map<string, number>();
  for (const kinds of all) for (const kind of kinds) if (isName(kind)) held.set(kind, (held.get(kind) ?? 0) + 1);
  const names = [...held].filter(([, n]) => n * 2 >= all.length).map(([name]) => name);
  for (const kinds of all) for (const name of names) if (!kinds.has(name)) kinds.add(`${name}:absent`);
  const [first, ...rest] = all.slice(0, thrownOn.length);
  const answered = all.slice(thrownOn.length);
  const common = [...first!].filter((kind) => !isName(kind) && rest.every((kinds) => kinds.has(kind)));
  return common.filter((kind) => answered.filter((kinds) => kinds.has(kind)).length * 2 < answered.length).sort();
}

const isName = (kind: string): boolean => !kind.includes(":") && !kind.includes("=") && kind !== "null";

/** Whether throws seen by these checks (each with the kinds its throws' inputs share) can be one slip: one kind sets apart all their inputs. */
export function oneKind(kindsByCheck: readonly (readonly string[])[]): boolean {
  if (kindsByCheck.length <= 1) return true;
  const [first, ...rest] = kindsByCheck;
  return first!.some((kind) => rest.every((kinds) => kinds.includes(kind)));
}
