// Runs inside the sandboxed child process, bundled together with the student's task. It waits
// for one job over IPC, calls the task's function on each input and sends back one reply.
// Nothing here writes to stdout: everything on stdout is the student's.
import { NOT_WRITTEN_YET } from "../course/not-written-yet.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { findNonJson } from "../json/plain.js";
import type { CallOutcome, HarnessReply, HarnessRequest, TaskFailure } from "./outcome.js";

class ExitCalled extends Error {
  constructor(readonly code: unknown) {
    super(`process.exit(${code === undefined ? "" : String(code)})`);
  }
}

const realExit = process.exit.bind(process);

function reply(message: HarnessReply): void {
  if (!process.send) realExit(70);
  process.send!(message, () => realExit(0));
}

/** The first stack frame in the submission, as path:line:column. */
function studentLocation(error: unknown, submissionDir: string): string | undefined {
  const stack = error instanceof Error ? String(error.stack ?? "") : "";
  for (const line of stack.split("\n")) {
    const match = /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?\s*$/.exec(line.trim());
    const file = match?.[1]?.replace(/^file:\/\//, "");
    if (file?.startsWith(submissionDir)) return file;
  }
  return undefined;
}

function describeThrow(error: unknown, submissionDir: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `the value ${String(error)}`;
  const where = studentLocation(error, submissionDir);
  return where ? `${text} (at ${where})` : text;
}

function callOnce(fn: (a: unknown) => unknown, input: unknown, task: TaskId, submissionDir: string): CallOutcome {
  const name = TASKS[task].exportName;
  const failed = (reason: TaskFailure["reason"], message: string): CallOutcome => ({ ok: false, failure: { reason, message } });
  let value: unknown;
  try {
    value = fn(input);
  } catch (error) {
    if (error instanceof Error && error.name === NOT_WRITTEN_YET) return failed("not-written", `${name} in ${TASKS[task].file} is not written yet: replace the TODO in it with your code.`);
    if (error instanceof ExitCalled) return failed("exit", `${name} called ${error.message}. A task returns its answer; it never ends the process.`);
    return failed("throw", `${name} threw ${describeThrow(error, submissionDir)}.`);
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

async function runJob(load: () => Promise<Record<string, unknown>>, job: HarnessRequest, submissionDir: string): Promise<HarnessReply> {
  const info = TASKS[job.task];
  let module: Record<string, unknown>;
  try {
    module = await load();
  } catch (error) {
    const reason = error instanceof ExitCalled ? "exit" : "import-error";
    return { kind: "failure", failure: { reason, message: `${info.file} failed while it was being loaded, before ${info.exportName} was called: ${describeThrow(error, submissionDir)}. Code at the top level of a module runs on import; move it into a function.` } };
  }
  const fn = module[info.exportName];
  if (typeof fn !== "function") {
    const found = Object.keys(module).filter((k) => k !== "__esModule");
    const foundText = found.length ? `It exports: ${found.join(", ")}.` : "It exports nothing.";
    const hint = found.includes("default") ? ` A default export does not count: write "export function ${info.exportName}(...)".` : "";
    return { kind: "failure", failure: { reason: "missing-export", message: `${info.file} must export a function named ${info.exportName} with the signature ${info.signature}. ${foundText}${hint}` } };
  }
  const calls: CallOutcome[] = [];
  for (const input of job.inputs) {
    const outcome = callOnce(fn as (a: unknown) => unknown, input, job.task, submissionDir);
    calls.push(outcome.ok && job.returnInputs ? { ...outcome, input } : outcome);
    if (!outcome.ok && job.stopOnFailure) break;
  }
  return { kind: "calls", calls };
}

export function runHarness(load: () => Promise<Record<string, unknown>>, submissionDir: string): void {
  // process.exit in student code becomes an ordinary throw, so it is reported where it happens.
  process.exit = ((code?: unknown) => { throw new ExitCalled(code); }) as typeof process.exit;
  process.once("message", (job: HarnessRequest) => {
    void runJob(load, job, submissionDir).then(reply);
  });
  // The time limit starts now, so that a slow start of node on a busy machine is not charged
  // to the student's code.
  process.send?.({ kind: "ready" } satisfies HarnessReply);
}
