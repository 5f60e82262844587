// Reads the sandbox's runs as the grader's own values: each call's value decoded and held to
// what JSON carries (a function, a Promise or a cycle in an answer makes the call a failure),
// and the failure that kept a task from running on its fixtures, in the student's terms.
import type { PackTask } from "../../../src/pack/types.js";
import type { TaskFailure, WireCall, WireRun } from "../../../src/sandbox/protocol.js";
import { decodeValue, NotData, notJson, toJsonValue } from "../../../src/sandbox/value.js";
import type { Outcome } from "../behaviour/check.js";
import { show } from "../evidence/reading.js";
import { fixtureCalls } from "../../../src/pack/failed-call.js";

const crash = (why: string): TaskFailure => ({ reason: "crash", message: `The grader could not read the answer: ${why}. This is most likely a bug in the grader; please report it with your files.` });

/** One call's value as data, or its failure. `nullForUndefined`: handle's "no response" may be undefined too. */
export function readCall(task: PackTask, call: WireCall, nullForUndefined: boolean): Outcome {
  if (!call.ok) return { ok: false, failure: call.failure };
  const decoded = decodeValue(call.value);
  if (!decoded.ok) return { ok: false, failure: crash(decoded.problem) };
  const value = decoded.value === undefined && nullForUndefined ? null : decoded.value;
  if (value instanceof NotData && value.what === "promise") {
    return { ok: false, failure: { reason: "promise", message: `${task.exportName} returned a Promise. Everything in this course is synchronous: remove async and await and return the value itself.` } };
  }
  if (decoded.plain) return { ok: true, value };
  const problem = notJson(value);
  if (problem) return { ok: false, failure: { reason: "not-json", message: `${task.exportName} returned something JSON cannot represent: ${problem.replace(/^\$/, "the return value")}.` } };
  return { ok: true, value: toJsonValue(value) };
}

/** A run's calls, read by `read` (readCall's by default) with each call's index. */
export type CallReader = (task: PackTask, call: WireCall, index: number) => Outcome;

export function readRun(task: PackTask, run: WireRun | undefined, nullForUndefined = false, read?: CallReader): Outcome[] | undefined {
  if (!run || run.status !== "ran") return undefined;
  return run.calls.map((c, i) => (read ? read(task, c, i) : readCall(task, c, nullForUndefined)));
}

/**
 * serve's call read with the undefined items of `out` dropped when there are exactly `holes` of
 * them: as many as the student's handle answered that call's lines with undefined (which the
 * checks of handle take for its null, "no response"). A serve that appends
 * JSON.stringify(response) for each answer but null writes one there; the JSON it cannot be is
 * handle's idiom, not serve's mistake. Anything else not JSON stays a failure.
 */
export function readServeCall(task: PackTask, call: WireCall, holes: number): Outcome {
  const first = readCall(task, call, false);
  if (first.ok || holes === 0 || !call.ok) return first;
  const decoded = decodeValue(call.value);
  const value = decoded.ok ? decoded.value : undefined;
  if (typeof value !== "object" || value === null || !Array.isArray((value as { out?: unknown }).out)) return first;
  const out = (value as { out: unknown[] }).out;
  if (out.filter((line) => line === undefined).length !== holes) return first;
  const kept = { ...(value as object), out: out.filter((line) => line !== undefined) };
  return notJson(kept) ? first : { ok: true, value: toJsonValue(kept) };
}

const withSignature = (task: PackTask, failure: TaskFailure): TaskFailure => (failure.reason !== "missing-export" ? failure
  : { ...failure, message: failure.message.replace(`a function named ${task.exportName}.`, `a function named ${task.exportName} with the signature ${task.signature}.`) });

/**
 * The values of the fixture run, or why there are none. `describe` names the input a call failed
 * on. A call that failed among calls that answered stays in as a FailedCall: the lines that read
 * it fail, the others are judged (src/pack/failed-call.ts).
 */
export function fixtureValues(task: PackTask, run: WireRun | undefined, nullForUndefined: boolean, describe?: (index: number) => string, read?: CallReader): { values: unknown[] } | { failure: TaskFailure } {
  if (!run || run.status === "skipped") return { failure: crash("the fixture run was not made") };
  if (run.status === "failed") return { failure: withSignature(task, run.failure) };
  const calls = readRun(task, run, nullForUndefined, read)!;
  const named = (i: number, f: TaskFailure): TaskFailure => {
    const failure = withSignature(task, f);
    const plain = failure.reason === "not-written" || failure.reason === "missing-export" || !describe;
    return plain ? failure : { ...failure, message: `For ${describe(i)}: ${failure.message}` };
  };
  const outcome = fixtureCalls(calls, run.stopped, named);
  if ("failedAt" in outcome) return { failure: named(outcome.failedAt, (calls[outcome.failedAt] as { ok: false; failure: TaskFailure }).failure) };
  if ("stopped" in outcome) return { failure: outcome.stopped };
  return outcome;
}

export const describeInput = (exportName: string, input: unknown): string =>
  Array.isArray(input) && exportName === "checkArgs" ? `checkArgs(${input.map((a) => show(a, 200)).join(", ")})` : `${exportName}(${show(input, 200)})`;
