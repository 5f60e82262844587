// serve's evidence lines when its one call on LINES failed on one line (outcomes.ts byLine): a
// line that counts every fixture line fails there too, and is charged to the line that reads the
// failed one (src/pack/failed-call.ts chargeFailedCalls) only when it is right over the others.
// Code that throws on the not-JSON line and also logs nothing for a notification shows two
// mistakes: t3_log_count keeps its own.
import { ANSWER_KEY } from "../behaviour/key.js";
import { EVIDENCE_RULES, type EvidenceKey } from "../course/evidence-keys.js";
import { LINES } from "../course/fixtures.js";
import { computeEvidence } from "../evidence/lines.js";
import { FailedCall } from "../../../src/pack/failed-call.js";

/** What the rules answer for fixture line `index` alone, or undefined where the answer key cannot say. */
function ruledAnswer(index: number): unknown {
  const line = LINES[index]!;
  const handle = ANSWER_KEY.handle;
  if (!handle) return undefined;
  return ANSWER_KEY.serveWith([line], () => handle(JSON.parse(line)));
}

/** Whether serve's line `key` is right with each failed line's answer taken as the rules give it. */
export function rightOverOtherLines(key: string, byLine: readonly unknown[]): boolean {
  const filled = byLine.map((v, i) => (v instanceof FailedCall ? ruledAnswer(i) : v));
  if (filled.some((v) => v === undefined)) return false;
  const computed = computeEvidence({ task: "task3", result: null, byLine: filled })[key as EvidenceKey];
  return computed !== undefined && "value" in computed && computed.value === EVIDENCE_RULES[key as EvidenceKey].accepted;
}
