// serve's evidence lines when its one call on LINES failed on one or two lines (outcomes.ts
// byLine, src/pack/line-by-line.ts): a line that counts every fixture line fails there too, and is
// charged to the line that reads the failed one (src/pack/failed-call.ts chargeFailedCalls) only
// when serve's loop is right over the others: its answer to LINES without the failed lines (their
// messages under fresh ids, so that no table of the page's lines answers it) reads as the rules'
// answer to the same lines does. Code that throws on the not-JSON line and also logs
// nothing shows two mistakes, and t3_log_count keeps its own.
import { ANSWER_KEY } from "../behaviour/key.js";
import type { EvidenceKey } from "../course/evidence-keys.js";
import { computeEvidence } from "../evidence/lines.js";
import { failedInOwnFile, failedKey, shieldNote } from "../../../src/pack/line-by-line.js";
import { canonicalJson } from "../../../src/json/python-json.js";
import { failedAtSiteElsewhere } from "../../../src/pack/failed-call.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { planInputs } from "../behaviour/plan.js";
import { NOT_JSON_AT } from "../behaviour/task3-checks.js";
import { LINES } from "../course/fixtures.js";
import { TASK_FILES, TASKS } from "../course/tasks.js";
import { sameLineCase } from "./fixture-case.js";
import { readCalls } from "./outcomes.js";
import { FIXTURE_INPUTS, type TaskRuns } from "./request.js";

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

/** Whether serve's line `key` reads the same over LINES without the failed lines (under fresh ids) as the rules' answer to them. */
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

/** The rule of serve's five lines, whose lists are the page's lines of the same kinds (task3-checks.ts). */
const LINES_RULE = "t3_same_lines";

/**
 * When serve's not-JSON line failed alone: whether serve threw at that same place on a list of
 * the lines' rule that holds no line of a failed line's kind (src/pack/failed-call.ts
 * failedAtSiteElsewhere), said as the lines' note; undefined otherwise. An unguarded JSON.parse
 * throws only on such a line, so a throw there is a shield for lists the code has no answer for
 * (game-serve-sublist-any-id), and the lines that count every line are not charged to line 4's.
 */
export function shieldedThrow(runs: TaskRuns, reply: SandboxReply, perLine: readonly CallOutcome[] | undefined): string | undefined {
  const rule = runs.plan.find((p) => p.check.name === LINES_RULE);
  if (!rule || runs.generated === undefined || !perLine) return undefined;
  const calls = readCalls("task3", reply.runs[runs.generated], false);
  if (!calls) return undefined;
  const at = FIXTURE_INPUTS.task3.length + planInputs(runs.plan).offsets[runs.plan.indexOf(rule)]!;
  // Only serve's own throws and stalls: a stall is named by the function called, wherever it
  // looped, and handle's (in task2.ts) is task 2's to charge.
  const own = calls.slice(at, at + rule.inputs.length).map((c) => (c.ok || failedInOwnFile(c.failure, TASKS.task3.file, TASK_FILES) ? c : undefined));
  const shielded = failedAtSiteElsewhere(LINES, perLine.slice(0, LINES.length), NOT_JSON_AT, sameLineCase, rule.inputs, own);
  return shielded === undefined ? undefined : shieldNote(shielded);
}
