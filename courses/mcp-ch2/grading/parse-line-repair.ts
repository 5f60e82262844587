// A slip in the Parse error line's value (its message, its id) reaches every generated list that
// holds a line that is not JSON, and serve's families read through t3_parse_error_line for
// that. They read through it only where it explains their failures: with the student's own Parse
// error line written right wherever it appears, a family that still fails has a mistake of its
// own (notThrough). Without this one slip in that line made every serve rule free
// (cheats-2026-12-05b slip-parse-line-serve-rules kept 16/17 skipping three of them).
// The same for a slip in how every line is written (JSON.stringify for dumps: keys unsorted, no
// escapes, one slip): with each output line written as the rules write its value, a family that
// still fails has a mistake of its own. Without this, a serve that also skipped the blank-line
// rule kept 16/17, the price of JSON.stringify alone (cheats-round-2026-12-06r
// ch2-serve-unsorted-slip, ch2-serve-lazy-parse-id-honest).
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";
import { isObject } from "../evidence/reading.js";
import { canonicalJson } from "../../../src/json/python-json.js";

const LINE = "t3_parse_error_line";
const line = EVIDENCE_LINES.find((l) => l.key === LINE)!;

/**
 * The student's Parse error line, as the fixture run wrote it, where its value is not the rule's
 * and it is written as the rules write JSON: a slip in the constant, which reaches Parse error
 * lines only. A line written otherwise (keys unsorted, spaces, escapes) shows a slip in how every
 * line is written, which writtenRight undoes first.
 */
export function slippedParseLine(fixtureResult: unknown): string | undefined {
  let text: string;
  let value: unknown;
  try {
    text = line.compute({ task: "task3", result: fixtureResult });
    value = JSON.parse(text) as unknown;
  } catch { return undefined; }
  return text !== line.accepted && isObject(value) && canonicalJson(value) === text ? text : undefined;
}

/** serve's outcomes with `repair` applied to each output line. */
function withOutLines(calls: readonly CallOutcome[], repair: (line: unknown) => unknown): CallOutcome[] {
  return calls.map((c) => {
    if (!c.ok || !isObject(c.value) || !Array.isArray(c.value["out"])) return c;
    return { ...c, value: { ...c.value, out: c.value["out"].map(repair) } };
  });
}

// A line that is JSON, written as the rules write its value; any other as it is.
function canonical(line: unknown): unknown {
  if (typeof line !== "string") return line;
  try { return canonicalJson(JSON.parse(line)); } catch { return line; }
}

/**
 * serve's outcomes (the fixture run's first) with the slips the Parse error line shows undone: in
 * how it is written (every output line then written as the rules write its value), in its value
 * (the constant), and whether that line is then right; undefined when it shows neither. A writing
 * slip the line does not show (escapes, where the page's lines hold nothing outside ASCII) is no
 * line's to explain, and stays.
 */
export function writtenRight(calls: readonly CallOutcome[]): { calls: CallOutcome[]; lineRight: boolean } | undefined {
  const fixture = calls[0];
  const asWritten = fixture?.ok ? computed(fixture.value) : undefined;
  const showsWriting = asWritten !== undefined && canonical(asWritten) !== asWritten;
  const written = showsWriting ? withOutLines(calls, canonical) : [...calls];
  const slipped = written[0]?.ok ? slippedParseLine(written[0].value) : undefined;
  if (!showsWriting && slipped === undefined) return undefined;
  const repaired = slipped === undefined ? written : withOutLines(written, (l) => (l === slipped ? line.accepted : l));
  const first = repaired[0];
  return { calls: repaired, lineRight: first?.ok === true && computed(first.value) === line.accepted };
}

function computed(fixtureResult: unknown): string | undefined {
  try { return line.compute({ task: "task3", result: fixtureResult }); } catch { return undefined; }
}

/**
 * The failed checks that fail again with the lines written right: not read through the checks
 * that the slip alone failed (those that pass with it undone), nor through the Parse error line
 * when the repair made it right.
 */
export function markOwnOverRepair(checks: readonly CheckResult[], again: readonly CheckResult[], lineRight: boolean): CheckResult[] {
  const failsAgain = new Set(again.filter((c) => c.status === "fail").map((c) => c.name));
  const bySlip = checks.filter((c) => c.status === "fail" && again.some((a) => a.name === c.name && a.status === "pass")).map((c) => c.name);
  const slips = lineRight ? [LINE, ...bySlip] : bySlip;
  return checks.map((c) => (c.status === "fail" && failsAgain.has(c.name) && slips.length ? { ...c, notThrough: [...(c.notThrough ?? []), ...slips] } : c));
}
