// What one submission's grading asks of the sandbox: per task, its run on the chapter's fixtures,
// then (with behaviour or schema checks) its run on the generated inputs after the fixtures in
// one module instance, then each generated input alone in a fresh instance. One request per
// submission; it carries inputs only, never an answer.
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { planBehaviour, planInputs, type PlannedCheck } from "../behaviour/plan.js";
import { CALL_FUEL_FACTOR } from "../../../src/sandbox/fuel.js";
import type { RunSpec } from "../../../src/sandbox/protocol.js";
import { callOf } from "../../../src/pack/types.js";
import { interleave, type Interleaving } from "../../../src/pack/interleave.js";
import { perLineInputs } from "../../../src/pack/line-by-line.js";
import { anotherOfKind } from "../behaviour/line-kinds.js";
import { freshServeInputs } from "./fresh-serve.js";

export const FIXTURE_INPUTS: Record<TaskId, readonly unknown[]> = { task1: [TOOL], task2: MESSAGES, task3: [LINES] };

export interface TaskRuns {
  fixture: number;
  /** The fixtures then the generated inputs, in one instance (absent without behaviour or schema checks). */
  generated?: number;
  /** Each generated input alone in a fresh instance (handle's); serve's lines' rule's lists so (fresh-serve.ts). Absent without behaviour checks. */
  fresh?: number;
  /** The fresh run's order: freshOrder[k] is the index in `inputs` of its k-th call. */
  freshOrder?: number[];
  plan: PlannedCheck[];
  /**
   * serve's only, run only when its fixture call failed, each call in a module instance of its own
   * (state kept between calls is t3_fresh_instance's one mistake, not every line's): each
   * fixture line alone, in LINES' order, then LINES without each one or two lines. A serve that throws on one
   * line (a JSON.parse without try/catch) loses that line's evidence, not every line's
   * (outcomes.ts); the lines that count every line are charged there only when its loop is right
   * over the others (serve-lines.ts).
   */
  perLine?: number;
  /** The generated inputs in the order they were sent (planInputs). */
  inputs: unknown[];
  /**
   * When serve's oracle messages share the generated run (handle's): the index in that run's
   * calls of each of the fixtures then the generated inputs, in order.
   */
  picks?: number[];
}

export interface GradingRequest {
  runs: RunSpec[];
  tasks: Partial<Record<TaskId, TaskRuns>>;
  /**
   * The student's own handle on the messages in serve's inputs, in the order serve's run meets
   * them (LINES, then every generated list). A serve that calls that handle is judged against
   * these answers, not the model's (extra-checks.ts), so task 3 never fails for task 2's
   * mistakes. No run is the oracle's own: its messages are shuffled in among handle's judged
   * generated inputs (the same run, a seeded interleaving), so handle cannot tell them apart by
   * the run or the order it is called in and answer them otherwise (null, say, for a serve that
   * only knows the fixtures). `picks`: the index in run `shared`'s calls of each message.
   */
  oracle?: { shared: number; picks: number[]; sharedSizes: number[] };
}

// Made once per list: a batch grades every student with one seed.
const interleavings = new WeakMap<readonly unknown[], { oracle: readonly string[]; mixed: Interleaving<string> }>();

/** handle's fixtures (kept first) then its generated inputs, and the oracle's messages, merged (src/pack/interleave.ts). */
function mixedWith(generated: readonly unknown[], oracle: readonly string[], seed: number): Interleaving<string> {
  const made = interleavings.get(generated);
  if (made && made.oracle === oracle) return made.mixed;
  const mixed = interleave(asTexts([...FIXTURE_INPUTS.task2, ...generated]), FIXTURE_INPUTS.task2.length, oracle, seed);
  interleavings.set(generated, { oracle, mixed });
  return mixed;
}

/** The messages serve hands to handle for one list of lines, as JSON texts, in order. */
export function messagesOf(lines: unknown): string[] {
  const out: string[] = [];
  if (!Array.isArray(lines)) return out;
  for (const line of lines) {
    if (typeof line !== "string" || line.trim() === "") continue;
    try { out.push(JSON.stringify(JSON.parse(line))); } catch { /* a parse error: serve's own rule */ }
  }
  return out;
}

// Made once per plan: a batch grades every student with one seed.
const serveMessageLists = new WeakMap<readonly unknown[], { messages: string[]; sizes: number[] }>();
function serveMessages(serveInputs: readonly unknown[]): { messages: string[]; sizes: number[] } {
  let made = serveMessageLists.get(serveInputs);
  if (!made) {
    const lists = [FIXTURE_INPUTS.task3[0], ...serveInputs].map(messagesOf);
    serveMessageLists.set(serveInputs, made = { messages: lists.flat(), sizes: lists.map((m) => m.length) });
  }
  return made;
}

// Inputs are sent as JSON text, made once per plan (a batch grades every student with one seed).
const texts = new WeakMap<readonly unknown[], string[]>();
const asTexts = (inputs: readonly unknown[]): string[] => {
  let list = texts.get(inputs);
  if (!list) texts.set(inputs, list = inputs.map((i) => JSON.stringify(i)));
  return list;
};
const generatedInputs = new WeakMap<PlannedCheck[], unknown[]>();
const freshOrders = new WeakMap<unknown[], number[]>();
const freshTexts = new WeakMap<unknown[], string[]>();

/** The inputs' indices, every initialize message after every other. */
function initializeLast(inputs: readonly unknown[]): number[] {
  const isInitialize = (m: unknown): boolean => (m as { method?: unknown } | null)?.method === "initialize";
  const indices = inputs.map((_, i) => i);
  return [...indices.filter((i) => !isInitialize(inputs[i])), ...indices.filter((i) => isInitialize(inputs[i]))];
}

export function buildRequest(has: (file: string) => boolean, readable: (file: string) => boolean, tasks: readonly TaskId[], o: { behaviour: boolean; schema: boolean; seed: number }): GradingRequest {
  const specs: RunSpec[] = [];
  const runs: GradingRequest["tasks"] = {};
  for (const task of tasks) {
    const info = TASKS[task];
    if (!has(info.file)) continue;
    // serve's one call answers every line: the reference's largest uses 5 to 6 units (bench/fuel.ts;
    // a unit is 10,000 steps, so a call's count depends on where in a unit it starts).
    const base = { ...callOf(info), echoInputs: task === "task1", ...(task === "task3" ? { callFuel: CALL_FUEL_FACTOR * 6 } : {}) };
    // handle's fixture messages go on past a call that failed: that message's lines fail, the
    // others are judged (src/pack/failed-call.ts), and so are its rules on generated messages.
    const perMessage = task === "task2";
    const fixture = specs.push({ ...base, inputs: asTexts(FIXTURE_INPUTS[task]), instance: "shared", stopOnFailure: !perMessage }) - 1;
    const plan = o.behaviour ? planBehaviour(task, o.seed) : [];
    let inputs = generatedInputs.get(plan);
    if (!inputs) generatedInputs.set(plan, inputs = planInputs(plan).inputs);
    const entry: TaskRuns = { fixture, plan, inputs };
    // serve on each fixture line alone, then on LINES without one or two lines (src/pack/line-by-line.ts).
    if (task === "task3") entry.perLine = specs.push({ ...base, inputs: asTexts(perLineInputs(LINES, o.seed, anotherOfKind)), instance: "fresh", stopOnFailure: false, after: { run: fixture, need: "failed-call" } }) - 1;
    if (o.behaviour || (o.schema && task !== "task3")) {
      const all = [...FIXTURE_INPUTS[task], ...inputs];
      // serve's one fixture call failing is one line's mistake (perLine): its rules are still judged.
      const need = perMessage ? "answered" : task === "task3" ? "ran" : "clean";
      entry.generated = specs.push({ ...base, inputs: asTexts(all), instance: "shared", stopOnFailure: false, after: { run: fixture, need } }) - 1;
    }
    // The lists of the rule of serve's five lines, each first in an instance of its own: state
    // kept between calls is one mistake (fresh-serve.ts). Only those: serve's fresh run of every
    // generated list cost a fifth of a submission's time. toMcp is not run again.
    if (o.behaviour && task === "task3") {
      const lists = freshServeInputs(plan);
      // Short lists: a call's own budget is the default one (serve's 5 units are for its long lists).
      const { callFuel: _long, ...short } = base;
      if (lists.length) entry.fresh = specs.push({ ...short, inputs: asTexts(lists), instance: "fresh", stopOnFailure: false, after: { run: entry.generated!, need: "finished" } }) - 1;
    }
    // Each of handle's generated messages alone in a fresh instance (issue 13: rules 3–7 hold
    // before initialize too).
    if (o.behaviour && inputs.length && task === "task2") {
      // In a context of its own, initialize last: a fresh module instance resets module variables
      // only, and a flag kept on globalThis (or a prototype, or a library) by the runs before, or
      // by an initialize earlier in this one, would still say "initialized".
      const order = freshOrders.get(inputs) ?? freshOrders.set(inputs, initializeLast(inputs)).get(inputs)!;
      const sent = freshTexts.get(inputs) ?? freshTexts.set(inputs, order.map((i) => JSON.stringify(inputs[i]))).get(inputs)!;
      entry.fresh = specs.push({ ...base, echoInputs: false, inputs: sent, instance: "fresh", context: "fresh", stopOnFailure: false, after: { run: entry.generated!, need: "finished" } }) - 1;
      entry.freshOrder = order;
    }
    runs[task] = entry;
  }
  let oracle: GradingRequest["oracle"];
  const serveInputs = runs.task3?.inputs;
  if (serveInputs?.length && readable(TASKS.task2.file)) {
    const { messages, sizes } = serveMessages(serveInputs);
    const own = runs.task2?.generated !== undefined ? runs.task2 : undefined;
    // Handle's judged run when task 2 is graded; otherwise a run of the same inputs all the same
    // (judged by nothing but serve's oracle), so that the oracle's run is never one of its own.
    const handlePlan = planBehaviour("task2", o.seed);
    const ownInputs = own ? own.inputs : generatedInputs.get(handlePlan) ?? generatedInputs.set(handlePlan, planInputs(handlePlan).inputs).get(handlePlan)!;
    const mixed = mixedWith(ownInputs, messages, o.seed);
    let shared: number;
    if (own) {
      shared = own.generated!;
      specs[shared] = { ...specs[shared]!, inputs: mixed.inputs };
      own.picks = mixed.own;
    } else {
      shared = specs.push({ entry: TASKS.task2.file, exportName: TASKS.task2.exportName, inputs: mixed.inputs, instance: "shared", stopOnFailure: false }) - 1;
    }
    oracle = { shared, picks: mixed.theirs, sharedSizes: sizes };
  }
  return { runs: specs, tasks: runs, ...(oracle ? { oracle } : {}) };
}
