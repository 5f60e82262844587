// A slip in the Parse error line's value (its message, its id) reaches every generated list that
// holds a line that is not JSON, and serve's families read through t3_parse_error_line for
// that. They read through it only where it explains their failures: with the student's own Parse
// error line written right wherever it appears, a family that still fails has a mistake of its
// own (notThrough). Without this one slip in that line made every serve rule free
// (cheats-2026-12-05b slip-parse-line-serve-rules kept 16/17 skipping three of them).
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
 * line is written: the families read through it.
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

/** serve's outcomes with that line written right wherever it was written. */
export function withParseLineRight(calls: readonly CallOutcome[], slipped: string): CallOutcome[] {
  return calls.map((c) => {
    if (!c.ok || !isObject(c.value) || !Array.isArray(c.value["out"])) return c;
    const out = c.value["out"].map((l: unknown) => (l === slipped ? line.accepted : l));
    return { ...c, value: { ...c.value, out } };
  });
}

/**
 * The failed checks that fail again with the line right: not read through it, nor through the
 * checks that the line's slip alone failed (those that pass with it right).
 */
export function markOwnOverParseLine(checks: readonly CheckResult[], again: readonly CheckResult[]): CheckResult[] {
  const failsAgain = new Set(again.filter((c) => c.status === "fail").map((c) => c.name));
  const bySlip = checks.filter((c) => c.status === "fail" && again.some((a) => a.name === c.name && a.status === "pass")).map((c) => c.name);
  return checks.map((c) => (c.status === "fail" && failsAgain.has(c.name) ? { ...c, notThrough: [...(c.notThrough ?? []), LINE, ...bySlip] } : c));
}
