// URL parsing for the sandbox's URL and URLSearchParams (globals/url.js), by the grader's own
// V8, which parses exactly as the student's Node 20 does (WHATWG URL). JSON text both ways, at
// most MAX_CHARS (host-intl.ts): strings in, the URL's parts or the pairs of a query out.

import * as nodeUrl from "node:url";

/** The longest text the guest may hand to a V8 host function (this and host-intl.ts). */
export const MAX_CHARS = 10_000;
const PARTS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"] as const;
const SETTABLE = new Set(["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"]);
type Part = (typeof PARTS)[number];

// node:url's legacy API, by this Node (guest: globals/url.js lib.legacyUrl). A Url the guest holds
// comes as its fields (plain values; its query as pairs) and goes back so.
const legacy = nodeUrl as unknown as {
  parse(url: string, parseQueryString: boolean, slashesDenoteHost: boolean): object;
  format(url: unknown, options?: object): string;
  resolve(from: string, to: string): string;
  resolveObject(from: unknown, to: unknown): object;
  Url: new () => Record<string, unknown> & { resolve(to: string): string; resolveObject(to: unknown): object };
};
type Pairs = [string, unknown][];
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
function urlOf(fields: unknown): Record<string, unknown> & { resolve(to: string): string; resolveObject(to: unknown): object } {
  if (!isRecord(fields)) throw new TypeError("not the fields of a Url");
  const url = new legacy.Url();
  for (const [key, value] of Object.entries(fields)) {
    if (key === "query" && isRecord(value)) {
      const query: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const [k, v] of value["pairs"] as Pairs) query[k] = v;
      url[key] = query;
    } else url[key] = value;
  }
  return url;
}
const target = (t: unknown): unknown => {
  if (!isRecord(t)) throw new TypeError("not a URL");
  if (typeof t["s"] === "string") return t["s"];
  return urlOf(t["f"]);
};
const entriesOf = (url: object): [string, unknown][] =>
  Object.entries(url).map(([k, v]) => [k, k === "query" && typeof v === "object" && v !== null ? { pairs: Object.entries(v) } : v]);

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
    case "legacyParse": return { ok: entriesOf(legacy.parse(s(0), args[1] === true, args[2] === true)) };
    case "legacyFormat": {
      const t = args[0];
      if (isRecord(t) && typeof t["href"] === "string") {
        const flags = isRecord(args[1]) ? args[1] : {};
        return { ok: legacy.format(new URL(t["href"]), { fragment: flags["fragment"] === true, unicode: flags["unicode"] === true, search: flags["search"] === true, auth: flags["auth"] === true }) };
      }
      return { ok: legacy.format(target(t)) };
    }
    case "legacyResolve": {
      const from = target(args[0]);
      return { ok: typeof from === "string" ? legacy.resolve(from, s(1)) : (from as ReturnType<typeof urlOf>).resolve(s(1)) };
    }
    case "legacyResolveObject": {
      const from = target(args[0]);
      return { ok: entriesOf(typeof from === "string" ? legacy.resolveObject(from, target(args[1])) : (from as ReturnType<typeof urlOf>).resolveObject(target(args[1]))) };
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
    // Node warns of a URL the legacy parser lets through (DEP0170) on the grader's own stderr: not here.
    const quiet = process.noDeprecation;
    process.noDeprecation = true;
    try {
      return JSON.stringify(perform(op, args));
    } finally {
      process.noDeprecation = quiet;
    }
  } catch (error) {
    // The legacy API's own errors (ERR_INVALID_URL and the like) keep their name and code.
    const e = error instanceof Error ? error : new TypeError(String(error));
    const code = (e as { code?: unknown }).code;
    const name = e instanceof RangeError ? "RangeError" : e instanceof URIError ? "URIError" : "TypeError";
    return JSON.stringify({ error: { name, message: e.message.slice(0, 300), ...(typeof code === "string" ? { code } : {}) } });
  }
}
