// What handle is sent before a probed message in the count probe (counted-calls.ts). Padding the
// shared run's count with calls of the grader's own told the probe apart: a run that opened with a
// notification, whose first request was not the page's, made of one message repeated, or a fresh
// context's first instance (cheats-2026-12-06c: latches on each, 16/17 and 40/41). So the probed
// instance gets the shared run's own calls before the probed message, the page's first, in a
// context where an instance has answered the page's messages already, as the shared run's did.
// Only the calls that meet the probed message are left out, each replaced by a call that changes
// nothing a student keeps: its method's, which an honest memo or record could answer it from or
// change its answer with (a cache by request, by tool name or by one argument, a schema's required
// list emptied in place: state-mistakes-2026-12-06 memo-tool-name and required-alias cost more
// while only calls with the same params or an argument value in common were); a call under the
// probed message's id goes under another (a memo by id). A rule that fails there too was broken
// by the calls before it that did not concern it: by their number or their kinds, not by state.
import { MOST_PADDING, PADDING_NOTIFICATION } from "./counted-calls.js";

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const parse = (text: string): unknown => { try { return JSON.parse(text) as unknown; } catch { return undefined; } };
const sorted = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (isObject(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x)) ?? "undefined";

const sameId = (m: unknown, p: unknown): boolean => isObject(m) && isObject(p) && Object.hasOwn(m, "id") && Object.hasOwn(p, "id") && sorted(m["id"]) === sorted(p["id"]);

/**
 * Whether `m` is a call honest state could answer `p` from, or change what it answers `p` with, but
 * for its id: a call of the same method (a cache by method, by tool name, by one argument, a
 * request's parts written into a module-level object) or a notification of the same kind. Calls
 * of other methods are kept: what a counter or a latch sees of the run.
 */
function meets(m: unknown, p: unknown): boolean {
  if (!isObject(m) || !isObject(p)) return sorted(m) === sorted(p);
  return sorted(m["method"]) === sorted(p["method"]);
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
  const method = isObject(p) ? p["method"] : undefined;
  const request = requests.find((make) => (parse(make(0)) as Obj)["method"] !== method) ?? requests[0]!;
  const before = shared.slice(0, Math.min(g, MOST_PADDING)).map(parse);
  const ids = before.filter((m) => isObject(m) && Object.hasOwn(m, "id") && !sameId(m, p) && !meets(m, p)).map((m) => (m as Obj)["id"]);
  let borrowed = 0;
  const otherId = (k: number): unknown => (ids.length ? ids[borrowed++ % ids.length] : 2_000_000_000 + k);
  const kept = (m: unknown, k: number): string => {
    if (meets(m, p)) return isObject(m) && Object.hasOwn(m, "id") ? request(otherId(k)) : PADDING_NOTIFICATION;
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
  return shared.slice(0, Math.min(g, fixtures)).some((m) => meets(parse(m), p));
}
