// Reads the sandbox's runs as the grader's own values: each call's value decoded (value.ts) and
// checked, the fixture run turned into what the evidence lines are computed from.
import { LINES, MESSAGES } from "../course/fixtures.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import type { TaskValue } from "../evidence/line.js";
import { describeMessage } from "./describe.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { TaskFailure, WireCall, WireRun } from "../../../src/sandbox/protocol.js";
import { decodeValue, NotData, notJson, toJsonValue } from "../../../src/sandbox/value.js";
import { failures } from "../../../src/sandbox/failures.js";
import { FailedCall, fixtureCalls } from "../../../src/pack/failed-call.js";
import { answersAlone, answersWithout } from "../../../src/pack/line-by-line.js";
import { anotherOfKind } from "../behaviour/line-kinds.js";

export type FixtureOutcome = { value: TaskValue } | { failure: TaskFailure };

const notJsonFailure = (task: TaskId, problem: string): TaskFailure =>
  ({ reason: "not-json", message: `${TASKS[task].exportName} returned something JSON cannot represent: ${problem.replace(/^\$/, "the return value")}.` });
const promiseFailure = (task: TaskId): TaskFailure =>
  ({ reason: "promise", message: `${TASKS[task].exportName} returned a Promise. Everything in this chapter is synchronous: remove async and await and return the value itself.` });

// An answer whose id alone JSON cannot carry (Number(id) of a string id is NaN): the rest of it,
// for the id rule's charge (CallOutcome.idless).
function idless(value: unknown): { idless?: unknown } {
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof NotData || !Object.hasOwn(value, "id")) return {};
  const rest = Object.fromEntries(Object.entries(value).filter(([k]) => k !== "id"));
  return notJson((value as Record<string, unknown>)["id"]) !== undefined && notJson(rest) === undefined ? { idless: toJsonValue(rest) } : {};
}

/**
 * A call's value as the grader's own data. `strict` (the checks that judge the wire): anything
 * JSON cannot carry makes it a failure, and the value is what JSON carries (a key whose value is
 * undefined is gone); otherwise it is read as the object it was (the evidence lines: t1_keys).
 */
export function readCall(task: TaskId, call: WireCall, strict: boolean): CallOutcome {
  if (!call.ok) return call;
  const decoded = decodeValue(call.value);
  if (!decoded.ok) return { ok: false, failure: failures.crash(decoded.problem) };
  // "Returns None" is null; undefined is the same for handle.
  const value = decoded.value === undefined && task === "task2" ? null : decoded.value;
  if (value instanceof NotData && value.what === "promise") return { ok: false, failure: promiseFailure(task) };
  if (strict && !decoded.plain) {
    const problem = notJson(value);
    if (problem) return { ok: false, failure: notJsonFailure(task, problem), ...idless(value) };
  }
  let input: unknown;
  if (call.input !== undefined) {
    const echoed = decodeValue(call.input);
    if (echoed.ok) input = strict && !echoed.plain ? toJsonValue(echoed.value) : echoed.value;
  }
  const read = strict && !decoded.plain ? toJsonValue(value) : value;
  return input === undefined ? { ok: true, value: read } : { ok: true, value: read, input };
}

/** The calls of a run, read; undefined for a run that did not run (skipped or failed to load). */
export function readCalls(task: TaskId, run: WireRun | undefined, strict = true): CallOutcome[] | undefined {
  if (!run || run.status !== "ran") return undefined;
  return run.calls.map((c) => readCall(task, c, strict));
}

// The engine knows no course: the export's expected signature is added here.
const withSignature = (task: TaskId, failure: TaskFailure): TaskFailure => (failure.reason !== "missing-export" ? failure
  : { ...failure, message: failure.message.replace(`a function named ${TASKS[task].exportName}.`, `a function named ${TASKS[task].exportName} with the signature ${TASKS[task].signature}.`) });

/**
 * serve's answer to each fixture line alone (the run TaskRuns.perLine), when its call on LINES
 * failed, a FailedCall naming the line where that failed too (src/pack/line-by-line.ts).
 */
const byLine = (run: WireRun | undefined): unknown[] | undefined =>
  answersAlone(readCalls("task3", run, false), LINES);

/** serve's answers to LINES without one or two lines (each line another of its kind, behaviour/line-kinds.ts), from the same run. */
export const withoutLines = (run: WireRun | undefined, seed: number): ReturnType<typeof answersWithout> => answersWithout(readCalls("task3", run, false), LINES, seed, anotherOfKind);

/** `perLine`: serve's run on each fixture line alone (request.ts), when there was one. */
export function fixtureOutcome(task: TaskId, run: WireRun | undefined, perLine?: WireRun): FixtureOutcome {
  if (!run || run.status === "skipped") return { failure: failures.crash("the fixture run was not made") };
  if (run.status === "failed") return { failure: withSignature(task, run.failure) };
  // Values that JSON cannot carry stay in: only the lines that read them error (evidence/reading.ts, data).
  const calls = run.calls.map((c) => readCall(task, c, false));
  const onMessage = (i: number, failure: TaskFailure): TaskFailure => {
    const f = withSignature(task, failure);
    const prefix = task === "task2" && f.reason !== "not-written" && f.reason !== "missing-export" ? `For ${describeMessage(MESSAGES[i])}: ` : "";
    return { ...f, message: prefix + f.message };
  };
  const read = fixtureCalls(calls, run.stopped, onMessage);
  if ("failedAt" in read) {
    const failure = onMessage(read.failedAt, (calls[read.failedAt] as { ok: false; failure: TaskFailure }).failure);
    // serve's one call failed on one of the lines: the lines that read it fail, the others are read from each line alone.
    const lines = task === "task3" && !run.stopped ? byLine(perLine) : undefined;
    return lines ? { value: { task: "task3", result: new FailedCall(0, failure), byLine: lines } } : { failure };
  }
  if ("stopped" in read) return { failure: read.stopped };
  const values = read.values;
  if (task === "task2") return { value: { task: "task2", responses: values } };
  if (task === "task1") {
    const first = calls[0] as { value: unknown; input?: unknown };
    return { value: { task: "task1", result: first.value, ...(first.input !== undefined ? { input: first.input } : {}) } };
  }
  return { value: { task: "task3", result: values[0] } };
}
