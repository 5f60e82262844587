// Python's repr() and str() of JSON values, as the page's f-strings print them: `{k!r}` in
// check_args, `{version!r}` in the -32022 message, `{name}` in "unknown tool: ...". A string's
// repr takes single quotes unless it holds a single quote and no double quote; the chosen quote
// and backslashes are escaped; \t \n \r by name; other characters str.isprintable() refuses as
// \xhh, \uhhhh or \Uhhhhhhhh.

// Not printable for Python: every "Other" and "Separator" category, except the ASCII space.
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0");

export function reprString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (NAMED[ch] !== undefined) out += NAMED[ch];
    else if (ch !== " " && NOT_PRINTABLE.test(ch)) {
      const cp = ch.codePointAt(0)!;
      out += cp < 0x100 ? `\\x${hex(cp, 2)}` : cp < 0x10000 ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
    } else out += ch;
  }
  return out + quote;
}

// A JSON number: an integer as Python's int prints it, anything else as its float repr
// (exponent form below 1e-4 and from 1e16, with at least two exponent digits).
function reprNumber(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e16) return String(n);
  const [mantissa, exp] = n.toExponential().split("e") as [string, string];
  const e = Number(exp);
  if (e >= -4 && e < 16) return Number.isInteger(n) ? `${String(n)}.0` : String(n);
  return `${mantissa}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
}

/** repr() of a JSON value; undefined (a key that is absent: dict.get gives None) is None. */
export function repr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return reprNumber(value);
  if (typeof value === "string") return reprString(value);
  if (Array.isArray(value)) return `[${value.map(repr).join(", ")}]`;
  if (typeof value === "object") {
    return `{${Object.entries(value).map(([k, v]) => `${reprString(k)}: ${repr(v)}`).join(", ")}}`;
  }
  return String(value);
}

/** str() of a JSON value, as an f-string's `{x}` prints it. */
export function str(value: unknown): string {
  return typeof value === "string" ? value : repr(value);
}
