// One mistake, one point, for serve's lines (issue 20). Serve's five evidence lines read two
// things that are not serve's own rule alone:
// - the line format: a serve that pretty-prints, or puts spaces after , and :, gets three lines
//   wrong for one mistake. The first line that shows the format keeps the charge; a later line
//   whose value is right once every out line is written canonically reads through it;
// - handle's answers: serve writes what handle returned, so a handle that answers a notification
//   makes serve's out count 5. A line whose value is what the chapter's serve writes for the
//   student's own handle's answers to LINES' messages (in handle's fixture run) is right for
//   serve's own code, and is charged to the task 2 check that failed. When no task 2 check
//   failed, the line costs as it would have.
// Such a line stays failed (the evidence file is what the runner prints); `chargedTo` names the
// check that charges its mistake, and the score counts it there only (src/pack/score.ts).
import { canonicalJson } from "../../../src/json/python-json.js";
import type { CheckResult } from "../../../src/report/types.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { LINES, MESSAGES } from "../course/fixtures.js";
import { deepEqual } from "../evidence/reading.js";
import { TASK3_LINES } from "../evidence/task3-lines.js";

/**
 * What the chapter's serve returns on LINES (or the first of them) with the student's handle's
 * answers to the same messages in its fixture run (LINES holds four of task 2's MESSAGES, in their
 * order); undefined when a message of the lines is not one of them, or the key cannot tell.
 */
export function serveWithOwnHandle(responses: readonly unknown[], lines: readonly string[] = LINES): unknown {
  return ANSWER_KEY.serveWith(lines, (() => {
    const messages = lines.flatMap((line) => { try { return [JSON.parse(line) as unknown]; } catch { return []; } });
    let next = 0;
    return () => {
      const at = MESSAGES.findIndex((m) => deepEqual(m, messages[next]));
      next += 1;
      return at >= 0 ? responses[at] : undefined;
    };
  })());
}

type Line = (typeof TASK3_LINES)[number];

function valueOf(line: Line, result: unknown): string | undefined {
  try { return line.compute({ task: "task3", result }); } catch { return undefined; }
}

/** serve's result with every out line that is JSON written as the chapter's runner writes it. */
function canonicalised(result: unknown): unknown {
  if (result === null || typeof result !== "object") return result;
  const out = (result as { out?: unknown }).out;
  if (!Array.isArray(out)) return result;
  return {
    ...(result as object),
    out: out.map((line: unknown) => {
      if (typeof line !== "string") return line;
      try { return canonicalJson(JSON.parse(line)); } catch { return line; }
    }),
  };
}

export interface ReadThrough {
  /** What serve returned on LINES. */
  result: unknown;
  /** What the chapter's serve returns on LINES with the student's handle's answers, when known. */
  withOwnHandle?: unknown;
  /** A failed check of task 2 (its evidence lines first), when there is one. */
  task2Failure?: string;
}

/** Task 3's checks with the lines that only read through an already-charged mistake marked `chargedTo`. */
export function chargeReadThrough(checks: readonly CheckResult[], input: ReadThrough): CheckResult[] {
  const canonical = canonicalised(input.result);
  let formatLine: string | undefined;
  return checks.map((check) => {
    const line = TASK3_LINES.find((l) => l.key === check.name);
    if (!line || check.status !== "fail" || check.chargedTo !== undefined) return check;
    const written = valueOf(line, canonical);
    if (written === line.accepted) {
      // Wrong only in the format: the first such line charges it.
      if (formatLine === undefined) { formatLine = line.key; return check; }
      return { ...check, chargedTo: formatLine, message: `${check.message ?? ""} Written canonically the line would be right: the format is the mistake, charged by ${formatLine}; it costs nothing more here.` };
    }
    const own = input.withOwnHandle === undefined ? undefined : valueOf(line, input.withOwnHandle);
    if (own === undefined || written !== own || input.task2Failure === undefined) return check;
    // Handle's mistake and the format's in one line: it charges the format when no line before did.
    if (check.actual !== written && formatLine === undefined) { formatLine = line.key; return check; }
    return { ...check, chargedTo: input.task2Failure, message: `${check.message ?? ""} It is what serve writes for your handle's answers to these lines: handle's mistake (task2.ts), charged by ${input.task2Failure}; it costs task 3 nothing more.` };
  });
}
