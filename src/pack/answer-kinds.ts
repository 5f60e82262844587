// The kind of an answer, and which of the page's requests a line reads (issue 20: no points
// without the work). A rule family reads through the page's lines (score.ts `through`): while one
// fails, the family's failure may be that line's one mistake. But one slip shows only where the code
// takes the slipped path, and the kind of answer it writes (an error, a tool's error result, a
// method's result) is that path's mark: a line whose request got one kind of answer does not
// explain a family's failing request that got another (the packs' grading/path-free.ts).
import type { CheckResult } from "../report/types.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The kind of an answer: none, an error (by its code), a tool's error result, or the result of the message's method (one that asks for more apart). */
export function kindOf(answer: unknown, message: unknown): string {
  if (!isObject(answer)) return "none";
  // An error by its code, written as a number or not (a code written as a string is a slip in
  // writing errors, seen as such by the answers' shapes).
  if (isObject(answer["error"])) { const code = Number(answer["error"]["code"]); return Number.isInteger(code) ? `error ${code}` : "error"; }
  const result = answer["result"];
  if (isObject(result) && result["isError"] === true) return "tool error";
  // A result that asks for more (the 2026-07-28 multi round-trip's input_required) is another kind
  // of answer than one that completes the call.
  const more = isObject(result) && (result["resultType"] === "input_required" || Object.hasOwn(result, "inputRequests")) ? " (input_required)" : "";
  return `result of ${String(isObject(message) ? message["method"] : "")}${more}`;
}

const THREW = Symbol("threw");

/**
 * The indices of the page's requests a line reads: those whose answer, made another, changes what
 * the line reads from the rules' answers. Empty for a line that reads more than two (every answer's
 * envelope) or a notification's: such a line has no one path.
 */
export function requestsRead(read: (answers: unknown[]) => string, messages: readonly unknown[], answers: readonly unknown[]): number[] {
  const readOr = (values: unknown[]): string | typeof THREW => { try { return read(values); } catch { return THREW; } };
  const base = readOr([...answers]);
  const reads = messages.flatMap((m, i) => {
    const other = [...answers];
    other[i] = { jsonrpc: "2.0", id: isObject(m) && Object.hasOwn(m, "id") ? m["id"] : null, result: { content: [] } };
    return readOr(other) === base ? [] : [i];
  });
  return reads.length > 0 && reads.length <= 2 && reads.every((i) => isObject(messages[i]) && Object.hasOwn(messages[i] as object, "id")) ? reads : [];
}

/** One failing call as the kinds see it. */
export interface KindPair {
  /** The kind of the rules' answer. */
  rules: string;
  /** The kind of the code's answer; undefined where it threw. */
  code?: string;
  /** Where the code's answer has another shape than the rules' (a key missing or added, a list for an object): its paths. */
  reshaped?: readonly string[];
  /** The code's answer is the rules' but for its id: a mistake in ids alone. */
  idOnly?: boolean;
  /** Where a value the rules' answer has is written otherwise, at a path both answers have: "path=value" (the code's). */
  slips?: readonly string[];
  /** Of those, each text the code wrote in place of the rules' (the rules' first). */
  texts?: readonly (readonly [string, string])[];
}

// The values written otherwise at paths both answers have, with the code's value.
function slipsAt(a: unknown, b: unknown, at = "", out: string[] = []): string[] {
  if (Array.isArray(a) && Array.isArray(b)) a.forEach((x, i) => (i < b.length ? slipsAt(x, b[i], `${at}/*`, out) : undefined));
  else if (isObject(a) && isObject(b)) { for (const k of Object.keys(a)) if (Object.hasOwn(b, k)) slipsAt(a[k], b[k], `${at}/${k}`, out); }
  else if (!isObject(a) && !Array.isArray(a) && !isObject(b) && !Array.isArray(b) && !Object.is(a, b)) out.push(`${at}=${JSON.stringify(b)}`);
  return out;
}
// JSON data alike, key order aside.
const sameData = (a: unknown, b: unknown): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (isObject(a) && isObject(b)) { const keys = Object.keys(a); return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k])); }
  return Object.is(a, b);
};

const typeOf = (v: unknown): string => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);

// Where two answers differ in shape (values aside): a key on one side only, another type.
function reshapedAt(a: unknown, b: unknown, at = "", out: string[] = []): string[] {
  if (typeOf(a) !== typeOf(b)) out.push(at);
  else if (Array.isArray(a) && Array.isArray(b)) a.forEach((x, i) => (i < b.length ? reshapedAt(x, b[i], `${at}/*`, out) : undefined));
  else if (isObject(a) && isObject(b)) for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (Object.hasOwn(a, k) && Object.hasOwn(b, k)) reshapedAt(a[k], b[k], `${at}/${k}`, out);
    else out.push(`${at}/${k}`);
  }
  return out;
}

// The texts written otherwise at paths both answers have: [the rules', the code's].
function textsAt(a: unknown, b: unknown, out: [string, string][] = []): [string, string][] {
  if (Array.isArray(a) && Array.isArray(b)) a.forEach((x, i) => (i < b.length ? textsAt(x, b[i], out) : undefined));
  else if (isObject(a) && isObject(b)) { for (const k of Object.keys(a)) if (Object.hasOwn(b, k)) textsAt(a[k], b[k], out); }
  else if (typeof a === "string" && typeof b === "string" && a !== b) out.push([a, b]);
  return out;
}

// Whether the code's text says something of what the rules' says (a word of it): a validator's
// message added to a refusal, or a validator given the wrong arguments, still names what it
// refuses; a one-text validator's "invalid arguments" names nothing.
/** A text's words, lower-cased. */
export const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
const sharesWords = (rules: string, code: string): boolean => { const have = new Set(words(code)); return words(rules).some((w) => have.has(w)); };

/** One failing call's kinds: the rules' answer and the code's (absent where it threw). */
export function pairOf(rules: unknown, code: { value: unknown } | undefined, message: unknown): KindPair {
  if (!code) return { rules: kindOf(rules, message) };
  const reshaped = reshapedAt(rules, code.value);
  const idOnly = isObject(rules) && isObject(code.value) && sameData({ ...code.value, id: rules["id"] }, rules);
  const slips = slipsAt(rules, code.value);
  const texts = textsAt(rules, code.value);
  return { rules: kindOf(rules, message), code: kindOf(code.value, message), ...(reshaped.length ? { reshaped } : {}), ...(idOnly ? { idOnly } : {}), ...(slips.length ? { slips } : {}), ...(texts.length ? { texts } : {}) };
}

// Any method's result: a slip in deciding that a request gets a result, or gets refused, shows
// whatever the method (a version checked once lets every later method through).
const coarse = (kind: string): string => (kind.startsWith("result of ") ? "result" : kind);
// How a kind is written, its code aside: one slip in writing errors (a name's quoting) shows in
// every code.
const written = (kind: string): string => (kind.startsWith("error ") ? "error" : kind);

/**
 * Whether a failing line's (or rule's) call `by` explains the failing call `p`. Where the code
 * answered `p` with another kind than the rules (an error's code counts), only a call where the
 * rules give the same kind (any method's result alike) and the code answered another too: no slip
 * inside a result turns a refusal into a search, but a version checked once answers an old
 * version's unknown method with -32601 as it answers tools/list with its result. Otherwise, where
 * the code's answer at `by` is the rules' kind with another shape (a list for an object, a key
 * left out, an id's type), the slip is in how answers are built, and shows in `p` only as the same
 * reshape (a field only results carry explains no refusal; where every answer is reshaped alike,
 * src/grading/one-slip.ts undoes the slip and judges the code again, so that a lazy handle's
 * mistakes stay its own); else a call the code answered with the same kind: a wrong text inside a search
 * never changes a refusal's messages, but a validator's slip that refuses a valid call also adds
 * its message to a refusal, which still names what it refuses (a one-text validator's "invalid
 * arguments" names nothing; an unknown tool answered as a tool error explains no refusal's messages), and a retry's answers read from the wrong place ask again where the rules complete
 * and complete otherwise where they complete too, the same method's (a cancel asked again
 * explains no jsonrpc copied into a tools/list result). Where the code threw, the rules' kinds alone.
 */
export function explains(by: KindPair, p: KindPair): boolean {
  if (by.code === undefined || p.code === undefined) return by.rules === p.rules;
  if (p.code !== p.rules) return by.code !== by.rules && coarse(by.rules) === coarse(p.rules);
  if (by.code !== by.rules) return (written(by.code) === written(p.code) && coarse(by.rules) === "result" && (p.texts ?? []).every(([r, c]) => sharesWords(r, c))) || by.rules === p.rules;
  // The same value written at the same place in both, whatever their kinds: a slip in a helper
  // that writes every result, a tool's error result included (resultType "completed").
  if (by.slips?.some((slip) => p.slips?.includes(slip) === true)) return true;
  if (by.reshaped) return by.reshaped.some((at) => p.reshaped?.includes(at) === true);
  return written(by.code) === written(p.code);
}

/**
 * A failing check that may carry a family's mistake, with its failing calls' kinds. `ids`: a check
 * that judges only the answers' ids (and that there is one): it explains only a failing call whose
 * answer is the rules' but for its id, or that got none (or threw: its id unseen). `kinds`: a
 * family's, the kinds of the rules' answers to all its inputs.
 */
export interface KindPath { name: string; pairs: readonly KindPair[]; ids?: boolean; kinds?: ReadonlySet<string> }

/** A failing family: its failing calls' kinds, and the kinds of the rules' answers to all its inputs. */
export interface KindFailure { pairs: readonly KindPair[]; kinds: ReadonlySet<string> }

/**
 * The checks with each failing family marked not read through the failing paths it reads through
 * (`through`) when one of its failing calls none of them explains (CheckResult.notThrough).
 * `paths`: the failing lines that read one or two of the page's requests and their rules, the
 * checks a pack names (an ids check, a fresh server's data), and failing families. A family is a
 * path to another only where the rules answer the two with no kind in common (the valid calls'
 * searches to the argument rules' refusals); where they share one, one slip may show as another
 * kind in each (null taken for absent refuses a null required field with the wrong message and
 * searches with a null limit), and the policy's reading stands.
 */
export function markKindPaths<C extends CheckResult>(
  checks: readonly C[], paths: readonly KindPath[], failing: ReadonlyMap<string, KindFailure>, through: (name: string) => readonly string[],
): C[] {
  const own = (c: C | undefined): boolean => c?.status === "fail" && c.chargedTo === undefined;
  const apart = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => ![...a].some((k) => b.has(k));
  return checks.map((c) => {
    const mine = own(c) ? failing.get(c.name) : undefined;
    if (!mine) return c;
    const reads = new Set(through(c.name));
    const read = paths.filter((p) => p.name !== c.name && reads.has(p.name) && (!p.kinds || apart(p.kinds, mine.kinds)));
    const explained = (p: KindPair): boolean => read.some((o) => (o.ids ? p.code === undefined || p.code === "none" || p.idOnly === true : o.pairs.some((by) => explains(by, p))));
    if (!read.length || mine.pairs.every(explained)) return c;
    const free = read.map((o) => o.name).filter((name) => !(c.notThrough ?? []).includes(name));
    return free.length ? { ...c, notThrough: [...(c.notThrough ?? []), ...free] } : c;
  });
}
