// URL parsing for the sandbox's URL and URLSearchParams (globals/url.js), by the grader's own
// V8, which parses exactly as the student's Node 20 does (WHATWG URL). JSON text both ways, at
// most MAX_CHARS (host-intl.ts): strings in, the URL's parts or the pairs of a query out.

/** The longest text the guest may hand to a V8 host function (this and host-intl.ts). */
export const MAX_CHARS = 10_000;
const PARTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"] as const;
const SETTABLE = new Set(["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]);
type Part = (typeof PARTS)[number];

const partsOf = (url: URL): Record<Part, string> => Object.fromEntries(PARTS.map((p) => [p, url[p]])) as Record<Part, string>;
const invalid = { error: { name: "TypeError", code: "ERR_INVALID_URL", message: "Invalid URL" } };

function perform(op: unknown, args: unknown[]): unknown {
  const s = (i: number): string => { const v = args[i]; if (typeof v !== "string") throw new TypeError("not a string"); return v; };
  switch (op) {
    case "parse": {
      // V8's own check, so that what fails here is what fails in Node.
      const base = args[1] === undefined ? undefined : s(1);
      if (!URL.canParse(s(0), base)) return invalid;
      return { ok: partsOf(new URL(s(0), base)) };
    }
    case "set": {
      const url = new URL(s(0));
      const part = s(1);
      if (!SETTABLE.has(part)) throw new TypeError("not a part of a URL");
      if (part === "href" && !URL.canParse(s(2))) return invalid;
      (url as unknown as Record<string, string>)[part] = s(2);
      return { ok: partsOf(url) };
    }
    case "query": return { ok: [...new URLSearchParams(s(0))] };
    case "serialize": {
      const pairs = args[0];
      if (!Array.isArray(pairs) || !pairs.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && typeof p[1] === "string")) throw new TypeError("not a list of pairs");
      return { ok: new URLSearchParams(pairs as [string, string][]).toString() };
    }
    default: throw new TypeError("not an operation of the sandbox's URL");
  }
}

/** {"op", "args"} as JSON text, answered as JSON text: {"ok": …} or {"error": {name, message, code?}}. */
export function urlCall(text: string): string {
  if (text.length > MAX_CHARS) return JSON.stringify({ error: { name: "RangeError", message: `the URL is longer than the grader's sandbox parses (${MAX_CHARS} characters)` } });
  try {
    const { op, args } = JSON.parse(text) as { op?: unknown; args?: unknown };
    if (!Array.isArray(args) || args.length > 3) throw new TypeError("not a list of arguments");
    return JSON.stringify(perform(op, args));
  } catch (error) {
    return JSON.stringify({ error: { name: "TypeError", message: String(error instanceof Error ? error.message : error).slice(0, 300) } });
  }
}
