// serve's evidence lines when its one call on LINES failed on one line (outcomes.ts byLine): a
// line that counts every fixture line fails there too, and is charged to the line that reads the
// failed one (src/pack/failed-call.ts chargeFailedCalls) only when serve's loop is right over the
// other lines: its answer to LINES without that line, with the line's answer as the rules give it,
// reads as the rule says. Code that throws on the not-JSON line and also logs nothing shows two
// mistakes, and t3_log_count keeps its own; code that answers one line at a time and throws on
// any list has no loop to be right, and loses the count lines too.
import { ANSWER_KEY } from "../behaviour/key.js";
import { EVIDENCE_RULES, type EvidenceKey } from "../course/evidence-keys.js";
import { LINES } from "../course/fixtures.js";
import { computeEvidence } from "../evidence/lines.js";
import { FailedCall } from "../../../src/pack/failed-call.js";

/** What the rules answer for fixture line `index` alone, or undefined where the answer key cannot say. */
function ruledAnswer(index: number): { out: string[]; log: string[] } | undefined {
  const line = LINES[index]!;
  const handle = ANSWER_KEY.handle;
  if (!handle) return undefined;
  return ANSWER_KEY.serveWith([line], () => handle(JSON.parse(line)));
}

const isLists = (v: unknown): v is { out: string[]; log: string[] } => {
  const r = v as { out?: unknown; log?: unknown } | null;
  return r !== null && typeof r === "object" && [r.out, r.log].every((l) => Array.isArray(l) && l.every((x) => typeof x === "string"));
};

/**
 * Whether serve's line `key` is right over the fixture lines but those that failed alone (one or
 * two): `without` holds serve's answers to LINES without them, keyed "3" or "3,5".
 */
export function rightOverOtherLines(key: string, byLine: readonly unknown[], without: ReadonlyMap<string, unknown>): boolean {
  const failed = byLine.flatMap((v, i) => (v instanceof FailedCall ? [i] : []));
  const others = without.get(failed.join(","));
  const own = failed.map(ruledAnswer);
  if (!isLists(others) || own.some((o) => o === undefined)) return false;
  const lists = [others, ...(own as { out: string[]; log: string[] }[])];
  const computed = computeEvidence({ task: "task3", result: { out: lists.flatMap((l) => l.out), log: lists.flatMap((l) => l.log) } })[key as EvidenceKey];
  return computed !== undefined && "value" in computed && computed.value === EVIDENCE_RULES[key as EvidenceKey].accepted;
}
