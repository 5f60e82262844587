// The pack's correct copies of tasks 1 and 2 (Pack.standIns, src/grading/stand-ins.ts), so that
// a checkArgs or a handle that throws, loops or fails to load costs its own task's points, not
// those of the tasks that import it too. Task 1's: a table of checkArgs's problems for each tool's
// schema and the arguments of every call the plan's runs and the live checks send, and pyRepr of
// every string in those messages (handle judged with it). Task 2's: handle's answer to every
// message the plan's serve runs pass it and its oracle run sends (serve judged with it). handle
// keeps orders between calls (an accepted cancel changes a later status), so its copy is a
// machine whose states are the orders' statuses (protocol.ts StandInExport.states): each answer
// the model's in the state the earlier calls of that module instance left, whatever their order.
// A copy answers only these messages; anything else throws its message.
import { standInKey } from "../../../src/json/stand-in-key.js";
import type { StandIn, StandInExport } from "../../../src/sandbox/protocol.js";
import { checkArgs, isObject, messagesOfLines, newServer } from "../behaviour/model.js";
import { reprString } from "../behaviour/repr.js";
import { ORDERS, TOOLS, type Order } from "../course/index.js";
import { STDIO_MESSAGES } from "../live/stdio.js";
import type { StatelessPlan } from "./plan.js";

/** Each task's direct imports: handle builds on checkArgs, serve on handle. */
export const IMPORTS = { task2: ["task1"], task4: ["task2"] } as const;

const HANDLE_UNKNOWN = "The grader judged this task with a correct handle in place of task2.ts's, because task 2 is not known to be right (it failed checks of its own, which are charged there, or was not graded here). That copy answers only the messages the grader's lines hold, and this code called handle with something else: for each line that JSON.parse reads as an object, call handle with that object, as the page does.";
// A bound on the orders' statuses the copy may be in: each order kept or cancelled gives 2 ** orders
// (4 for the page's two); more means the course's data changed, and no copy is made.
const MAX_STATES = 64;

const UNKNOWN = (name: string): string => `The grader judged this task with a correct ${name} in place of task1.ts's, because task 1 failed checks of its own (they are charged there, once). That copy answers only the calls handle makes for the messages it was sent, and this code called ${name} with something else: call checkArgs(tool.inputSchema, args) with the call's arguments (or {} when it has none), as the page does.`;

/** Every message the plan's handle and serve runs send to handle: serve's, those of the lines that parse to an object. */
function runMessages(plan: Pick<StatelessPlan, "runs">): unknown[] {
  const out: unknown[] = [];
  for (const run of plan.runs) {
    for (const text of run.inputs) {
      const input = JSON.parse(text) as unknown;
      if (run.entry === "task2.ts") out.push(input);
      if (run.entry === "task4.ts" && Array.isArray(input)) out.push(...messagesOfLines(input));
    }
  }
  return out;
}

/** Every message the plan's handle and serve runs, and the live checks, send to handle. */
function messagesOf(plan: Pick<StatelessPlan, "runs">): unknown[] {
  const out: unknown[] = [...STDIO_MESSAGES];
  // The SDK client's calls (live/interop.ts): a status and a cancel, of the page's orders.
  for (const id of Object.keys(ORDERS)) for (const name of Object.keys(TOOLS)) out.push({ method: "tools/call", params: { name, arguments: { order_id: id } } });
  return [...out, ...runMessages(plan)];
}

/**
 * handle's copy: the model's answer to each of the runs' messages in every state of the orders
 * those messages reach from the page's ORDERS. State 0 is ORDERS; its answers are the table, and
 * another state lists only the answers that differ there. Only tasks that import handle (serve)
 * are judged with it, and they have no live checks, so the live checks' messages are not in it.
 * Undefined if the orders reach more states than MAX_STATES: serve then meets the student's handle.
 */
function handleStandIn(plan: Pick<StatelessPlan, "runs">): StandIn | undefined {
  const calls = new Map<string, unknown>();
  for (const message of runMessages(plan)) calls.set(standInKey([message]), message);
  const reached: Record<string, Order>[] = [structuredClone(ORDERS)];
  const seen = new Map([[JSON.stringify(reached[0]), 0]]);
  const answers: Record<string, string> = {};
  const states: NonNullable<StandInExport["states"]> = [];
  for (let s = 0; s < reached.length; s++) {
    const here: (typeof states)[number] = { answers: {}, next: {} };
    const before = JSON.stringify(reached[s]);
    for (const [key, message] of calls) {
      const orders = structuredClone(reached[s]!);
      const text = JSON.stringify(newServer(checkArgs, orders)(message));
      if (s === 0) answers[key] = text;
      else if (text !== answers[key]) here.answers[key] = text;
      const after = JSON.stringify(orders);
      if (after === before) continue;
      let next = seen.get(after);
      if (next === undefined) seen.set(after, (next = reached.push(orders) - 1));
      here.next[key] = next;
    }
    states.push(here);
    if (reached.length > MAX_STATES) return undefined;
  }
  // handle(message) reads one argument: serve may pass more (messages.map(handle)).
  return { exports: { handle: { answers, unknown: HANDLE_UNKNOWN, arity: 1, ...(states.length > 1 ? { states } : {}) } } };
}

function strings(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 64) return;
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into, depth + 1);
  else if (isObject(value)) for (const [key, item] of Object.entries(value)) { into.add(key); strings(item, into, depth + 1); }
}

export function statelessStandIn(task: string, plan: Pick<StatelessPlan, "runs">): StandIn | undefined {
  if (task === "task2") return handleStandIn(plan);
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
