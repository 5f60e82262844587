// One mistake, one point, across the chapter's tasks (issue 20): after every task is judged, the
// checks that only read through another task's mistake are charged to the check that charges it
// there (CheckResult.chargedTo): handle's checks through toMcp's tool (read-through-tool.ts),
// serve's lines through handle's answers and through their own format (read-through.ts).
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { accepts } from "../behaviour/expectation.js";
import { MESSAGES } from "../course/fixtures.js";
import { chargeReadThrough, serveWithOwnHandle } from "./read-through.js";
import { asTool, resolveTask1Charges } from "./read-through-tool.js";

/** What the fixture runs showed, as pack.ts's judge reads them. */
export interface FixtureFacts {
  /** What toMcp returned for the chapter's tool. */
  toMcp?: { result: unknown };
  /** handle's answers to MESSAGES, and whether its module loaded task1.ts. */
  handle?: { responses: readonly unknown[]; loadsToMcp: boolean };
  /** What serve returned on LINES, and whether its module loaded task2.ts. */
  serve?: { result: unknown; loadsHandle: boolean };
}

const all = (j: TaskJudgement | undefined): CheckResult[] => [...(j?.checks ?? []), ...(j?.extra ?? [])];
/** The check that charges a task's mistake: a failed evidence line first, else any failed check, followed to where it is charged. */
function charging(checks: readonly CheckResult[]): string | undefined {
  const failed = checks.find((c) => c.status === "fail" && c.kind === "evidence") ?? checks.find((c) => c.status === "fail");
  return failed ? failed.chargedTo ?? failed.name : undefined;
}

/** Whether handle answered each message as the rules say it must with the tool the student's toMcp returned. */
function followsOwnTool(facts: FixtureFacts): boolean {
  const tool = facts.toMcp && facts.handle?.loadsToMcp ? asTool(facts.toMcp.result) : undefined;
  const expect = ANSWER_KEY.expectWithTool;
  if (!tool || !expect || !facts.handle) return false;
  const responses = facts.handle.responses;
  return MESSAGES.every((m, i) => accepts(expect(m, tool), responses[i] === undefined ? null : responses[i]));
}

export function chargeAcrossTasks(out: Record<string, TaskJudgement>, facts: FixtureFacts): void {
  const handle = out["task2"];
  if (handle?.extra) handle.extra = resolveTask1Charges(handle.extra, all(out["task1"]));
  const serve = out["task3"];
  if (!serve || !facts.serve) return;
  // handle's answers are charged in task 2, or, when they follow its rules for the tool toMcp
  // returned, in task 1.
  const handleCharge = charging(all(handle)) ?? (followsOwnTool(facts) ? charging(all(out["task1"])) : undefined);
  serve.checks = chargeReadThrough(serve.checks, {
    result: facts.serve.result,
    ...(facts.serve.loadsHandle && facts.handle ? { withOwnHandle: serveWithOwnHandle(facts.handle.responses) } : {}),
    ...(handleCharge ? { task2Failure: handleCharge } : {}),
  });
}
