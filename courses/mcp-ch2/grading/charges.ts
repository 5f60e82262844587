// One mistake, one point, across the chapter's tasks (issue 20): after every task is judged (and
// two lines of one task that read one mistake are charged once: same-mistake.ts), the
// checks that only read through another task's mistake are charged to the check that charges it
// there (CheckResult.chargedTo): handle's checks through toMcp's tool (read-through-tool.ts),
// serve's lines through handle's answers and through their own format (read-through.ts).
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { accepts } from "../behaviour/expectation.js";
import { MESSAGES } from "../course/fixtures.js";
import { MCP_TOOL } from "../course/protocol.js";
import { isObject } from "../evidence/reading.js";
import { chargeNullsToPresence, chargeNullToFalsySkip } from "./presence.js";
import { chargeTypeMessages } from "./type-messages.js";
import { chargeDecoratedMessages } from "./decorated-messages.js";
import { ARGUMENT_FAMILIES } from "../course/score-policy.js";
import { chargeReadThrough, serveWithOwnHandle } from "./read-through.js";
import { asTool } from "./read-through-tool.js";
import { chargeNotRefused, chargeRefusalAsError } from "./refusal-charges.js";
import { chargeNullIdToIds } from "./id-charges.js";
import { chargeContentShape, chargeFoundText, chargeMissingKeyRules, chargeMissingKeys, chargeServeLeftOut } from "./same-mistake.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";
import { chargingCheck, resolveCharges } from "../../../src/pack/charges.js";
import { chargeFailedCalls, type FailedCall } from "../../../src/pack/failed-call.js";
import { rightOverOtherLines, unwrittenOverOtherLines } from "./serve-lines.js";
import type { OtherShapes } from "./other-shapes.js";
import { chargeLinesAlone } from "../../../src/pack/line-by-line.js";

/** handle's line that reads every answer: it counts them. */
const EVERY_ANSWER = ["t2_responses"];
/** serve's lines that read every fixture line. */
const SERVE_EVERY_LINE = ["t3_out_count", "t3_log_count", "t3_no_embedded_newline"];

/** What the fixture runs showed, as pack.ts's judge reads them. */
export interface FixtureFacts {
  /** What toMcp returned for the chapter's tool. */
  toMcp?: { result: unknown };
  /** handle's answers to MESSAGES, and whether its module loaded task1.ts. */
  handle?: { responses: readonly unknown[]; loadsToMcp: boolean; branchAnswered?: (f: FailedCall) => boolean };
  /** What serve returned on LINES, and whether its module loaded task2.ts. */
  serve?: { result: unknown; loadsHandle: boolean };
  /** When serve's call on LINES failed: what it returned on each line alone, and on LINES without one or two lines (outcomes.ts). */
  serveLines?: { byLine: readonly unknown[]; without: ReadonlyMap<string, { lines: string[]; answer?: unknown }>; otherShapes?: OtherShapes };
}

const all = (j: TaskJudgement | undefined): CheckResult[] => [...(j?.checks ?? []), ...(j?.extra ?? [])];
/** Whether handle answered each message as the rules say it must with the tool the student's toMcp returned. */
function followsOwnTool(facts: FixtureFacts): boolean {
  const tool = facts.toMcp && facts.handle?.loadsToMcp ? asTool(facts.toMcp.result) : undefined;
  const expect = ANSWER_KEY.expectWithTool;
  if (!tool || !expect || !facts.handle) return false;
  const responses = facts.handle.responses;
  return MESSAGES.every((m, i) => accepts(expect(m, tool), responses[i] === undefined ? null : responses[i]));
}

export function chargeAcrossTasks(out: Record<string, TaskJudgement>, facts: FixtureFacts): void {
  if (out["task1"] && facts.toMcp) chargeMissingKeys(out["task1"], facts.toMcp.result);
  if (out["task1"]) chargeMissingKeyRules(out["task1"]);
  if (out["task2"] && facts.handle) {
    chargeFoundText(out["task2"], facts.handle.responses);
    chargeContentShape(out["task2"], facts.handle.responses);
    chargeRefusalAsError(out["task2"], facts.handle.responses, String(EVIDENCE_LINES.find((l) => l.key === "t2_id5_text")?.accepted ?? ""));
    chargeNotRefused(out["task2"], facts.handle.responses);
    chargeNullIdToIds(out["task2"]);
    chargeNullsToPresence(out["task2"]);
    chargeNullToFalsySkip(out["task2"]);
    chargeTypeMessages(out["task2"]);
    chargeDecoratedMessages(out["task2"], ARGUMENT_FAMILIES);
    const branchAnswered = facts.handle.branchAnswered;
    chargeFailedCalls(out["task2"], facts.handle.responses, EVERY_ANSWER, undefined, branchAnswered
      ? { branchAnswered, branchWhy: "and handle answers messages of the same kinds by the rules among the generated inputs, so the cause is something these messages share" } : {});
  }
  const lines = facts.serveLines;
  if (out["task3"] && lines) {
    const hidden = unwrittenOverOtherLines(lines.byLine, lines.without);
    // serve on LINES when handle's answers hold other values (other-shapes.ts): a loop right over
    // every line, and lines written right that failed alone at one place, are one mistake in the values.
    const shapes = lines.otherShapes;
    chargeLinesAlone(out["task3"], lines.byLine, SERVE_EVERY_LINE, (key) => shapes?.loopRight === true || rightOverOtherLines(key, lines.byLine, lines.without), {
      ...(hidden !== undefined ? { hidden } : {}),
      ...(shapes?.written.size ? { branchAnswered: (i: number) => shapes.written.has(i), mistakeOf: (i: number) => shapes.mistakeOf?.get(i) ?? "",
        branchWhy: "and serve writes both lines right when handle's answers hold that kind of value written otherwise (the grader ran it again with such a handle): one mistake in writing a kind of value" } : {}),
    });
  }
  const answers = facts.serve?.loadsHandle ? facts.handle?.responses : undefined;
  if (out["task3"] && facts.serve && answers) chargeServeLeftOut(out["task3"], facts.serve.result, (lines) => serveWithOwnHandle(answers, lines));
  const handle = out["task2"];
  if (handle?.extra) handle.extra = resolveCharges(handle.extra, "task1", all(out["task1"]), (target) => `Against the tool your toMcp returned, handle answers by its rules: toMcp's mistake (task1.ts), charged by ${target}; it costs task 2 nothing more.`);
  // handle's evidence lines too, when it answers every fixture message by its rules for that tool
  // and the tool keeps the chapter's name, so that the calls still took handle's own paths (its
  // validation, the tool's text). A tool with another name, or none, is unknown to handle: a
  // handle that answers every call "Unknown tool" and validates nothing would follow its rules
  // as well, and keep task 2's lines for toMcp's one point.
  const keepsName = isObject(facts.toMcp?.result) && facts.toMcp.result["name"] === MCP_TOOL.name;
  const toMcpCharge = handle && keepsName && followsOwnTool(facts) ? chargingCheck(all(out["task1"])) : undefined;
  if (handle && toMcpCharge) {
    handle.checks = handle.checks.map((c) => (c.kind === "evidence" && c.status === "fail" && c.chargedTo === undefined
      ? { ...c, chargedTo: toMcpCharge, message: `${c.message ?? ""} handle answers the chapter's messages by its rules for the tool your toMcp returned: toMcp's mistake (task1.ts), charged by ${toMcpCharge}; it costs task 2 nothing more.`.trim() } : c));
  }
  const serve = out["task3"];
  if (!serve || !facts.serve) return;
  // handle's answers are charged in task 2, or, when they follow its rules for the tool toMcp
  // returned, in task 1.
  const handleCharge = chargingCheck(all(handle)) ?? (followsOwnTool(facts) ? chargingCheck(all(out["task1"])) : undefined);
  serve.checks = chargeReadThrough(serve.checks, {
    result: facts.serve.result,
    ...(facts.serve.loadsHandle && facts.handle ? { withOwnHandle: serveWithOwnHandle(facts.handle.responses) } : {}),
    ...(handleCharge ? { task2Failure: handleCharge } : {}),
  });
}
