// The failures a run can end in, each as one paragraph for the student, and where in their
// files a throw happened (the first frame in one of their modules).
import { CALL_FUEL_FACTOR, LOADS_FUEL, REFERENCE_RUN_FUEL, REFERENCE_SUBMISSION_FUEL } from "./fuel.js";
import type { FailureReason, RunSpec, TaskFailure } from "./protocol.js";
import { newerThanNode20 } from "./newer-than-node20.js";

const failure = (reason: FailureReason, message: string): TaskFailure => ({ reason, message });
const percent = (part: number, whole: number): string => `${Math.min(100, Math.round((100 * part) / whole))}%`;
const LOOP_ADVICE = "Look for a loop that never ends (a while loop whose condition never changes, or a recursion with no base case), or work that grows far faster than its input. The budget counts the work the engine did, not time, so this verdict is the same on any machine.";
export const NOT_WRITTEN_NAME = "GradeNotWrittenYet";

interface Thrown { name: string; text: string; exit?: string; where?: string }

const at = (t: Thrown): string => (t.where ? `${t.text} (at ${t.where})` : t.text);

export const failures = {
  /** Out of fuel: the run's own budget (`limit`), or, given `budget`, what was left of the submission's. */
  timeout: (used: number, limit: number, budget?: number): TaskFailure => failure(budget === undefined ? "timeout" : "budget", budget === undefined
    ? `It was stopped after using ${percent(used, limit)} of its work budget (${limit} units; the reference solution uses about ${percent(REFERENCE_RUN_FUEL, limit)} of it on its largest run). ${LOOP_ADVICE}`
    : `It was stopped when the submission's work budget ran out (${budget} units for all its runs together; the reference solution uses about ${percent(REFERENCE_SUBMISSION_FUEL, budget)} of it). ${LOOP_ADVICE}`),
  /**
   * A module load stopped at its own budget (fuel.ts LOAD_FUEL), or at what was left of all the
   * submission's loads' (`whole`, LOADS_FUEL): the run ends there, the student's.
   */
  loadStopped: (limit: number, whole: boolean): TaskFailure => failure("timeout", whole
    ? `A module was stopped while it was being loaded, when the submission's loads had used their whole work budget (${LOADS_FUEL} units for every load together, each run's and each fresh module instance's; the reference solution's loads use less than a unit each). Code at the top level of a module runs at every load: ${LOOP_ADVICE}`
    : `A module never finished loading: it was stopped after using its whole work budget for one load (${limit} units; the reference solution's load uses less than one). Code at the top level of a module runs on import. ${LOOP_ADVICE}`),
  /** One call of a run stopped at its own budget (fuel.ts CALL_FUEL): that input's failure; the run went on. */
  callStopped: (spec: Pick<RunSpec, "exportName">, limit: number, times: number, where?: string): TaskFailure => failure("timeout", `${spec.exportName} never returned for this input: it was stopped${where ? ` ${where}` : ""} after using its whole work budget for one call (${limit} units${times < CALL_FUEL_FACTOR ? ", less than the first call's because an earlier call of it was stopped too" : ""}; the reference solution's costliest call uses at most 1/${Math.round(times)} of that). ${LOOP_ADVICE}`),
  budget: (budget: number): TaskFailure => failure("budget", `It was not run: the submission's earlier runs had used all of its work budget (${budget} units; the reference solution uses about ${percent(REFERENCE_SUBMISSION_FUEL, budget)} of it). A task that never returns uses its whole budget: fix the one that did not finish first.`),
  /** The clock's backstop: the grader's trouble, never a verdict on the student's code. */
  backstop: (ms: number, share?: { used: number; limit: number }): TaskFailure => failure("backstop", `The grader stopped it by the clock after ${ms} ms, not by its work${share ? `: it had used ${percent(share.used, share.limit)} of its work budget` : ""}. This is not your code's fault; the machine was too busy to finish in time. Grade again, or give the grader more time with --timeout MS.`),
  /** Processor time in built-in calls the fuel does not count (watchdog.ts): the student's work. */
  nativeWork: (ms: number, whole: boolean): TaskFailure => failure("timeout", `It was stopped after ${ms / 1000} s of the processor's time ${whole ? "in one run, far more than its work budget takes, spent mostly" : "in which its work budget counted nothing: it was"} in built-in calls, which the budget cannot count step by step (a search, sort, join, repeat or fill over millions of items, or many such calls in a loop: s.indexOf on a huge string in every turn, say); the reference solution spends a fraction of a second on a run. Look for a value that grows without end, or a built-in call repeated far more often than you meant.`),
  afterNativeWork: (): TaskFailure => failure("timeout", "It was not run: an earlier run of this submission was stopped in a built-in call that ran too long (see that run), and the sandbox was ended with it. Fix that one first."),
  outOfMemory: (mb?: number): TaskFailure => failure("out-of-memory", `It used more than ${mb === undefined ? "the sandbox's limit" : `${mb} MB`} of memory and was stopped. Look for a list or string that grows without end.`),
  crash: (why: string): TaskFailure => failure("crash", `The grader could not run it: ${why}. This is most likely a bug in the grader; please report it with your files.`),
  tooLarge: (spec: Pick<RunSpec, "exportName">): TaskFailure => failure("too-large", `${spec.exportName} returned more than the grader reads (about 1 MB of answers per task, all its calls together). Return only what the task asks for.`),
  missingExport: (spec: Pick<RunSpec, "entry" | "exportName">, found: string[]): TaskFailure => {
    const list = found.filter((k) => k !== "__esModule");
    const foundText = list.length ? `It exports: ${list.join(", ")}.` : "It exports nothing.";
    const hint = list.includes("default") ? ` A default export does not count: write "export function ${spec.exportName}(...)".` : "";
    return failure("missing-export", `${spec.entry} must export a function named ${spec.exportName}. ${foundText}${hint}`);
  },
  load: (spec: Pick<RunSpec, "entry" | "exportName">, t: Thrown): TaskFailure => {
    if (t.exit !== undefined) return failure("exit", `${spec.entry} called process.exit(${t.exit}) while it was being loaded. A task returns its answer; it never ends the process.`);
    if (t.name === "ModuleRefused") return failure("import-error", t.where ? `${t.where}: ${t.text.replace(/^ModuleRefused: /, "")}` : t.text.replace(/^ModuleRefused: /, ""));
    if (t.name === "CompileError") return failure("syntax", t.text.replace(/^CompileError: /, ""));
    if (t.name === NOT_WRITTEN_NAME) return notWritten(spec, t, "import-error");
    // A built-in Node 20 lacks fails the same in a function: the hint, not the advice to move it, is what helps.
    const newer = newerThanNode20(t.text);
    return failure("import-error", `${spec.entry} failed while it was being loaded, before ${spec.exportName} was called: ${at(t)}. ${newer ?? "Code at the top level of a module runs on import; move it into a function."}`);
  },
  call: (spec: Pick<RunSpec, "entry" | "exportName">, t: Thrown): TaskFailure => {
    if (t.name === NOT_WRITTEN_NAME) return notWritten(spec, t, "throw");
    if (t.exit !== undefined) return failure("exit", `${spec.exportName} called process.exit(${t.exit}). A task returns its answer; it never ends the process.`);
    const newer = newerThanNode20(t.text);
    return failure("throw", `${spec.exportName} threw ${at(t)}.${newer ? ` ${newer}` : ""}`);
  },
};

/**
 * A starter's "not written yet": this task's own, or that of a function it uses (a handle written
 * before the toMcp it imports), which is no starter of this task's: the task failed (`otherwise`),
 * and the grading judges it again with a correct copy of what it imports (grading/stand-ins.ts).
 */
function notWritten(spec: Pick<RunSpec, "entry" | "exportName">, t: Thrown, otherwise: "throw" | "import-error"): TaskFailure {
  // The starter's own line is where it was thrown: in this task's file, or in the one it imports.
  const file = t.where?.replace(/:\d+:\d+$/, "");
  if (file === undefined || file === spec.entry) return failure("not-written", `${spec.exportName} in ${spec.entry} is not written yet: replace the TODO in it with your code.`);
  const named = /([\w$.]+) is not written yet/.exec(t.text)?.[1] ?? "a function";
  return failure(otherwise, `${spec.exportName} in ${spec.entry} ${otherwise === "throw" ? "called" : "uses, while it is loaded,"} ${named} of ${file}, which is not written yet: write that first (until then, this task is judged with a correct copy of it where the course has one).`);
}

/**
 * The first frame of a QuickJS stack that is in one of the student's files, as file:line:column.
 * The stack is the student's text: read line by line, each line cut short, no backtracking.
 */
export function locate(stack: string): string | undefined {
  return locateFrame(stack)?.where;
}

/** locate's frame, with the name of its function when the stack gives one ("at serve (…)"). */
export function locateFrame(stack: string): { where: string; fn?: string } | undefined {
  const lines = stack.split("\n", 12);
  for (const raw of lines) {
    const line = raw.slice(0, 400).trim();
    // "at name (file:line:column)", or "at file:line:column" for code outside a function.
    const open = line.endsWith(")") ? line.lastIndexOf("(") : line.startsWith("at ") ? 2 : -1;
    if (open < 0) continue;
    const where = line.endsWith(")") ? line.slice(open + 1, -1) : line.slice(open + 1);
    const m = /^(.+?):(\d+)(?::(\d+))?$/.exec(where);
    if (!m) continue;
    const file = m[1]!;
    if (file === "grade-guest.js" || file.startsWith("node:") || file === "grade/course" || file === "native" || file.startsWith("<")) continue;
    const fn = line.endsWith(")") && line.startsWith("at ") ? line.slice(3, open).trim() : "";
    return { where: m[3] ? `${file}:${m[2]}:${m[3]}` : `${file}:${m[2]}`, ...(/^[\w$.]{1,100}$/.test(fn) && fn !== "<anonymous>" ? { fn } : {}) };
  }
  return undefined;
}

/**
 * Failures that are a task's, not one call's: the starter's "not written yet", an export or a
 * file that is not there, an import that fails. A run in which no call answered failed as a task
 * too: nothing is left to judge call by call (src/pack/failed-call.ts).
 */
const WHOLE_TASK: ReadonlySet<FailureReason> = new Set(["not-written", "missing-export", "missing-file", "import-error", "syntax", "refused-file"]);

type Answered = { ok: true } | { ok: false; failure: TaskFailure };

/** Whether a task's message is the starter's "not written yet" (the grader's own words, failures.ts notWritten). */
export const saysNotWritten = (message: string | undefined): boolean => message !== undefined && / is not written yet\b/.test(message);

/** Whether the task's code could not be started at all (not the starter's "not written yet"): its file, export or imports. */
export const couldNotLoad = (failure: Pick<TaskFailure, "reason">): boolean => failure.reason !== "not-written" && WHOLE_TASK.has(failure.reason);

/** Whether a call's failure is the task's (WHOLE_TASK), not that call's alone. */
export const failedTheTask = (calls: readonly Answered[]): boolean => calls.some((c) => !c.ok && WHOLE_TASK.has(c.failure.reason));

export function failsTheTask(calls: readonly Answered[]): boolean {
  return calls.every((c) => !c.ok) || failedTheTask(calls);
}
