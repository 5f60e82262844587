// The chapter's correct copies of toMcp and handle (Pack.standIns, src/grading/stand-ins.ts), as
// tables: handle is judged with a toMcp that answers the chapter's TOOL as the rules convert it,
// serve with a handle that answers every message its runs can pass it as the rules require. So
// a toMcp that keeps input_schema costs task 1's points, not handle's and serve's too; a handle
// whose answer breaks serve's loop costs task 2's. The copy of handle reads the answer key: the
// model's answers, or in the student edition the practice data's for its input sets.
import { standInKey } from "../../../src/json/stand-in-key.js";
import type { StandIn } from "../../../src/sandbox/protocol.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { TOOL } from "../course/fixtures.js";
import { MCP_TOOL } from "../course/protocol.js";
import { TASKS } from "../course/tasks.js";
import type { GradingRequest } from "./request.js";

/** Each task's direct imports: handle builds on toMcp, serve on handle. */
export const IMPORTS = { task2: ["task1"], task3: ["task2"] } as const;

const TO_MCP_UNKNOWN = "The grader judged this task with a correct toMcp in place of yours, because task 1 failed checks of its own (they are charged there, once). That copy converts only the chapter's TOOL, and this code called toMcp with another value: call toMcp(TOOL), as the chapter does.";
const HANDLE_UNKNOWN = "The grader judged this task with a correct handle in place of yours, because task 2 failed checks of its own (they are charged there, once). That copy answers only the messages of the lines serve was given, and serve called it with another value: pass handle each line's message as JSON.parse gives it.";

/** Every message a run of serve, or of handle, in the plan may hand to handle. */
export function handleMessages(plan: Pick<GradingRequest, "runs">): unknown[] {
  const out: unknown[] = [];
  for (const run of plan.runs) {
    if (run.entry === TASKS.task2.file) for (const text of run.inputs) out.push(JSON.parse(text));
    if (run.entry !== TASKS.task3.file) continue;
    for (const text of run.inputs) {
      for (const line of JSON.parse(text) as unknown[]) {
        if (typeof line !== "string") continue;
        try { out.push(JSON.parse(line)); } catch { /* a parse error: serve answers it itself */ }
      }
    }
  }
  return out;
}

export function chapterStandIn(task: string, plan: Pick<GradingRequest, "runs">): StandIn | undefined {
  if (task === "task1") {
    return { exports: { [TASKS.task1.exportName]: { answers: { [standInKey([TOOL])]: JSON.stringify(MCP_TOOL) }, unknown: TO_MCP_UNKNOWN } } };
  }
  const answer = ANSWER_KEY.handle;
  if (task !== "task2" || !answer) return undefined;
  const answers: Record<string, string> = {};
  for (const message of handleMessages(plan)) {
    const value = answer(message);
    if (value !== undefined) answers[standInKey([message])] = JSON.stringify(value);
  }
  return { exports: { [TASKS.task2.exportName]: { answers, unknown: HANDLE_UNKNOWN } } };
}
