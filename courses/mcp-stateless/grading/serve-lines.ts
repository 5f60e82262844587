// serve's evidence lines when its one call on LINES failed on one or two lines (a JSON.parse
// without try/catch, a loop on the not-JSON line): read from its answer to each line alone
// (src/pack/line-by-line.ts; evidence/lines.ts LinesAlone), so that t4_parse_error_line reads its
// own line and the lines that read every line fail at the failed one, charged there only when
// serve's answer to LINES without the failed lines reads as the rules' answer to them does.
import { failedAsCase } from "../../../src/pack/failed-call.js";
import { answersAlone, answersWithout, failedKey } from "../../../src/pack/line-by-line.js";
import type { PackTask } from "../../../src/pack/types.js";
import type { WireRun } from "../../../src/sandbox/protocol.js";
import { anotherOfKind } from "../behaviour/line-kinds.js";
import { newServer, serveWith } from "../behaviour/model.js";
import { LINES } from "../course/fixtures.js";
import { evidenceOf, LinesAlone } from "../evidence/lines.js";
import { Missing } from "../evidence/reading.js";
import { sameLineCase } from "./message-case.js";
import { readRun } from "./outcomes.js";

/** Whether LINES' lines i and j take one branch of serve's loop (lines 3 and 7 are both blank). */
export const sameKind = (i: number, j: number): boolean => sameLineCase(LINES[i], [LINES[j]]);

/** serve's lines that read every fixture line. */
export const EVERY_LINE = ["t4_out_ids", "t4_log"];

/** serve's answers line by line, when its per-line run has them (one or two lines failing alone). */
export function servedAlone(task: PackTask, perLine: WireRun | undefined): LinesAlone | undefined {
  const alone = answersAlone(readRun(task, perLine), LINES);
  return alone ? new LinesAlone(alone) : undefined;
}

/**
 * The generated lists that hold a line of a failed fixture line's branch and fail at the same
 * place, where serve's call on LINES (`fixture`, the run the lines read) failed too: when it
 * answered, no fixture line failed, whatever the lines alone did (src/pack/failed-call.ts failedInBoth).
 */
export function excusedLines(task: PackTask, perLine: WireRun | undefined, fixture: WireRun | undefined): ReturnType<typeof failedAsCase> {
  const answered = readRun(task, fixture)?.[0]?.ok === true;
  return failedAsCase(LINES, answered ? [] : (readRun(task, perLine) ?? []).slice(0, LINES.length), sameLineCase);
}

const readOrUndefined = (key: string, value: unknown): string | undefined => {
  try { return evidenceOf("task4").find((l) => l.key === key)?.read(value); } catch (error) { if (error instanceof Missing) return undefined; throw error; }
};

/** Whether serve's line `key` reads the same over LINES without the failed lines (each another of its kind) as the rules' answer to them. */
export function rightOverOtherLines(task: PackTask, key: string, alone: LinesAlone, perLine: WireRun | undefined, seed: number): boolean {
  const rest = answersWithout(readRun(task, perLine), LINES, seed, anotherOfKind).get(failedKey(alone.answers));
  if (rest?.answer === undefined) return false;
  const a = readOrUndefined(key, rest.answer);
  return a !== undefined && a === readOrUndefined(key, serveWith(rest.lines, newServer()));
}
