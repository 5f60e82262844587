// Serialise JSON exactly as Python's json.dumps does, so that a TypeScript solution and the
// chapter's Python reference print the same bytes. Two settings matter to the course: the
// default (", " and ": " separators, insertion order) used for LINES, and the canonical form
// of Task 3 (separators=(",", ":"), sort_keys=True). Both use Python's ensure_ascii=True.

export interface DumpsOptions {
  /** Task 3's rule: no space after `,` or `:`. */
  compact?: boolean;
  /** Sort object keys at every level, by code point as Python compares strings. */
  sortKeys?: boolean;
}

export function pythonDumps(value: unknown, options: DumpsOptions = {}): string {
  const itemSep = options.compact ? "," : ", ";
  const keySep = options.compact ? ":" : ": ";
  const write = (v: unknown): string => {
    if (v === null) return "null";
    if (typeof v === "string") return pythonString(v);
    if (typeof v === "number") return pythonNumber(v);
    if (typeof v === "boolean") return v ? "true" : "false";
    if (Array.isArray(v)) return `[${v.map(write).join(itemSep)}]`;
    if (typeof v === "object") {
      let keys = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
      if (options.sortKeys) keys = keys.sort(compareCodePoints);
      const body = keys.map((k) => pythonString(k) + keySep + write((v as Record<string, unknown>)[k]));
      return `{${body.join(itemSep)}}`;
    }
    throw new TypeError(`cannot serialise a ${typeof v} as JSON`);
  };
  return write(value);
}

/** Task 3's serialisation: json.dumps(x, separators=(",", ":"), sort_keys=True). */
export function canonicalJson(value: unknown): string {
  return pythonDumps(value, { compact: true, sortKeys: true });
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Python compares str by code point; JavaScript's default sort compares UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  // The two orders differ only where a surrogate pair meets a unit from U+E000 up: without
  // surrogates (nearly every key the judges sort), the units' order is the code points'.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const ca = [...a];
  const cb = [...b];
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const d = ca[i]!.codePointAt(0)! - cb[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ca.length - cb.length;
}

/** The number of characters as Python's len() counts them (code points). */
export function pythonLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f",
};

// Printable ASCII but the quote and the backslash: written as it is.
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

// ensure_ascii: everything outside printable ASCII becomes \uXXXX (UTF-16 units, lower-case hex).
function pythonString(text: string): string {
  if (PLAIN.test(text)) return `"${text}"`;
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    const short = SHORT_ESCAPES[ch];
    if (short) out += short;
    else if (code < 0x20 || code > 0x7e) out += "\\u" + code.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

// JavaScript has one number type. A safe integer is printed as Python prints an int; anything
// else as Python's float repr (shortest round-trip digits, exponent form below 1e-4 and from
// 1e16). Beyond 2**53 JavaScript cannot tell an int from a float, and a float is likelier.
function pythonNumber(n: number): string {
  if (!Number.isFinite(n)) throw new TypeError(`${n} is not valid JSON`);
  if (Number.isSafeInteger(n)) return String(n);
  const [mantissa, expText] = n.toExponential().split("e") as [string, string];
  const exp = Number(expText);
  if (exp >= -4 && exp < 16) {
    const fixed = String(n);
    return fixed.includes(".") || fixed.includes("e") ? fixed : `${fixed}.0`;
  }
  const sign = exp < 0 ? "-" : "+";
  return `${mantissa}e${sign}${String(Math.abs(exp)).padStart(2, "0")}`;
}
