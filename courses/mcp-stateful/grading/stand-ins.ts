// The pack's correct copy of task 1 (Pack.standIns, src/grading/stand-ins.ts). The page's server
// answers with error_response(...) and queues notification(...), and its client sends request(...):
// a student who builds task 2 and task 3 on task 1's builders, as the page does, would otherwise
// lose those tasks' points too for one builder's mistake. The builders only arrange their
// arguments, so their copies are templates filled with the call's arguments (the model's own
// `built`, with a place for each argument); kindOf reads a message, so its copy is a table of every
// message the plan's server runs and the stdio check hand to handle. A message that only the SDK
// client or the client's scripted server sends is not in it: that call throws UNKNOWN.
import { standInKey } from "../../../src/json/stand-in-key.js";
import type { StandIn } from "../../../src/sandbox/protocol.js";
import { BUILDERS, built, kindOf, KIND_OF } from "../behaviour/messages.js";
import type { Session, Step } from "../behaviour/session.js";
import { STDIO_MESSAGES } from "../live/stdio.js";
import type { StatefulPlan } from "./plan.js";

/** Each task's direct imports: the server and the client may build their messages with task 1's builders. */
export const IMPORTS = { task2: ["task1"], task3: ["task1"] } as const;

const UNKNOWN = "The grader judged this task with a correct kindOf in place of task1.ts's, because task 1 failed checks of its own (they are charged there, once). That copy knows only the messages the grader sends your server, and this code called kindOf with another value: call kindOf(message) with the message handle was given.";
const BUILDER_UNKNOWN = (name: string): string => `The grader judged this task with a correct ${name} in place of task1.ts's, because task 1 failed checks of its own (they are charged there, once). That copy could not build a message from this call's arguments: call ${name} with JSON values, as the page does.`;

/** Every message a server run of the plan hands to handle (its sessions' steps), and the stdio check's. */
function handledMessages(plan: Pick<StatefulPlan, "runs">): unknown[] {
  const out: unknown[] = [...STDIO_MESSAGES];
  const add = (step: Step | undefined): void => { if (step?.op === "handle") out.push(step.message); };
  for (const run of plan.runs) {
    if (run.entry !== "task2.ts") continue;
    for (const text of run.inputs) {
      const input = JSON.parse(text) as Partial<Session> & { step?: Step };
      input.steps?.forEach(add);
      add(input.step);
    }
  }
  return out;
}

export function statefulStandIn(task: string, plan: Pick<StatefulPlan, "runs">): StandIn | undefined {
  if (task !== "task1") return undefined;
  const exports: StandIn["exports"] = {};
  for (const builder of BUILDERS) {
    const places = [0, 1, 2, 3].map((i) => ({ $arg: i }));
    exports[builder] = { answers: {}, template: JSON.stringify(built(builder, places)), unknown: BUILDER_UNKNOWN(builder) };
  }
  const kinds: Record<string, string> = {};
  for (const message of handledMessages(plan)) kinds[standInKey([message])] = JSON.stringify(kindOf(message));
  exports[KIND_OF] = { answers: kinds, unknown: UNKNOWN };
  return { exports };
}
