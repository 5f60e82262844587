// What handle is sent before a probed message in the count probe (counted-calls.ts). Padding the
// shared run's count with calls of the grader's own told the probe apart: a run that opened with a
// notification, whose first request was not the page's, made of one message repeated, or a fresh
// context's first instance (cheats-2026-12-06c: latches on each, 16/17 and 40/41). So the probed
// instance gets the shared run's own calls before the probed message, the page's first, in a
// context where an instance has answered the page's messages already, as the shared run's did.
// Only the calls that meet the probed message are left out, each replaced by a call that changes
// nothing a student keeps: those are what an honest memo or record would answer it from (the same
// method and params, an argument's value in common: a memo by request, an order remembered as
// cancelled); a call under the probed message's id goes under another (a memo by id). A rule that fails there too was broken by the calls before it
// that did not concern it: by their number or their kinds, not by state.
import { MOST_PADDING, PADDING_NOTIFICATION } from "./counted-calls.js";

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const parse = (text: string): unknown => { try { return JSON.parse(text) as unknown; } catch { return undefined; } };
const sorted = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x)) ?? "undefined";
const withoutMeta = (params: unknown): unknown => {
  if (!isObject(params)) return params;
  const { _meta: _, ...rest } = params;
  return rest;
};

/** Every string and number inside `value`, as JSON text. */
function leaves(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === "string" || typeof value === "number") out.add(JSON.stringify(value));
  else if (Array.isArray(value)) for (const v of value) leaves(v, out);
  else if (isObject(value)) for (const v of Object.values(value)) leaves(v, out);
  return out;
}

const sameId = (m: unknown, p: unknown): boolean => isObject(m) && isObject(p) && Object.hasOwn(m, "id") && Object.hasOwn(p, "id") && sorted(m["id"]) === sorted(p["id"]);

/** Whether `m` is a call honest state could answer `p` from, but for its id: the same method and params, or an argument value in common. */
function meets(m: unknown, p: unknown, pArgs: ReadonlySet<string>): boolean {
  if (!isObject(m) || !isObject(p)) return sorted(m) === sorted(p);
  if (sorted(m["method"]) === sorted(p["method"]) && sorted(withoutMeta(m["params"])) === sorted(withoutMeta(p["params"]))) return true;
  const args = isObject(m["params"]) ? m["params"]["arguments"] : undefined;
  return [...leaves(args)].some((v) => pArgs.has(v));
}

/**
 * The run's instances for one probed message at `g` of the shared run `shared` (JSON texts, the
 * page's `fixtures` first): an instance answering the page's messages, then one given the shared
 * run's calls before `g` (at most MOST_PADDING) and the probed message, each call that meets it
 * replaced (a notification by a progress notification, a request by one of `requests`, a method
 * the probed message does not have) and each under its id put under another, the id of a call
 * that does neither.
 */
export function probeInstances(shared: readonly string[], g: number, fixtures: number, requests: readonly ((id: unknown) => string)[]): string[][] {
  const probed = shared[g]!;
  const p = parse(probed);
  const pArgs = leaves(isObject(p) && isObject(p["params"]) ? p["params"]["arguments"] : undefined);
  const method = isObject(p) ? p["method"] : undefined;
  const request = requests.find((make) => (parse(make(0)) as Obj)["method"] !== method) ?? requests[0]!;
  const before = shared.slice(0, Math.min(g, MOST_PADDING)).map(parse);
  const ids = before.filter((m) => isObject(m) && Object.hasOwn(m, "id") && !sameId(m, p) && !meets(m, p, pArgs)).map((m) => (m as Obj)["id"]);
  let borrowed = 0;
  const otherId = (k: number): unknown => (ids.length ? ids[borrowed++ % ids.length] : 2_000_000_000 + k);
  const kept = (m: unknown, k: number): string => {
    if (meets(m, p, pArgs)) return isObject(m) && Object.hasOwn(m, "id") ? request(otherId(k)) : PADDING_NOTIFICATION;
    // The same call under another id: the page's initialize stays the first request.
    return sameId(m, p) ? JSON.stringify({ ...(m as Obj), id: otherId(k) }) : shared[k]!;
  };
  const calls = before.map(kept);
  const page = calls.slice(0, Math.min(fixtures, calls.length));
  return [...(page.length ? [page] : []), [...calls, probed]];
}

/**
 * Whether the message at `g` meets one of the page's calls (the first `fixtures` of `shared`),
 * which its probe then has to leave out, so that its run does not begin as the page's: a pack
 * probes a message that meets none where a rule has one.
 */
export function meetsThePage(shared: readonly string[], g: number, fixtures: number): boolean {
  const p = parse(shared[g]!);
  const pArgs = leaves(isObject(p) && isObject(p["params"]) ? p["params"]["arguments"] : undefined);
  return shared.slice(0, Math.min(g, fixtures)).some((m) => meets(parse(m), p, pArgs));
}
