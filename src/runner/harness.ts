// Runs inside the sandboxed child process, bundled together with the student's task. It calls
// the task's function on fresh copies of the fixtures and sends back exactly one reply over IPC.
// Nothing here writes to stdout: everything on stdout is the student's.
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import { NOT_WRITTEN_YET } from "../course/not-written-yet.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { findNonJson } from "../json/plain.js";
import { describeMessage } from "./describe.js";
import type { FailureReason, HarnessReply, TaskValue } from "./outcome.js";

class ExitCalled extends Error {
  constructor(readonly code: unknown) {
    super(`process.exit(${code === undefined ? "" : String(code)}) was called`);
  }
}

const realExit = process.exit.bind(process);

function reply(message: HarnessReply): void {
  if (!process.send) realExit(70);
  process.send!(message, () => realExit(0));
}

function fail(reason: FailureReason, message: string): void {
  reply({ kind: "failure", failure: { reason, message } });
}

/** The first stack frame in the submission, as path:line:column. */
function studentLocation(error: unknown, submissionDir: string): string | undefined {
  const stack = error instanceof Error ? String(error.stack ?? "") : "";
  for (const line of stack.split("\n")) {
    const match = /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?\s*$/.exec(line.trim());
    if (match && match[1]!.replace(/^file:\/\//, "").startsWith(submissionDir)) {
      return match[1]!.replace(/^file:\/\//, "");
    }
  }
  return undefined;
}

function describeThrow(error: unknown, submissionDir: string): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : `the value ${String(error)}`;
  const where = studentLocation(error, submissionDir);
  return where ? `${text} (at ${where})` : text;
}

export async function runHarness(load: () => Promise<Record<string, unknown>>, task: TaskId, submissionDir: string): Promise<void> {
  // process.exit in student code becomes an ordinary throw, so it is reported where it happens.
  process.exit = ((code?: unknown) => { throw new ExitCalled(code); }) as typeof process.exit;
  const info = TASKS[task];
  let module: Record<string, unknown>;
  try {
    module = await load();
  } catch (error) {
    const exit = error instanceof ExitCalled;
    return fail(exit ? "exit" : "import-error",
      `${info.file} failed while it was being loaded, before ${info.exportName} was called: ${describeThrow(error, submissionDir)}. ` +
      "Code at the top level of a module runs on import; move it into a function.");
  }
  const fn = module[info.exportName];
  if (typeof fn !== "function") {
    const found = Object.keys(module).filter((k) => k !== "__esModule");
    const foundText = found.length ? `It exports: ${found.join(", ")}.` : "It exports nothing.";
    const hint = found.includes("default")
      ? ` A default export does not count: write "export function ${info.exportName}(...)".`
      : "";
    return fail("missing-export",
      `${info.file} must export a function named ${info.exportName} with the signature ${info.signature}. ${foundText}${hint}`);
  }

  const call = (arg: unknown, what: string): { ok: true; value: unknown } | { ok: false } => {
    let value: unknown;
    try {
      value = (fn as (a: unknown) => unknown)(arg);
    } catch (error) {
      if (error instanceof Error && error.name === NOT_WRITTEN_YET) {
        fail("not-written", `${info.exportName} in ${info.file} is not written yet: replace the TODO in it with your code.`);
      } else if (error instanceof ExitCalled) {
        fail("exit", `${info.exportName} called ${error.message.replace(" was called", "")} ${what}. A task returns its answer; it never ends the process.`);
      } else {
        fail("throw", `${info.exportName} threw ${what}: ${describeThrow(error, submissionDir)}.`);
      }
      return { ok: false };
    }
    if (value !== null && typeof value === "object" && typeof (value as { then?: unknown }).then === "function") {
      fail("promise", `${info.exportName} returned a Promise ${what}. Everything in this chapter is synchronous: remove async and await and return the value itself.`);
      return { ok: false };
    }
    if (value === undefined && task === "task2") value = null;
    const problem = findNonJson(value);
    if (problem) {
      fail("not-json", `${info.exportName} returned something JSON cannot represent ${what}: ${problem.replace(/^\$/, "the return value")}.`);
      return { ok: false };
    }
    return { ok: true, value };
  };

  let value: TaskValue;
  if (task === "task2") {
    const responses: unknown[] = [];
    for (const message of MESSAGES) {
      const r = call(structuredClone(message), `for ${describeMessage(message)}`);
      if (!r.ok) return;
      responses.push(r.value);
    }
    value = { task, responses };
  } else {
    const r = task === "task1" ? call(structuredClone(TOOL), "for the chapter's TOOL") : call(structuredClone(LINES), "for the chapter's LINES");
    if (!r.ok) return;
    value = { task, result: r.value };
  }
  reply({ kind: "value", json: JSON.stringify(value) });
}
