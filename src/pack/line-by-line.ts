// A task whose one fixture call answers a whole list of lines (a serve loop over stdin's lines),
// read line by line when that call fails (issue 20: one mistake, one point). A serve without
// try/catch around JSON.parse throws on the page's not-JSON line, and its one call answered
// nothing: every line of its task was lost. The pack then runs it again (one run, only when the
// fixture call failed) on each line alone, and on the list without each one or two lines:
// - a line that reads one input line reads the answer to that line alone;
// - a line that reads every input line fails at the line that failed, and is charged to that
//   line's only when its reading of the list without the failed lines is the rules' reading of
//   the same list: the loop is right over the others (code that answers one line at a time and
//   throws on any list has no loop to be right, and loses them).
// No line failing alone, or every line, leaves the call the task's failure.
import type { CallOutcome } from "../runner/outcome.js";
import type { TaskFailure } from "../sandbox/protocol.js";
import { FailedCall } from "./failed-call.js";

/** The sets of lines the per-line run leaves out of the list, after each line alone: each line, then each two. */
export function leftOutSets(count: number): number[][] {
  const sets: number[][] = [];
  for (let i = 0; i < count; i++) {
    sets.push([i]);
    for (let j = i + 1; j < count; j++) sets.push([i, j]);
  }
  return sets;
}

/** The per-line run's inputs: each line alone, then the list without each set of leftOutSets. */
export function perLineInputs(lines: readonly string[]): string[][] {
  return [...lines.map((line) => [line]), ...leftOutSets(lines.length).map((out) => lines.filter((_, j) => !out.includes(j)))];
}

/**
 * The answer to each line alone, a FailedCall (naming the line) where that call failed; undefined
 * when the run gave nothing, or failed on every line or on none.
 */
export function answersAlone(calls: readonly CallOutcome[] | undefined, lines: readonly string[], named: (index: number, failure: TaskFailure) => TaskFailure): unknown[] | undefined {
  const alone = calls?.slice(0, lines.length);
  if (!alone || alone.length !== lines.length || alone.every((c) => !c.ok) || alone.every((c) => c.ok)) return undefined;
  return alone.map((c, i) => (c.ok ? c.value : new FailedCall(i, named(i, c.failure))));
}

/** The answers to the list without each set of lines, keyed by the set ("3", "3,5"); a call that failed has none. */
export function answersWithout(calls: readonly CallOutcome[] | undefined, lines: readonly string[]): Map<string, unknown> {
  const rest = (calls ?? []).slice(lines.length);
  return new Map(leftOutSets(lines.length).flatMap((out, k) => {
    const c = rest[k];
    return c?.ok ? [[out.join(","), c.value] as const] : [];
  }));
}

/** The lines but those whose own call failed, and the key of that set in answersWithout. */
export function withoutFailed(alone: readonly unknown[], lines: readonly string[]): { key: string; lines: string[] } {
  const failed = alone.flatMap((v, i) => (v instanceof FailedCall ? [i] : []));
  return { key: failed.join(","), lines: lines.filter((_, i) => !failed.includes(i)) };
}
