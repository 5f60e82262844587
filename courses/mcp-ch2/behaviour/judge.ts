// Turns the calls of a behaviour job into one verdict per check: pass, or fail with the smallest
// input that breaks it, the expected and actual answers, and the rule.
import { notThroughKeyOrder } from "../../../src/pack/key-orders.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { MESSAGES } from "../course/fixtures.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome, TaskFailure } from "../../../src/runner/outcome.js";
import { withoutSpecExtras } from "../../../src/json/spec-extras.js";
import { accepts, describeExpectation, errorKind, refusalKinds, refusalText, sameJson, servedWithoutExtras, type Expectation } from "./expectation.js";
import { expectedAnswers, planInputs, type PlannedCheck } from "./plan.js";
import { chargeReached } from "../../../src/pack/reached.js";
import { chargeIdSlips } from "../../../src/pack/id-slip.js";
import { idReaches } from "./id-answers.js";
import { addedKeyNotShown } from "./input-change.js";

interface Counterexample {
  input: unknown;
  expected: string;
  actual: string;
  /** Where the answer came back and broke the model's expectation: whether it says something else (BehaviourCheck.contradicts). */
  contradicts?: boolean;
}

// What a report quotes of the code's answers is cut: an answer may be megabytes.
const SHOWN = 2000;
const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}… (${text.length} characters)` : text;
};

/** What an input's answer must be instead of the model's; undefined: the input is not judged. */
export type ExpectOverride = (planned: PlannedCheck, index: number) => Expectation | undefined;

/** A failed call that is not this check's to charge (src/pack/failed-call.ts failedAsCase, grading/fixture-case.ts). */
export type Excused = (input: unknown, failure: TaskFailure) => boolean;

/**
 * Whether the code refused with this kind of message (expectation.ts messageKind) anywhere the
 * rules ask for it: in its refusal (expectation.ts refusalText) of an input whose rules refuse
 * with that kind (BehaviourCheck.contradicts). Text elsewhere (an error's data, a search's text)
 * or in answers to other inputs vouches for nothing.
 */
export type Said = (kind: string) => boolean;
const NOTHING_SAID: Said = () => false;

/**
 * Whether a request names what one of task 2's fixture requests names: its method, and for a call
 * its tool (a request named notifications/initialized is not the page's notification).
 */
function pageMessage(input: unknown): boolean {
  const tool = (m: unknown): unknown => ((m as { params?: { name?: unknown } }).params ?? {}).name;
  if (input === null || typeof input !== "object" || Array.isArray(input) || !Object.hasOwn(input, "id")) return false;
  const { method } = input as { method?: unknown };
  return MESSAGES.some((m) => Object.hasOwn(m, "id") && m.method === method && (method !== "tools/call" || sameJson(tool(m), tool(input))));
}

function saidIn(task: TaskId, plan: readonly PlannedCheck[], outcomes: (k: number, i: number) => CallOutcome | undefined, override?: ExpectOverride): Said {
  let kinds: Set<string> | undefined;
  const collect = (): Set<string> => {
    const found = new Set<string>();
    plan.forEach((planned, k) => planned.inputs.forEach((_, i) => {
      const outcome = outcomes(k, i);
      const text = outcome?.ok ? refusalText(outcome.value) : undefined;
      if (text === undefined) return;
      const expectation = override ? override(planned, i) : expectedAnswers(task, planned)[i];
      for (const kind of expectation ? refusalKinds(expectation) : []) if (text.includes(kind)) found.add(kind);
      // A protocol error, in any words, where the rules answer one of that kind (errorKind), but
      // to the page's own message under another id: refusing only the page's unknown method or
      // tool is no rule followed elsewhere and skipped here, but the rule skipped beyond the page,
      // whose line its same-kind check takes (narrow-round-2026-12-07o ch2-narrow-*-page-*: 14/17,
      // where skipping it everywhere cost one point).
      const error = expectation ? errorKind(expectation) : undefined;
      const value = outcome!.ok ? (outcome!.value as Record<string, unknown>) : undefined;
      if (error !== undefined && typeof value?.["error"] === "object" && value["error"] !== null && !(task === "task2" && pageMessage(planned.inputs[i]))) found.add(error);
    }));
    return found;
  };
  return (kind) => (kinds ??= collect()).has(kind);
}

function counterexample(planned: PlannedCheck, task: TaskId, index: number, outcome: CallOutcome | undefined, override?: ExpectOverride, said: Said = NOTHING_SAID): Counterexample | undefined {
  const input = planned.inputs[index];
  if (planned.check.judge === "input-unchanged") {
    if (!outcome?.ok) return undefined; // a call that failed is output's business, judged by the other checks
    if (sameJson(outcome.input, input)) return undefined;
    return { input, expected: show(input), actual: show(outcome.input), ...(addedKeyNotShown(input, outcome.input, outcome.value) ? { contradicts: true } : {}) };
  }
  if (planned.check.judge === "answered") {
    const id = (input as { id?: unknown } | null)?.id;
    const expected = `a response with "id": ${show(id)} and a result or an error`;
    if (!outcome) return { input, expected, actual: "(not called: the process stopped before this input)" };
    if (!outcome.ok) return { input, expected, actual: outcome.failure.message };
    const v = outcome.value as Record<string, unknown> | null | undefined;
    const answered = v !== null && typeof v === "object" && !Array.isArray(v) && Object.hasOwn(v, "id") && sameJson(v["id"], id) && (Object.hasOwn(v, "result") || Object.hasOwn(v, "error"));
    if (answered) return undefined;
    // Answered, under another id: no slip in which messages are answered (t2_responses) explains it.
    const underOtherId = v !== null && typeof v === "object" && !Array.isArray(v) && (Object.hasOwn(v, "result") || Object.hasOwn(v, "error"));
    return { input, expected, actual: show(outcome.value === undefined ? null : outcome.value), ...(underOtherId ? { contradicts: true } : {}) };
  }
  const expectation = override ? override(planned, index) : expectedAnswers(task, planned)[index]!;
  if (!expectation) return undefined;
  const expected = describeExpectation(expectation);
  if (!outcome) return { input, expected, actual: "(not called: the process stopped before this input)" };
  if (!outcome.ok) return { input, expected, actual: outcome.failure.message };
  const actual = outcome.value === undefined ? null : outcome.value;
  const part = planned.check.part;
  if (part ? readsTheSame(part, expectation, actual) : accepts(expectation, actual)) return undefined;
  return { input, expected, actual: show(actual), ...(planned.check.contradicts?.(expectation, actual, said) ? { contradicts: true } : {}) };
}

/** Whether the answer reads as the model's where the check's line reads (BehaviourCheck.part). */
function readsTheSame(part: (answer: unknown) => unknown, expectation: Expectation, actual: unknown): boolean {
  if (expectation.kind === "protocol") return accepts(expectation, actual);
  // What the specification lets an answer carry beyond the rule's fields (a listed tool's title,
  // annotations, _meta) is not read, as accepts() does not (idioms-2026-12-06k ch2-spec-tool-*-in-list).
  return sameJson(part(servedWithoutExtras(withoutSpecExtras(actual, expectation.value))), part(servedWithoutExtras(expectation.value)));
}

/** Judges one check given the outcomes of its inputs, in the same order. */
export function judgeCheck(task: TaskId, planned: PlannedCheck, outcomes: (CallOutcome | undefined)[], seed: number, override?: ExpectOverride, excused?: Excused): CheckResult {
  return judged(task, planned, outcomes, seed, override, excused).result;
}

function judged(task: TaskId, planned: PlannedCheck, outcomes: (CallOutcome | undefined)[], seed: number, override?: ExpectOverride, excused?: Excused, said?: Said): { result: CheckResult; failing: number[] } {
  const { check, inputs } = planned;
  const base = { name: check.name, kind: "behaviour", title: check.title, hint: check.hint ? `${check.rule} ${check.hint}` : check.rule } as const;
  const failures = inputs.flatMap((_, i) => {
    const c = counterexample(planned, task, i, outcomes[i], override, said);
    return c ? [{ ...c, index: i, outcome: outcomes[i] }] : [];
  });
  // The fixture's failed call seen again under another id is not this check's to judge: with
  // nothing else failing, the check has no verdict of its own (skip), never a pass.
  const seen = ({ input, outcome }: (typeof failures)[number]): boolean => outcome !== undefined && !outcome.ok && excused?.(input, outcome.failure) === true;
  const failing = failures.map((f) => f.index);
  if (failures.length > 0 && failures.every(seen)) {
    return { failing, result: { ...base, status: "skip", message: `Its ${failures.length} failing input${failures.length > 1 ? "s hold" : " holds"} a case of a fixture ${task === "task3" ? "line" : "message"} whose own call failed, and fail${failures.length > 1 ? "" : "s"} as that call did: charged by the line that reads it (${inputs.length - failures.length} of ${inputs.length} inputs answered by the rule; seed ${seed}).` } };
  }
  if (failures.length === 0) return { failing, result: { ...base, status: "pass", message: `${inputs.length} inputs tried (seed ${seed}).` } };
  const smallest = failures.reduce((a, b) => (show(b.input).length < show(a.input).length ? b : a));
  const call = `${TASKS[task].exportName}(${show(smallest.input)})`;
  const what = check.judge === "input-unchanged" ? "changed its input" : "answered differently from the chapter's rules";
  return {
    failing, result: {
      ...base, status: "fail", expected: smallest.expected, actual: smallest.actual, ...(failures.some((f) => f.contradicts) ? { ownMistake: true as const } : {}),
      message: `${failures.length} of ${inputs.length} generated inputs ${what} (seed ${seed}, run again with --seed ${seed}). The smallest: ${call}`,
    },
  };
}

/** Each planned check's failing inputs (indices in its own inputs), as judgeBehaviour finds them. */
export function failingInputs(task: TaskId, plan: PlannedCheck[], calls: readonly (CallOutcome | undefined)[], offset: number, seed: number, override?: ExpectOverride): number[][] {
  const { offsets } = planInputs(plan);
  const said = saidIn(task, plan, (k, i) => calls[offset + offsets[k]! + i], override);
  return plan.map((planned, k) => judged(task, planned, planned.inputs.map((_, i) => calls[offset + offsets[k]! + i]), seed, override, undefined, said).failing);
}

/** Whether `outcome`, the answer to a planned check's input `index`, breaks the check's rule. */
export const breaksRule = (task: TaskId, planned: PlannedCheck, index: number, outcome: CallOutcome | undefined, override?: ExpectOverride): boolean =>
  counterexample(planned, task, index, outcome, override) !== undefined;

/** Lays the job's calls out over the planned checks, as planInputs laid out their inputs. */
export function judgeBehaviour(task: TaskId, plan: PlannedCheck[], calls: CallOutcome[], offset: number, seed: number, override?: ExpectOverride, excused?: Excused): CheckResult[] {
  const { offsets } = planInputs(plan);
  const said = saidIn(task, plan, (k, i) => calls[offset + offsets[k]! + i], override);
  const all = plan.map((planned, k) => {
    const outcomes = planned.inputs.map((_, i) => calls[offset + offsets[k]! + i]);
    return judged(task, planned, outcomes, seed, override, excused, said);
  });
  // A check whose inputs hold other checks' cases (BehaviourCheck.reachedBy): its failure may be theirs.
  const reached = chargeReached(all.map((j) => j.result), plan.flatMap((p, k) => (p.check.reachedBy ? [{ name: p.check.name, reachedBy: p.check.reachedBy, inputs: p.inputs, failing: all[k]!.failing }] : [])));
  // Nor one made of answers right but for their id: the id rule's (src/pack/id-slip.ts).
  const idRule = plan.find((p) => p.check.idRule)?.check.name;
  const outcomeAt = (k: number, i: number): CallOutcome | undefined => calls[offset + offsets[k]! + i];
  const ids = idRule === undefined ? reached
    : chargeIdSlips(reached, idReaches(plan, all.map((j) => j.failing), outcomeAt, (p, i, outcome) => breaksRule(task, p, i, outcome, override)), idRule);
  // Nor is a failure read through a check that broke on key order alone (src/pack/key-orders.ts).
  return notThroughKeyOrder(ids, plan.map((p, k) => ({ name: p.check.name, inputs: p.inputs, failing: all[k]!.failing })));
}
