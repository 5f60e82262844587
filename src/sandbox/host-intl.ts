// The one way the sandbox's Intl (globals/intl.js) reaches the grader's runtime: V8 already
// formats, compares and segments exactly as the student's Node 20 does, so the guest asks it.
// What crosses is JSON text both ways, at most MAX_CHARS: a kind of formatter from a fixed list,
// locales (strings), options (a flat object of strings, numbers and booleans), a method from
// that kind's fixed list and its arguments (strings, numbers, a list of strings). What comes
// back is the method's plain result or the error V8 raised (its name and message). No object of
// the host's is ever handed over, and nothing here reaches Node beyond Intl itself.
import type { QuickJSContext, QuickJSHandle, VmFunctionImplementation } from "quickjs-emscripten-core";
import { MAX_CHARS, urlCall } from "./host-url.js";

// The grader's machine decides nothing: Node's defaults on a usual student machine, fixed.
const DEFAULT_LOCALE = "en-US";
const DEFAULT_TIME_ZONE = "UTC";

type Plain = string | number | boolean;
type Options = Record<string, Plain>;
interface Request { kind: string; locales?: string | string[]; options?: Options; method: string; args?: unknown[] }

const METHODS: Record<string, readonly string[]> = {
  Collator: ["compare", "resolvedOptions"],
  NumberFormat: ["format", "formatToParts", "formatRange", "resolvedOptions"],
  DateTimeFormat: ["format", "formatToParts", "formatRange", "resolvedOptions"],
  PluralRules: ["select", "selectRange", "resolvedOptions"],
  RelativeTimeFormat: ["format", "formatToParts", "resolvedOptions"],
  ListFormat: ["format", "formatToParts", "resolvedOptions"],
  DisplayNames: ["of", "resolvedOptions"],
  Segmenter: ["segment", "resolvedOptions"],
  // Everything an Intl.Locale tells, read once when it is made (plain values only).
  Locale: ["info"],
  Date: ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"],
  String: ["toLocaleUpperCase", "toLocaleLowerCase"],
  Intl: ["getCanonicalLocales", "supportedLocalesOf", "supportedValuesOf"],
};
const FORMATTERS = new Map<string, object>();

const isPlain = (v: unknown): v is Plain => typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));
const isBigInt = (v: unknown): v is { bigint: string } => typeof v === "object" && v !== null && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as { bigint?: unknown }).bigint === "string" && /^-?\d{1,400}$/.test((v as { bigint: string }).bigint);
// Numbers that are not finite (NaN, Infinity) are formatted too; JSON carries them as strings.
const NON_FINITE: Record<string, number> = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, "-Infinity": Number.NEGATIVE_INFINITY, "-0": -0 };
const isArg = (v: unknown): boolean => v === null || isPlain(v) || isBigInt(v) || (typeof v === "object" && v !== null && Object.keys(v).length === 1 && typeof (v as { number?: unknown }).number === "string" && Object.hasOwn(NON_FINITE, (v as { number: string }).number))
  || (Array.isArray(v) && v.length <= 1000 && v.every((x) => typeof x === "string"));

function read(text: string): Request | string {
  if (text.length > MAX_CHARS) return `the text to format is longer than the grader's sandbox formats (${MAX_CHARS} characters)`;
  let r: unknown;
  try { r = JSON.parse(text); } catch { return "not JSON"; }
  if (typeof r !== "object" || r === null) return "not an object";
  const { kind, locales, options, method, args } = r as Record<string, unknown>;
  if (typeof kind !== "string" || !Object.hasOwn(METHODS, kind) || typeof method !== "string" || !METHODS[kind]!.includes(method)) return "not a method the sandbox's Intl has";
  if (locales !== undefined && typeof locales !== "string" && !(Array.isArray(locales) && locales.length <= 20 && locales.every((l) => typeof l === "string"))) return "locales must be a string or a list of strings";
  if (options !== undefined && (typeof options !== "object" || options === null || Array.isArray(options) || !Object.values(options).every(isPlain))) return "options must be a flat object of strings, numbers and booleans";
  if (args !== undefined && (!Array.isArray(args) || args.length > 4 || !args.every(isArg))) return "arguments must be strings, numbers or a list of strings";
  return { kind, locales: locales as Request["locales"], options: options as Options | undefined, method, args: (args ?? []) as unknown[] };
}

function formatter(kind: string, locales: string | string[], options: Options): object {
  const key = JSON.stringify([kind, locales, options]);
  let made = FORMATTERS.get(key);
  if (!made) {
    const Make = (Intl as unknown as Record<string, new (l: unknown, o: unknown) => object>)[kind]!;
    made = new Make(locales, options);
    if (FORMATTERS.size >= 256) FORMATTERS.clear();
    FORMATTERS.set(key, made);
  }
  return made;
}

// A BigInt crosses as {"bigint": "digits"}, NaN and the infinities as {"number": "NaN"}: JSON has neither.
const argument = (a: unknown): unknown => (isBigInt(a) ? BigInt(a.bigint) : typeof a === "object" && a !== null && !Array.isArray(a) ? NON_FINITE[(a as { number: string }).number] : a);

const LOCALE_FIELDS = ["baseName", "language", "script", "region", "calendar", "caseFirst", "collation", "hourCycle", "numeric", "numberingSystem",
  "calendars", "collations", "hourCycles", "numberingSystems", "textInfo", "timeZones", "weekInfo"] as const;

/** An Intl.Locale's tag and fields (the lists and records as plain JSON), and its maximized and minimized tags. */
function localeInfo(tag: unknown, options: Options): Record<string, unknown> {
  if (typeof tag !== "string") throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
  const locale = new Intl.Locale(tag, options) as unknown as Record<string, unknown> & { maximize(): object; minimize(): object };
  const info: Record<string, unknown> = { tag: String(locale), maximized: String(locale.maximize()), minimized: String(locale.minimize()) };
  for (const field of LOCALE_FIELDS) info[field] = locale[field];
  return info;
}

function perform(r: Request): unknown {
  if (r.kind === "Locale") return localeInfo(r.locales, { ...(r.options ?? {}) });
  const locales = r.locales === undefined || (Array.isArray(r.locales) && r.locales.length === 0) ? DEFAULT_LOCALE : r.locales;
  const options: Options = { ...(r.options ?? {}) };
  const args = r.args ?? [];
  if (r.kind === "Intl") {
    if (r.method === "getCanonicalLocales") return Intl.getCanonicalLocales(r.locales ?? []);
    if (r.method === "supportedValuesOf") return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf(String(args[0]));
    const kind = String(args[0]);
    if (!["Collator", "NumberFormat", "DateTimeFormat", "PluralRules", "RelativeTimeFormat", "ListFormat", "DisplayNames", "Segmenter"].includes(kind)) throw new TypeError("not an Intl constructor");
    return (Intl as unknown as Record<string, { supportedLocalesOf(l: unknown, o: unknown): string[] }>)[kind]!.supportedLocalesOf(r.locales ?? [], options);
  }
  if (r.kind === "String") return r.method === "toLocaleUpperCase" ? String(args[0]).toLocaleUpperCase(r.locales) : String(args[0]).toLocaleLowerCase(r.locales);
  if ((r.kind === "Date" || r.kind === "DateTimeFormat") && options.timeZone === undefined) options.timeZone = DEFAULT_TIME_ZONE;
  if (r.kind === "Date") {
    const date = new Date(Number(argument(args[0])));
    return (date as unknown as Record<string, (l: unknown, o: unknown) => string>)[r.method]!(locales, options);
  }
  const made = formatter(r.kind, locales, options) as Record<string, (...a: unknown[]) => unknown>;
  if (r.method === "resolvedOptions") return made.resolvedOptions!();
  if (r.kind === "Segmenter") return Array.from(made.segment!(String(args[0])) as Iterable<{ input: string }>, ({ input: _, ...s }) => s);
  return made[r.method]!(...args.map(argument));
}

/** The guest's request (JSON text) answered as JSON text: {"ok": result} or {"error": {name, message}}. */
export function intlCall(text: string): string {
  const request = read(text);
  if (typeof request === "string") return JSON.stringify({ error: { name: "TypeError", message: request } });
  try {
    return JSON.stringify({ ok: perform(request) });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return JSON.stringify({ error: { name: e instanceof RangeError ? "RangeError" : "TypeError", message: e.message.slice(0, 500) } });
  }
}

/**
 * The host functions the guest's Intl and URL call (session.ts hostFunctions): a string in, a string
 * out; a string longer than MAX_CHARS is not read.
 */
export function v8HostFunctions(ctx: QuickJSContext): { intl: VmFunctionImplementation<QuickJSHandle>; url: VmFunctionImplementation<QuickJSHandle> } {
  const reader = (answer: (text: string) => string) => (textHandle: QuickJSHandle): QuickJSHandle => {
    if (ctx.typeof(textHandle) !== "string") return ctx.newString(answer(""));
    const length = ctx.getProp(textHandle, "length");
    const fits = ctx.typeof(length) === "number" && ctx.getNumber(length) <= MAX_CHARS;
    length.dispose();
    return ctx.newString(answer(fits ? ctx.getString(textHandle) : "x".repeat(MAX_CHARS + 1)));
  };
  return { intl: reader(intlCall), url: reader(urlCall) };
}
