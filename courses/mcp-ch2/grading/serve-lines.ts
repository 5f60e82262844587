// serve's evidence lines when its one call on LINES failed on one or two lines (outcomes.ts
// byLine, src/pack/line-by-line.ts): a line that counts every fixture line fails there too, and is
// charged to the line that reads the failed one (src/pack/failed-call.ts chargeFailedCalls) only
// when serve's loop is right over the others: its answer to LINES without the failed lines (each
// line another of its kind, behaviour/line-kinds.ts, so that no table of the page's lines answers
// it) reads as the rules' answer to the same lines does. Code that throws on the not-JSON line and also logs
// nothing shows two mistakes, and t3_log_count keeps its own.
import { ANSWER_KEY } from "../behaviour/key.js";
import type { EvidenceKey } from "../course/evidence-keys.js";
import { computeEvidence } from "../evidence/lines.js";
import { failedKey } from "../../../src/pack/line-by-line.js";
import { canonicalJson } from "../../../src/json/python-json.js";
import { LINES } from "../course/fixtures.js";

/** What the rules answer for these lines, or undefined where the answer key cannot say. */
function ruledAnswer(lines: readonly string[]): unknown {
  const handle = ANSWER_KEY.handle;
  if (!handle) return undefined;
  const messages: unknown[] = [];
  for (const line of lines) {
    try { messages.push(JSON.parse(line)); } catch { /* not a message: serve answers it itself */ }
  }
  let next = 0;
  return ANSWER_KEY.serveWith(lines, () => handle(messages[next++]));
}

/** Whether serve's line `key` reads the same over LINES without the failed lines (each another of its kind) as the rules' answer to them. */
export function rightOverOtherLines(key: string, byLine: readonly unknown[], without: ReadonlyMap<string, { lines: string[]; answer?: unknown }>): boolean {
  const rest = without.get(failedKey(byLine));
  const ruled = rest ? ruledAnswer(rest.lines) : undefined;
  if (rest?.answer === undefined || ruled === undefined) return false;
  const read = (result: unknown) => computeEvidence({ task: "task3", result })[key as EvidenceKey];
  const [a, b] = [read(rest.answer), read(ruled)];
  return a !== undefined && b !== undefined && "value" in a && "value" in b && a.value === b.value;
}

/**
 * A mistake in how serve writes its lines, seen in its answer to LINES without the failed lines:
 * an out line that is not json.dumps(..., separators=(",", ":"), sort_keys=True) of itself (keys
 * unsorted, spaces, text outside ASCII unescaped). What the line holds is handle's; how it is
 * written is serve's alone, so no mistake of task 2's shows here.
 */
export function unwrittenOverOtherLines(byLine: readonly unknown[], without: ReadonlyMap<string, { lines: string[]; answer?: unknown }>): string | undefined {
  const out = (without.get(failedKey(byLine))?.answer as { out?: unknown } | undefined)?.out;
  if (!Array.isArray(out)) return undefined;
  for (const line of out) {
    if (typeof line !== "string") continue;
    let parsed: unknown;
    try { parsed = JSON.parse(line); } catch { continue; }
    // Not quoted: the line holds an id made from the seed, and the message is the same on every run.
    if (line !== canonicalJson(parsed)) return `serve writes its out lines over the other lines otherwise than json.dumps(response, separators=(",", ":"), sort_keys=True) does (keys sorted at every level, no spaces, text outside ASCII escaped)`;
  }
  return undefined;
}
