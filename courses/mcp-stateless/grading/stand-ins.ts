// The pack's correct copy of task 1 (Pack.standIns, src/grading/stand-ins.ts): handle judged with
// a checkArgs (and the pyRepr the page writes beside it) that answer as the rules do, so that a
// checkArgs that throws, loops or fails to load costs task 1's points, not handle's and serve's
// too. A table: checkArgs's problems for each tool's schema and the arguments of every call the
// plan's runs and the live checks send, pyRepr of every string in those messages. handle keeps
// orders between calls, so it has no table of answers by message: serve meets the student's.
import { standInKey } from "../../../src/json/stand-in-key.js";
import type { StandIn } from "../../../src/sandbox/protocol.js";
import { checkArgs, isObject, messagesOfLines } from "../behaviour/model.js";
import { reprString } from "../behaviour/repr.js";
import { ORDERS, TOOLS } from "../course/index.js";
import { STDIO_MESSAGES } from "../live/stdio.js";
import type { StatelessPlan } from "./plan.js";

/** Each task's direct imports: handle builds on checkArgs, serve on handle. */
export const IMPORTS = { task2: ["task1"], task4: ["task2"] } as const;

const UNKNOWN = (name: string): string => `The grader judged this task with a correct ${name} in place of task1.ts's, because task 1 failed checks of its own (they are charged there, once). That copy answers only the calls handle makes for the messages it was sent, and this code called ${name} with something else: call checkArgs(tool.inputSchema, args) with the call's arguments (or {} when it has none), as the page does.`;

/** Every message the plan's handle and serve runs, and the live checks, send to handle. */
function messagesOf(plan: Pick<StatelessPlan, "runs">): unknown[] {
  const out: unknown[] = [...STDIO_MESSAGES];
  // The SDK client's calls (live/interop.ts): a status and a cancel, of the page's orders.
  for (const id of Object.keys(ORDERS)) for (const name of Object.keys(TOOLS)) out.push({ method: "tools/call", params: { name, arguments: { order_id: id } } });
  for (const run of plan.runs) {
    for (const text of run.inputs) {
      const input = JSON.parse(text) as unknown;
      if (run.entry === "task2.ts") out.push(input);
      if (run.entry === "task4.ts" && Array.isArray(input)) out.push(...messagesOfLines(input));
    }
  }
  return out;
}

function strings(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 64) return;
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into, depth + 1);
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) { into.add(key); strings(item, into, depth + 1); }
}

export function statelessStandIn(task: string, plan: Pick<StatelessPlan, "runs">): StandIn | undefined {
  if (task !== "task1") return undefined;
  const check: Record<string, string> = {};
  const words = new Set<string>();
  for (const message of messagesOf(plan)) {
    strings(message, words);
    const params = isObject(message) ? message["params"] : undefined;
    const raw = isObject(params) && Object.hasOwn(params, "arguments") ? params["arguments"] : undefined;
    const args = isObject(raw) ? raw : {};
    for (const tool of Object.values(TOOLS)) check[standInKey([tool.inputSchema, args])] = JSON.stringify(checkArgs(tool.inputSchema, args));
  }
  const repr: Record<string, string> = {};
  for (const word of words) repr[standInKey([word])] = JSON.stringify(reprString(word));
  return { exports: { checkArgs: { answers: check, unknown: UNKNOWN("checkArgs") }, pyRepr: { answers: repr, unknown: UNKNOWN("pyRepr") } } };
}
