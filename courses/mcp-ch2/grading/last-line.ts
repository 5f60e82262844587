// serve that never reads the last line of a list (a loop bound one short) fails every rule whose
// generated lists end in a line of that rule's kind, and the hints of all of them talk about
// something else (helper 76's serve-skips-last-line: 13/17 for one off-by-one; the page's last
// line is blank, so no evidence line shows it). Where serve's answers are the rules' answers to
// each list without its last line, in every check that failed, those checks are one mistake:
// charged once, by the first, whose message names it.
import type { CheckResult } from "../../../src/report/types.js";
import type { Expectation } from "../behaviour/expectation.js";
import type { ExpectOverride } from "../behaviour/judge.js";
import { expectedAnswers, type PlannedCheck } from "../behaviour/plan.js";
import { isObject } from "../evidence/reading.js";

/** Whether a line, read as serve reads it, puts an answer on out: not JSON, or a request (or not an object). */
function answered(line: string): boolean {
  try {
    const message = JSON.parse(line) as unknown;
    return !isObject(message) || Object.hasOwn(message, "id");
  } catch { return true; }
}

/** The rules' answer to a list without its last line, from their answer to the whole list. */
function withoutLast(expectation: Expectation | undefined, lines: unknown): Expectation | undefined {
  if (!expectation || expectation.kind !== "exact" || !Array.isArray(lines) || lines.length === 0 || !isObject(expectation.value)) return expectation;
  const last = lines[lines.length - 1];
  const { out, log } = expectation.value;
  if (typeof last !== "string" || last.trim() === "" || !Array.isArray(out) || !Array.isArray(log)) return expectation;
  const label = `line ${lines.length}`;
  return { kind: "exact", value: { out: answered(last) ? out.slice(0, -1) : out, log: log.filter((l) => l !== label) } };
}

/** The expectations of serve's checks as if each list lacked its last line. */
export function lastLineLeftOut(override: ExpectOverride | undefined): ExpectOverride {
  return (planned: PlannedCheck, index: number) => withoutLast(override ? override(planned, index) : expectedAnswers("task3", planned)[index], planned.inputs[index]);
}

/** `checks` with the failed ones that `again` (judged by lastLineLeftOut) passes charged to the first of them, where two or more are. */
export function chargeLastLineLeftOut(checks: readonly CheckResult[], again: readonly CheckResult[]): CheckResult[] {
  const passes = new Set(again.filter((c) => c.status === "pass").map((c) => c.name));
  const one = checks.filter((c) => c.status === "fail" && c.chargedTo === undefined && passes.has(c.name));
  if (one.length < 2) return [...checks];
  const first = one[0]!;
  const why = "serve never reads the last line of a list: on every list it got, its answer is the rules' answer to the list without its last line (look at the loop's bounds)";
  return checks.map((c) => (c === first ? { ...c, message: `${c.message ?? ""} ${why[0]!.toUpperCase()}${why.slice(1)}.`.trim() }
    : one.includes(c) ? { ...c, chargedTo: first.name, message: `${c.message ?? ""} One mistake (${why}), charged by ${first.name}; it costs nothing more here.`.trim() } : c));
}
