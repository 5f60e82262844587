// Reference solution for Task 1 of "The protocol from scratch" (instructors only).
import type { InputSchema, JsonObject } from "grade/course";

const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };
// What Python's str.isprintable() refuses: the "Other" and "Separator" categories, but a space.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr() of a str. */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (ch in NAMED) out += NAMED[ch];
    else if (ch !== " " && NOT_PRINTABLE.test(ch)) {
      const [prefix, width] = code < 0x100 ? ["\\x", 2] : code < 0x10000 ? ["\\u", 4] : ["\\U", 8];
      out += prefix + code.toString(16).padStart(width, "0");
    } else out += ch;
  }
  return quote + out + quote;
}

export function checkArgs(schema: InputSchema, args: JsonObject): string[] {
  const names = Object.keys(args);
  const known = (name: string) => Object.hasOwn(schema.properties, name);
  const missing = schema.required.filter((name) => !Object.hasOwn(args, name));
  const extra = names.filter((name) => !known(name));
  const wrong = names.filter((name) => known(name) && typeof args[name] !== "string");
  return [
    ...missing.map((name) => `missing ${pyRepr(name)}`),
    ...extra.map((name) => `unexpected ${pyRepr(name)}`),
    ...wrong.map((name) => `${pyRepr(name)} must be a string`),
  ];
}
