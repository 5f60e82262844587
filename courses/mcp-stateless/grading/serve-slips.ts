// One slip in how serve writes what it writes, which a fixture line shows and every list then
// shows again whatever its kind (a blank line logged, a notification's null written): the kinds'
// and the sessions' checks are not read through the line (line-slips.ts writes its value right and
// finds them still wrong), so the slip took task 4's points two or three times. Each check every
// failing list of which passes with the slip undone is charged to the line.
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isBlank = (line: unknown): boolean => typeof line === "string" && line.trim() === "";

/** serve's answer with its log or its output lines changed by `change`, or undefined where it is no {out, log}. */
function changed(outcome: Outcome | undefined, key: "out" | "log", change: (entries: unknown[]) => unknown[]): Outcome | undefined {
  if (!outcome?.ok || !isObject(outcome.value) || !Array.isArray(outcome.value[key])) return undefined;
  return { ...outcome, value: { ...outcome.value, [key]: change(outcome.value[key] as unknown[]) } };
}

/**
 * One slip in how serve writes what it writes, which a fixture line shows and every list then
 * shows again whatever its kind: each check every failing list of which passes with the slip
 * undone (`undo`) is charged to that line, where the line is wrong by the slip alone (`shows`).
 */
export interface ServeSlip {
  line: string;
  /** Whether the line's value is wrong by the slip alone (its value and the accepted one). */
  shows: (actual: string, accepted: string) => boolean;
  /** serve's answer to a list with the slip undone. */
  undo: (list: unknown, outcome: Outcome | undefined) => Outcome | undefined;
  says: string;
}

const blankEntries = (lines: readonly unknown[]): Set<string> => new Set(lines.flatMap((line, i) => (isBlank(line) ? [`line ${i + 1}`] : [])));

/**
 * Blank lines logged and still left unanswered (a log written before the blank test): helper
 * 99's serve-logs-blank-lines lost task 4's three points (t4_log, and the kinds' and sessions'
 * checks not read through it).
 */
export const BLANK_LINES_LOGGED = (fixture: readonly string[]): ServeSlip => ({
  line: "t4_log",
  shows: (actual, accepted) => actual.split(" | ").filter((e) => !blankEntries(fixture).has(e)).join(" | ") === accepted,
  undo: (list, outcome) => (Array.isArray(list) ? changed(outcome, "log", (log) => log.filter((e) => !blankEntries(list).has(e as string))) : undefined),
  says: "but for log entries of its blank lines",
});

/**
 * A notification's null written as the line "null" (every answer written): helper 99's
 * serve-writes-null-line lost t4_messages beside t4_out_ids. The line shows an output line that
 * is no message as "?".
 */
export const NULL_WRITTEN: ServeSlip = {
  line: "t4_out_ids",
  shows: (actual, accepted) => actual.split(",").filter((id) => id !== "?").join(",") === accepted,
  undo: (_list, outcome) => changed(outcome, "out", (out) => out.filter((l) => l !== "null")),
  says: "but for the line \"null\" written for a notification",
};

const PARSE_ERROR = -32700;
/** An out line that is a parse error with an id other than null, written with id null; any other line as it is. */
function withNullId(line: unknown): unknown {
  if (typeof line !== "string") return line;
  let message: unknown;
  try { message = JSON.parse(line); } catch { return line; }
  if (!isObject(message) || !isObject(message["error"]) || message["error"]["code"] !== PARSE_ERROR || message["id"] === null) return line;
  return JSON.stringify({ ...message, id: null });
}

/**
 * The parse error written with an id other than null (the line's number, say): helper 103's
 * m-serve-parse-error-id-line lost task 4's three points, every list with a line that is not JSON
 * showing it again.
 */
export const PARSE_ERROR_ID: ServeSlip = {
  line: "t4_parse_error_line",
  shows: (actual, accepted) => actual !== accepted && withNullId(actual) === accepted,
  undo: (_list, outcome) => changed(outcome, "out", (out) => out.map(withNullId)),
  says: "but for the parse error's id, which is null",
};

/** The checks with those that show `slip` again charged to its line (see ServeSlip). `fails(p, k, outcome)`: whether input k of p fails with that answer. */
export function chargeServeSlip(
  checks: CheckResult[], planned: readonly PlannedCheck[], outcomes: readonly (Outcome | undefined)[],
  fails: (p: PlannedCheck, k: number, outcome: Outcome | undefined) => boolean, lines: readonly CheckResult[], slip: ServeSlip,
): CheckResult[] {
  const line = lines.find((c) => c.name === slip.line);
  if (line?.status !== "fail" || line.chargedTo !== undefined || typeof line.actual !== "string" || typeof line.expected !== "string" || !slip.shows(line.actual, line.expected)) return checks;
  return checks.map((c) => {
    const p = planned.find((x) => x.check.id === c.name);
    if (!p || c.status !== "fail" || c.chargedTo !== undefined) return c;
    const failing = p.inputs.flatMap((_, k) => (fails(p, k, outcomes[p.offset + k]) ? [k] : []));
    if (!failing.length || failing.some((k) => fails(p, k, slip.undo(p.inputs[k], outcomes[p.offset + k])))) return c;
    return { ...c, chargedTo: line.name, message: `${c.message ?? ""}\nEvery list it failed is answered as the rules answer it ${slip.says}: ${line.name}'s mistake, and it costs nothing more here.` };
  });
}
