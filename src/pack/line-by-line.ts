// A task whose one fixture call answers a whole list of lines (a serve loop over stdin's lines),
// read line by line when that call fails (issue 20: one mistake, one point). A serve without
// try/catch around JSON.parse throws on the page's not-JSON line, and its one call answered
// nothing: every line of its task was lost. The pack then runs it again (one run, only when the
// fixture call failed) on each line alone, and on the list without each one or two lines (each
// line another of its kind, the pack's AnotherOfKind, or under a fresh id):
// - a line that reads one input line reads the answer to that line alone;
// - a line that reads every input line fails at the line that failed, and is charged to that
//   line's only when its reading of the list without the failed lines is the rules' reading of
//   the same list: the loop is right over the others (code that answers one line at a time and
//   throws on any list has no loop to be right, and loses them).
// No line failing alone, or every line, leaves the call the task's failure.
import type { CallOutcome } from "../runner/outcome.js";
import type { TaskFailure } from "../sandbox/protocol.js";
import type { CheckResult } from "../report/types.js";
import { chargeFailedCalls, FailedCall, sameFailure } from "./failed-call.js";
import { makeRandom, type Random } from "./random.js";

/** The sets of lines the per-line run leaves out of the list, after each line alone: each line, then each two. */
export function leftOutSets(count: number): number[][] {
  const sets: number[][] = [];
  for (let i = 0; i < count; i++) {
    sets.push([i]);
    for (let j = i + 1; j < count; j++) sets.push([i, j]);
  }
  return sets;
}

/**
 * The line with its message's id (when it has one that is not null) replaced by `id`, written as
 * the line was (the id's text swapped in place), or as JSON.stringify writes it where that fails.
 */
function withId(line: string, id: number): string {
  let message: unknown;
  try { message = JSON.parse(line); } catch { return line; }
  if (message === null || typeof message !== "object" || Array.isArray(message) || !Object.hasOwn(message, "id")) return line;
  const old = (message as { id: unknown }).id;
  if (old === null) return line;
  const swapped = line.replace(/("id"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)/, (_, key: string) => `${key}${id}`);
  try {
    const again = JSON.parse(swapped) as { id: unknown };
    if (again.id === id && JSON.stringify({ ...again, id: old }) === JSON.stringify(message)) return swapped;
  } catch { /* the first "id" was not the message's own */ }
  return JSON.stringify({ ...(message as object), id });
}

/**
 * Another line of a line's kind (a pack's): the same branch of its serve loop and of its handle's
 * dispatch, with other text where the rules leave the answer's shape alone (another query, client
 * name, notification, text that is not JSON), under a fresh id; undefined for the line itself
 * under a fresh id (withId). A table of the page's lines with any id answers only the latter.
 */
export type AnotherOfKind = (line: string, random: Random) => string | undefined;

/** Texts that are not JSON and begin as the pages' "{not json" does (which texts are not JSON is another rule's). */
export const NOT_JSON_LIKE_PAGE: readonly string[] = ["{", "{nope", "{not json at all", "{'id': 1}"];

type Message = Record<string, unknown>;

/**
 * An AnotherOfKind from a pack's makers, by the line's branch of a serve loop: a blank line stays
 * as it is (blanks are another rule's), a line that is not JSON becomes another such text, a
 * notification (no id) and a request go to the pack's makers, anything else stays itself.
 */
export function anotherOfKindBy(makers: { notification: (message: Message, random: Random) => string | undefined; request: (message: Message, random: Random) => string | undefined }): AnotherOfKind {
  return (line, random) => {
    if (line.trim() === "") return line;
    let message: unknown;
    try { message = JSON.parse(line); } catch { return random.pick(NOT_JSON_LIKE_PAGE); }
    if (message === null || typeof message !== "object" || Array.isArray(message)) return undefined;
    return Object.hasOwn(message, "id") ? makers.request(message as Message, random) : makers.notification(message as Message, random);
  };
}

// Made once per list, seed and pack: a batch grades every student with one seed.
const made = new Map<AnotherOfKind | undefined, Map<string, string[][]>>();

/**
 * The per-line run's inputs: each line alone, then the list without each set of leftOutSets,
 * each line in it another of its kind (`another`) or under a fresh id (from `seed`): a serve
 * that answers the page's lines and their sub-lists from a table has no answer to those, so the
 * loop's reading of the other lines is judged on inputs it has not seen.
 */
export function perLineInputs(lines: readonly string[], seed: number, another?: AnotherOfKind): string[][] {
  const key = `${seed}\0${lines.join("\0")}`;
  let kept = made.get(another);
  if (!kept) made.set(another, (kept = new Map()));
  let inputs = kept.get(key);
  if (!inputs) {
    const random = makeRandom((seed ^ 0x11ce) >>> 0);
    const fresh = (line: string): string => another?.(line, random) ?? withId(line, random.int(1000, 999_999));
    inputs = [...lines.map((line) => [line]), ...leftOutSets(lines.length).map((out) => lines.filter((_, j) => !out.includes(j)).map(fresh))];
    if (kept.size > 16) kept.clear();
    kept.set(key, inputs);
  }
  return inputs;
}

/**
 * The answer to each line alone, a FailedCall where that call failed, its failure `named` (by
 * default "For line N (text): …"); undefined when the run gave nothing, or failed on every line
 * or on none.
 */
export function answersAlone(
  calls: readonly CallOutcome[] | undefined, lines: readonly string[],
  named: (index: number, failure: TaskFailure) => TaskFailure = (i, f) => ({ ...f, message: `For line ${i + 1} (${JSON.stringify(lines[i])}): ${f.message}` }),
): unknown[] | undefined {
  const alone = calls?.slice(0, lines.length);
  if (!alone || alone.length !== lines.length || alone.every((c) => !c.ok) || alone.every((c) => c.ok)) return undefined;
  return alone.map((c, i) => (c.ok ? c.value : new FailedCall(i, named(i, c.failure))));
}

/** The lists without each set of lines (perLineInputs), keyed by the set ("3", "3,5"), and the answer to each where its call answered. */
export function answersWithout(calls: readonly CallOutcome[] | undefined, lines: readonly string[], seed: number, another?: AnotherOfKind): Map<string, { lines: string[]; answer?: unknown }> {
  const rest = (calls ?? []).slice(lines.length);
  const lists = perLineInputs(lines, seed, another).slice(lines.length);
  return new Map(leftOutSets(lines.length).map((out, k) => {
    const c = rest[k];
    return [out.join(","), { lines: lists[k]!, ...(c?.ok ? { answer: c.value } : {}) }] as const;
  }));
}

/** The key in answersWithout of the lines whose own call failed alone ("3", "3,5"). */
export const failedKey = (alone: readonly unknown[]): string => alone.flatMap((v, i) => (v instanceof FailedCall ? [i] : [])).join(",");

/**
 * A line's branch of a serve loop: blank, not JSON, JSON that is no object, a notification (no
 * id), or the message's own branch of the pack's dispatch (`messageCase`); undefined when the
 * pack's dispatch does not decide it.
 */
export function lineCase(line: unknown, messageCase: (message: unknown) => string | undefined): string | undefined {
  if (typeof line !== "string") return undefined;
  if (line.trim() === "") return "a blank line";
  let message: unknown;
  try { message = JSON.parse(line); } catch { return "a line that is not JSON"; }
  if (message === null || typeof message !== "object" || Array.isArray(message)) return "JSON that is no object";
  if (Object.hasOwn(message, "method") && !Object.hasOwn(message, "id")) return "a notification";
  return messageCase(message);
}

/**
 * Whether a list of lines holds a line of the fixture line's branch: a serve that throws on the
 * page's not-JSON line (a JSON.parse without try/catch) throws, at the same place, on every list
 * that holds one (failed-call.ts failedAsCase adds the same place).
 */
export const sameLineCase = (messageCase: (message: unknown) => string | undefined) => (fixtureLine: unknown, input: unknown): boolean => {
  const mine = lineCase(fixtureLine, messageCase);
  return mine !== undefined && Array.isArray(input) && input.some((line) => lineCase(line, messageCase) === mine);
};

/** Where a list of lines has its first line that is not JSON (blank lines are not), or -1. */
export const notJsonAt = (lines: readonly string[]): number => lines.findIndex((line) => { try { JSON.parse(line); return false; } catch { return line.trim() !== ""; } });

/** What else chargeLinesAlone weighs (each optional). */
export interface LinesAloneFacts {
  /** A second mistake the pack sees in the answers over the other lines. */
  hidden?: string;
  /** Whether two lines are of one kind (the same branch of the loop: two blank lines). */
  sameKind?: (i: number, j: number) => boolean;
  /**
   * Whether the code writes a line's kind right elsewhere (with other values: a pack's recount),
   * so that failed lines of such kinds failing at one place are one mistake (chargeFailedCalls).
   */
  branchAnswered?: (i: number) => boolean;
  /** Which mistake a line's failure is, when the pack tells several apart (chargeFailedCalls' mistakeOf). */
  mistakeOf?: (i: number) => string;
  /** How the pack knows (chargeFailedCalls' branchWhy). */
  branchWhy?: string;
}

/**
 * Charges the lines that read every line (`everyLine`) that fail at a failed line to that line's
 * (chargeFailedCalls), each only when it reads right over the other lines (`rightOf`); failed lines
 * of one kind (`sameKind`) that failed at one place are one mistake, paid for once. One more
 * stays: when a rule of the task fails on generated lists beyond the failed lines' branches (not
 * excused) and no such line is wrong on its own, that rule shows a second mistake the failed line
 * hid on the page (keys unsorted, blank lines not counted), and the first of them pays for it; so
 * does `hidden`, a second mistake the pack sees in the answers over the other lines.
 */
export function chargeLinesAlone(judged: { checks: CheckResult[]; extra?: CheckResult[] }, answers: readonly unknown[], everyLine: readonly string[], rightOf: (line: string) => boolean, facts: LinesAloneFacts = {}): void {
  const { hidden, sameKind, branchAnswered, mistakeOf, branchWhy } = facts;
  const rule = (judged.extra ?? []).find((c) => c.kind === "behaviour" && c.status === "fail" && c.chargedTo === undefined);
  // Each line's reading over the others, made once: chargeFailedCalls asks for it per check it meets.
  const readings = new Map(everyLine.map((line) => [line, rightOf(line)]));
  const right = (line: string): boolean => readings.get(line) === true;
  const second = rule ? `${rule.name} fails on generated lists that hold no such line` : hidden;
  const payer = second && everyLine.every(right) ? judged.checks.find((c) => everyLine.includes(c.name) && c.status === "fail" && c.chargedTo === undefined)?.name : undefined;
  const oneCause = sameKind && ((a: FailedCall, b: FailedCall): boolean => sameKind(a.index, b.index) && sameFailure(a.failure, b.failure));
  chargeFailedCalls(judged, answers, everyLine, (line) => line !== payer && right(line), { ...(oneCause ? { oneCause } : {}), ...(branchAnswered ? { branchAnswered: (f: FailedCall) => branchAnswered(f.index) } : {}), ...(mistakeOf ? { mistakeOf: (f: FailedCall) => mistakeOf(f.index) } : {}), ...(branchWhy ? { branchWhy } : {}) });
  if (!payer || !second) return;
  judged.checks = judged.checks.map((c) => (c.name === payer && c.chargedTo === undefined
    ? { ...c, message: `${c.message ?? ""} It is not charged there: ${second}, a mistake of its own, which this line pays for.`.trim() } : c));
}
