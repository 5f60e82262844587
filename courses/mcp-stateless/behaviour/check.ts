// Behaviour checks: each is data (id, the line the student reads, the rule, a hint, a seeded
// input generator), judged by comparing what the code answered with what the model answers to
// the same inputs in the same order. A failure names the smallest input that breaks it, as a
// call to paste, with the seed that makes it again (--seed N).
import { withKeyOrders } from "../../../src/pack/key-orders.js";
import { crashKinds } from "../../../src/pack/crash-kinds.js";
import { makeRandom, type Random } from "../../../src/pack/random.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { TaskFailure } from "../../../src/sandbox/protocol.js";
import { show } from "../evidence/reading.js";
import { meetIds } from "./meeting-ids.js";

export type BehaviourTask = "task1" | "task2" | "task4";

export interface BehaviourCheck {
  id: string;
  task: BehaviourTask;
  title: string;
  /** The rule this check holds the code to (the task header's words). */
  rule: string;
  /** Where to look for the mistake, never the code to write. */
  hint: string;
  /**
   * handle's checks: what of each answer is compared (compare.ts). "content" (the default): all
   * but the result's envelope and the -32022 data; "version": the -32022 data too; "envelope":
   * only resultType, _meta and the cache hints of a result.
   */
  compare?: "content" | "version" | "envelope";
  /**
   * A check of an evidence line's own rule (handle's, and checkArgs' t1_same_valid): what of the compared answer its line reads
   * (the text of a tool error, say), so that a mistake another rule charges does not fail it
   * too. Applied to the model's and the code's answers alike; an answer without it fails.
   */
  part?: (answer: unknown) => unknown;
  /**
   * Only for a check of what a kind of answer carries (the -32022 refusal's data): the code's
   * answers of that kind are judged, the rest left to the check of whether to answer so. None of
   * that kind at all is a failure, since nothing then showed the rule.
   */
  witness?: { is(answer: unknown): boolean; none: string };
  /**
   * The checks whose slip reaches its input at this index (each holds a case of their rule): when
   * every failing input is reached by one that failed, the failure is charged to it (src/pack/reached.ts).
   */
  reachedBy?: (input: unknown, index: number) => readonly string[];
  /** Fixed edge cases first, then generated ones; every one an input whose answer the rules decide. */
  inputs(random: Random): unknown[];
}

export interface PlannedCheck {
  check: BehaviourCheck;
  inputs: unknown[];
  /** Where its inputs start in the task's list of generated inputs. */
  offset: number;
}

/** What the code did with one input: its value (as JSON carries it) or why it gave none. */
export type Outcome = { ok: true; value: unknown } | { ok: false; failure: TaskFailure };

// Each check draws from its own stream, so adding a check does not change another's inputs.
function streamSeed(seed: number, id: string): number {
  let h = 2166136261 ^ seed;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

// JSON's own copy: keys such as "__proto__" become own keys, as the sandbox's JSON.parse makes them.
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v)) as unknown;

const planned = new Map<string, PlannedCheck[]>();

/** The checks' inputs for a seed, made once per seed (a batch grades every student with one). */
export function planChecks(checks: readonly BehaviourCheck[], seed: number): PlannedCheck[] {
  const key = `${checks.map((c) => c.id).join(",")}|${seed}`;
  let plan = planned.get(key);
  if (!plan) {
    let offset = 0;
    plan = checks.map((check) => {
      // Every third input's keys in a drawn order (src/pack/key-orders.ts): no rule reads the order.
      const inputs = withKeyOrders(check.inputs(makeRandom(streamSeed(seed, check.id))).map(asJson), streamSeed(seed, check.id));
      const p = { check, inputs, offset };
      offset += inputs.length;
      return p;
    });
    meetIds(plan.map((p) => p.inputs));
    if (planned.size > 32) planned.clear();
    planned.set(key, plan);
  }
  return plan;
}

export const allInputs = (plan: readonly PlannedCheck[]): unknown[] => plan.flatMap((p) => p.inputs);

export interface Judged {
  /** The expected answer to the input at this index of the check; undefined: not judged. */
  expected(index: number): { value: unknown } | undefined;
  /** Whether the code's value is the expected one (for the input at this index). */
  accepts(expected: unknown, actual: unknown, index: number): boolean;
  /** BehaviourCheck.witness: judged only where the code's answer is one of its kind. */
  witness?: BehaviourCheck["witness"];
  /** A failed call that is a fixture call's failure seen again (src/pack/failed-call.ts, failedAsCase): not this check's to charge. */
  excused?(input: unknown, failure: TaskFailure): boolean;
  /** Why the run stopped before its last inputs, where it did (its own failure: the work budget, say). */
  stopped?: string;
}

/** How a task's call reads in a message: checkArgs(...), handle(...), serve(...). */
export function callText(task: BehaviourTask, input: unknown): string {
  if (task === "task1") {
    const [schema, args] = input as [unknown, unknown];
    return `checkArgs(${show(schema)}, ${show(args)})`;
  }
  return `${task === "task2" ? "handle" : "serve"}(${show(input)})`;
}

interface Counterexample { input: unknown; expected: string; actual: string; excused?: boolean; crashed?: true; thrown?: true; responded?: true; notCalled?: true }

/** Whether a value is a JSON-RPC response to the input, under its id: which messages are answered, and how, is then not what went wrong. */
function answersUnderId(input: unknown, value: unknown): boolean {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  return isObj(value) && isObj(input) && Object.hasOwn(input, "id") && JSON.stringify(value["id"]) === JSON.stringify(input["id"]) && value["jsonrpc"] === "2.0" &&
    Object.hasOwn(value, "result") !== Object.hasOwn(value, "error");
}

const smallestOf = (list: Counterexample[]): Counterexample => list.reduce((a, b) => (show(b.input, Infinity).length < show(a.input, Infinity).length ? b : a));

export function verdict(
  base: { name: string; kind: string; title: string; hint: string },
  task: BehaviourTask, inputs: readonly unknown[], outcomes: readonly (Outcome | undefined)[], judged: Judged, seed: number,
  what = "answered differently from the rules", where = "",
): CheckResult {
  const failures: Counterexample[] = [];
  const unwitnessed: Counterexample[] = [];
  // The inputs the rules fix an answer for: what a throw's inputs are told apart from (crashedOn).
  const fixed: unknown[] = [];
  let tried = 0;
  inputs.forEach((input, i) => {
    const want = judged.expected(i);
    if (!want) return;
    fixed.push(input);
    const outcome = outcomes[i];
    const counterexample = (): Counterexample => ({
      input, expected: show(want.value),
      actual: !outcome ? `(not called: the run stopped before this input${judged.stopped ? `: ${judged.stopped}` : ""})` : !outcome.ok ? outcome.failure.message : show(outcome.value === undefined ? null : outcome.value),
      ...(!outcome ? { notCalled: true as const } : {}),
    });
    if (judged.witness && !(outcome?.ok && judged.witness.is(outcome.value))) { unwitnessed.push(counterexample()); return; }
    tried++;
    if (outcome && !outcome.ok && judged.excused?.(input, outcome.failure)) failures.push({ ...counterexample(), excused: true });
    else if (!outcome?.ok) failures.push({ ...counterexample(), crashed: true, ...(outcome?.failure.reason === "throw" || outcome?.failure.reason === "timeout" ? { thrown: true as const } : {}) });
    else if (!judged.accepts(want.value, outcome.value, i)) failures.push({ ...counterexample(), ...(answersUnderId(input, outcome.value) ? { responded: true as const } : {}) });
  });
  if (judged.witness && tried === 0 && unwitnessed.length > 0) {
    const smallest = smallestOf(unwitnessed);
    return {
      ...base, status: "fail", expected: smallest.expected, actual: smallest.actual,
      message: `${judged.witness.none} (${unwitnessed.length} inputs, seed ${seed}, run again with --seed ${seed}). The smallest: ${callText(task, smallest.input)}${where}`,
    };
  }
  // A check none of whose inputs could be judged (each answer hangs on the student's own checkArgs,
  // which gave none it could use) did not pass: it is not judged, and earns nothing.
  if (failures.length === 0 && tried === 0 && inputs.length > 0) return { ...base, status: "skip", message: `Not judged: none of its ${inputs.length} inputs has an answer the rules fix here (seed ${seed}).` };
  if (failures.length === 0) return { ...base, status: "pass", message: `${tried} inputs tried (seed ${seed}).` };
  // A fixture call's failure seen again is charged by the line that reads that call: with
  // nothing else failing, the check has no verdict of its own (skip), never a pass.
  if (failures.every((f) => f.excused)) {
    return { ...base, status: "skip", message: `Its ${failures.length} failing input${failures.length > 1 ? "s fail" : " fails"} as a fixture call did, at the same place: charged by the line that reads that call (${tried - failures.length} of ${tried} inputs answered by the rule; seed ${seed}).` };
  }
  const own = failures.filter((f) => !f.excused);
  const smallest = smallestOf(own);
  // Every failure a throw or a stop: one cause with the task's other such checks (src/pack/score.ts).
  const crashed = own.every((f) => f.crashed);
  // Throws and calls that never returned (each stopped at its own budget) only: the kinds of input
  // they met, which tell one slip from rules not followed. A run stopped before an input says none.
  const crashedOn = crashed && own.every((f) => f.thrown) ? crashKinds(own.map((f) => f.input), fixed.filter((input) => !own.some((f) => f.input === input))) : undefined;
  // handle answered a request, and wrongly: not a slip in which messages are answered
  // (CheckResult.ownMistake; the families' `path`, evidence/rule-families.ts).
  const ownMistake = task === "task2" && own.some((f) => f.responded);
  // Only where the code answers some of its inputs right: code that answers nothing it has not
  // seen (a table of the fixtures) shows no slip in which requests are answered.
  const leftUnanswered = task === "task2" && own.every((f) => !f.crashed && !f.responded && f.actual === "null");
  const unanswered = leftUnanswered && tried > failures.length;
  // The kinds of input left unanswered, against those answered: one slip in which requests are
  // answered (a string id taken for a notification) leaves one kind unanswered everywhere.
  const unansweredOn = leftUnanswered ? crashKinds(own.map((f) => f.input), fixed.filter((input) => !own.some((f) => f.input === input))) : undefined;
  return {
    ...base, status: "fail", expected: smallest.expected, actual: smallest.actual, ...(crashed ? { crashed } : {}), ...(crashedOn ? { crashedOn } : {}), ...(ownMistake ? { ownMistake } : {}), ...(unanswered ? { unanswered } : {}), ...(unansweredOn ? { unansweredOn } : {}),
    // Inputs the run never reached were not answered at all: said so, with why the run stopped.
    message: `${failures.length} of ${tried} inputs ${own.every((f) => f.notCalled) ? `were never called: the run stopped before them${judged.stopped ? ` (${judged.stopped})` : ""}` : what} (seed ${seed}, run again with --seed ${seed}). The smallest: ${callText(task, smallest.input)}${where}`,
  };
}

export function judgeChecks(
  plan: readonly PlannedCheck[], outcomes: readonly (Outcome | undefined)[],
  expectedAt: (globalIndex: number, check: BehaviourCheck) => { value: unknown } | undefined,
  accepts: (check: BehaviourCheck) => Judged["accepts"], seed: number, excused?: Judged["excused"],
): CheckResult[] {
  return plan.map((p) => verdict(
    { name: p.check.id, kind: "behaviour", title: p.check.title, hint: `${p.check.rule} ${p.check.hint}` },
    p.check.task, p.inputs, p.inputs.map((_, i) => outcomes[p.offset + i]),
    { expected: (i) => expectedAt(p.offset + i, p.check), accepts: accepts(p.check), witness: p.check.witness, excused }, seed,
  ));
}
