// The core of the harness: load the task's module, call its export once per input, turn each
// call into a CallOutcome. It runs inside every sandbox context (vm-harness.ts bundles it), beside
// the student's code, which is why it takes nothing from outside the context.
import { NOT_WRITTEN_YET } from "../course/not-written-yet.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { findNonJson } from "../json/plain.js";
import type { CallOutcome, HarnessRequest, TaskFailure, WireCall, WireReply } from "./outcome.js";

export class ExitCalled extends Error {
  constructor(readonly code: unknown) {
    super(`process.exit(${code === undefined ? "" : String(code)})`);
  }
}

/** Turns a thrown error's stack into "where in the student's code", or undefined. */
export type Locate = (error: unknown) => string | undefined;

function describeThrow(error: unknown, locate: Locate): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `the value ${String(error)}`;
  const where = locate(error);
  return where ? `${text} (at ${where})` : text;
}

function callOnce(fn: (a: unknown) => unknown, input: unknown, task: TaskId, locate: Locate): CallOutcome {
  const name = TASKS[task].exportName;
  const failed = (reason: TaskFailure["reason"], message: string): CallOutcome => ({ ok: false, failure: { reason, message } });
  let value: unknown;
  try {
    value = fn(input);
  } catch (error) {
    if (error instanceof Error && error.name === NOT_WRITTEN_YET) return failed("not-written", `${name} in ${TASKS[task].file} is not written yet: replace the TODO in it with your code.`);
    if (error instanceof ExitCalled) return failed("exit", `${name} called ${error.message}. A task returns its answer; it never ends the process.`);
    return failed("throw", `${name} threw ${describeThrow(error, locate)}.`);
  }
  if (value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function") {
    return failed("promise", `${name} returned a Promise. Everything in this chapter is synchronous: remove async and await and return the value itself.`);
  }
  // The chapter's "returns None" is null here, and undefined counts the same.
  if (value === undefined && task === "task2") value = null;
  const problem = findNonJson(value);
  if (problem) return failed("not-json", `${name} returned something JSON cannot represent: ${problem.replace(/^\$/, "the return value")}.`);
  return { ok: true, value };
}

/** Loads the task's module (a bundle's lazy require) and calls its export on every input. */
export function executeJob(load: () => Record<string, unknown>, job: HarnessRequest, locate: Locate, expected: Expected = () => undefined): WireReply {
  let module: Record<string, unknown>;
  try {
    module = load();
  } catch (error) {
    return loadFailure(job, error, locate);
  }
  return callAll(module, job, locate, expected);
}

function loadFailure(job: HarnessRequest, error: unknown, locate: Locate): WireReply {
  const info = TASKS[job.task];
  const reason = error instanceof ExitCalled ? "exit" : "import-error";
  return { kind: "failure", failure: { reason, message: `${info.file} failed while it was being loaded, before ${info.exportName} was called: ${describeThrow(error, locate)}. Code at the top level of a module runs on import; move it into a function.` } };
}

/** The expected answer's JSON text for input i, if the job has one (job-text.ts). */
export type Expected = (i: number) => string | undefined;

function callAll(module: Record<string, unknown>, job: HarnessRequest, locate: Locate, expected: Expected): WireReply {
  const info = TASKS[job.task];
  const fn = module[info.exportName];
  if (typeof fn !== "function") {
    const found = Object.keys(module).filter((k) => k !== "__esModule");
    const foundText = found.length ? `It exports: ${found.join(", ")}.` : "It exports nothing.";
    const hint = found.includes("default") ? ` A default export does not count: write "export function ${info.exportName}(...)".` : "";
    return { kind: "failure", failure: { reason: "missing-export", message: `${info.file} must export a function named ${info.exportName} with the signature ${info.signature}. ${foundText}${hint}` } };
  }
  const calls: WireCall[] = [];
  // By index, never through an array method or iterator: an earlier task's code may have replaced
  // those. The expected answers (Job.expected) are never handed to anything it could replace.
  const { inputs } = job;
  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    const before = job.returnInputs ? textOf(input) : undefined;
    const outcome = callOnce(fn as (a: unknown) => unknown, input, job.task, locate);
    calls[calls.length] = outcome.ok ? compact(outcome.value, expected(i), job.returnInputs ? { input, before } : undefined) : outcome;
    if (!outcome.ok && job.stopOnFailure) break;
  }
  return { kind: "calls", calls };
}

// Taken when the harness starts, before any student code: the student may replace JSON.
const { stringify } = JSON;
const textOf = (value: unknown): string | undefined => {
  try {
    return stringify(value);
  } catch {
    return undefined; // the reply's own serialising says what is wrong with it
  }
};

/**
 * A returned value as it is sent back: `same` instead of a value whose JSON is the expected
 * answer's, and `inputSame` instead of an input whose JSON did not change. The grader would read
 * exactly that JSON back, so it puts in what it knows (pool-reply.ts); most answers are right,
 * and sending them all back cost both processes more than running them.
 */
function compact(value: unknown, expected: string | undefined, echo?: { input: unknown; before: string | undefined }): WireCall {
  const call: WireCall = typeof expected === "string" && textOf(value) === expected ? { ok: true, same: true } : { ok: true, value };
  if (!echo) return call;
  if (echo.before !== undefined && textOf(echo.input) === echo.before) call.inputSame = true;
  else call.input = echo.input;
  return call;
}
