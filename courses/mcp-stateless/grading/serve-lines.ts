// serve's evidence lines when its one call on LINES failed on one or two lines (a JSON.parse
// without try/catch, a loop on the not-JSON line): read from its answer to each line alone
// (src/pack/line-by-line.ts; evidence/lines.ts LinesAlone), so that t4_parse_error_line reads its
// own line and the lines that read every line fail at the failed one, charged there only when
// serve's answer to LINES without the failed lines reads as the rules' answer to them does.
import { failedAsCase, failedAtSiteElsewhere } from "../../../src/pack/failed-call.js";
import { answersAlone, answersWithout, failedInOwnFile, failedKey, notJsonAt, shieldNote } from "../../../src/pack/line-by-line.js";
import type { PackTask } from "../../../src/pack/types.js";
import type { WireRun } from "../../../src/sandbox/protocol.js";
import { anotherOfKind } from "../behaviour/line-kinds.js";
import { newServer, serveWith } from "../behaviour/model.js";
import { LINES } from "../course/fixtures.js";
import { evidenceOf, LinesAlone } from "../evidence/lines.js";
import { Missing } from "../evidence/reading.js";
import { sameLineCase } from "./message-case.js";
import { readRun } from "./outcomes.js";
import { FIXTURE_INPUTS, TASK_FILES, type TaskRuns } from "./plan.js";

/** serve's lines that read every fixture line. */
export const EVERY_LINE = ["t4_out_ids", "t4_log"];

/** serve's answers line by line, when its per-line run has them (one or two lines failing alone). */
export function servedAlone(task: PackTask, perLine: WireRun | undefined): LinesAlone | undefined {
  const alone = answersAlone(readRun(task, perLine), LINES);
  return alone ? new LinesAlone(alone) : undefined;
}

/** The generated lists that hold a line of a failed fixture line's branch and fail at the same place. */
export function excusedLines(task: PackTask, perLine: WireRun | undefined): ReturnType<typeof failedAsCase> {
  return failedAsCase(LINES, (readRun(task, perLine) ?? []).slice(0, LINES.length), sameLineCase);
}

const readOrUndefined = (key: string, value: unknown): string | undefined => {
  try { return evidenceOf("task4").find((l) => l.key === key)?.read(value); } catch (error) { if (error instanceof Missing) return undefined; throw error; }
};

/** Whether serve's line `key` reads the same over LINES without the failed lines (under fresh ids) as the rules' answer to them. */
export function rightOverOtherLines(task: PackTask, key: string, alone: LinesAlone, perLine: WireRun | undefined, seed: number): boolean {
  const rest = answersWithout(readRun(task, perLine), LINES, seed, anotherOfKind).get(failedKey(alone.answers));
  if (rest?.answer === undefined) return false;
  const a = readOrUndefined(key, rest.answer);
  return a !== undefined && a === readOrUndefined(key, serveWith(rest.lines, newServer()));
}

/**
 * When serve's not-JSON line failed alone: whether serve threw at that same place, in its own
 * file, on a generated list of any of its rules that holds no line of a failed line's branch
 * (src/pack/failed-call.ts failedAtSiteElsewhere), said as the lines' note; undefined otherwise.
 * An unguarded JSON.parse throws only on such a line, so a throw there is a shield for lists the
 * code has no answer for (game-serve-sublist-any-id), and the lines that count every line are
 * not charged to line 4's. Chapter 2 adds a list for this to one rule; here no list is added (one
 * more changed what a handle that keeps state answers in the oracle's replay).
 */
export function shieldedThrow(task: PackTask, runs: TaskRuns, perLine: WireRun | undefined, generated: WireRun | undefined): string | undefined {
  const calls = readRun(task, generated);
  const alone = readRun(task, perLine);
  if (!calls || !alone) return undefined;
  const own = calls.slice(FIXTURE_INPUTS.task4.length).map((c) => (c.ok || failedInOwnFile(c.failure, task.file, TASK_FILES) ? c : undefined));
  const shielded = failedAtSiteElsewhere(LINES, alone.slice(0, LINES.length), notJsonAt(LINES), sameLineCase, runs.checks.flatMap((p) => p.inputs), own);
  return shielded === undefined ? undefined : shieldNote(shielded);
}
