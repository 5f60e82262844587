// One long-lived process of the sandbox. It runs under Node's permission model with no
// file system, child process or worker rights at all (see pool.ts), and runs each job in a fresh
// vm context holding only JavaScript's built-ins and the small stand-ins of its prelude
// (context-io.ts): no require, no real process, no timers. Jobs come and go over IPC as plain
// data and strings.
import vm from "node:vm";
import { collectAfterStop, prelude, readCollected } from "./context-io.js";
import { defineScript, isTimeout, runTogether, skippedReply } from "./run-together.js";

/** One task's job, and which of the request's bundles it runs (tasks may share one). */
export interface SandboxJob {
  codeIndex: number;
  /**
   * The job as job-text.ts writes it (its JSON, then any expected answers); left out when this
   * process was sent it before under `key` (a batch gives every submission the same generated
   * inputs, tens of KB of them).
   */
  jobJson?: string;
  /** Set when the process keeps jobJson, for later requests that name it by this key. */
  key?: number;
  /** The index of an earlier job of the request: this one runs only if that one ran clean. */
  after?: number;
}

// The jobs sent with a key, by key; the pool bounds how many keys there are (pool.ts).
const keptJobs = new Map<number, string>();

/**
 * The jobs of one submission: run one after another in one fresh context (each bundle has its
 * own copy of the modules; the globals are the submission's own), under one time budget.
 */
export interface PoolRequest {
  id: number;
  codes: string[];
  jobs: SandboxJob[];
  timeoutMs: number;
  /** What every job gets at least, kept back from the jobs before it (see pool.ts). */
  floorMs: number;
  /** The submission's whole time limit, for messages, when this request has only part of it. */
  budgetMs?: number;
  outputCap: number;
}

/** One job's end, sent as soon as it ends, so a process that dies later loses no finished job. */
export interface PoolReply {
  id: number;
  index: number;
  /** The harness's reply as JSON, or undefined when the job did not end normally. */
  replyJson?: string;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The time limit this job ran under. */
  limitMs: number;
  /** Whether that limit was cut short of what was left of the budget, to keep time for later jobs. */
  cut: boolean;
  error?: string;
  /** Not run: the job it runs after did not run clean. */
  skipped?: boolean;
  durationMs: number;
}
const RUN_ONE = new vm.Script("__grade.runOne(globalThis.__gradeJob)", { filename: "grade-run-one.js" });

/** The harness (vm-harness.ts, bundled), compiled once and run in every context. */
export function compileHarness(code: string): vm.Script {
  return new vm.Script(code, { filename: "grade-harness.js" });
}

/**
 * Runs a request's jobs in a fresh context: all together in one call when it can
 * (run-together.ts), then any left one by one, each under its own share of the request's limit.
 * Each reply is sent as soon as its job ends (together, those that ended together).
 */
export function runInSandbox(request: PoolRequest, harness: vm.Script, send: (replies: PoolReply | PoolReply[]) => void): void {
  const deadline = Date.now() + request.timeoutMs;
  const left = (): number => deadline - Date.now();
  const count = request.jobs.length;
  // The floor of every later job is kept back from this one, so that a task that never returns
  // leaves its neighbours their floor inside the submission's limit, not after it.
  const limitFor = (index: number, leftNow: number): number => Math.max(leftNow - (count - 1 - index) * request.floorMs, request.floorMs);
  let ctx!: vm.Context;
  let setupError: string | undefined;
  const freshContext = (): void => {
    // A null-prototype global leaves no object of the grader's realm to climb out through.
    ctx = vm.createContext(Object.create(null), { microtaskMode: "afterEvaluate", codeGeneration: { strings: true, wasm: false } });
    setupError = undefined;
    try {
      prelude(request.outputCap).runInContext(ctx);
      harness.runInContext(ctx);
    } catch (error) {
      setupError = describe(error);
    }
  };
  freshContext();
  const jobJsons = request.jobs.map((job) => {
    if (job.jobJson !== undefined && job.key !== undefined) keptJobs.set(job.key, job.jobJson);
    return job.jobJson ?? keptJobs.get(job.key!);
  });
  // Per job, whether it ran clean, as its harness said: only whether a job run after it is
  // worth running depends on it (the grader judges every reply itself).
  const clean: boolean[] = [];
  let from = 0;
  if (count > 1 && !setupError && jobJsons.every((j) => j !== undefined)) {
    from = runTogether(request, ctx, jobJsons as string[], limitFor(0, left()), left(), clean, send);
    // Stopped or broken part-way: the jobs left start in a fresh context, one by one.
    if (from < count) freshContext();
  }
  const scripts: vm.Script[] = [];
  for (let index = from; index < count; index++) {
    const job = request.jobs[index]!;
    if (job.after !== undefined && !clean[job.after]) {
      send(skippedReply(request.id, index));
      continue;
    }
    // Each job after the first in a context of its own: one stopped mid-way may hold a loop in
    // its microtask queue, and an earlier job's code could catch the next job on its way in
    // (a setter on the global), expected answers and all (Job.expected).
    if (index > from) freshContext();
    const started = Date.now();
    const leftNow = left();
    const limitMs = limitFor(index, leftNow);
    const until = started + limitMs;
    const remaining = (): number => Math.max(1, until - Date.now());
    const reply: PoolReply = { id: request.id, index, stdout: "", stderr: "", timedOut: false, limitMs, cut: limitMs < leftNow, durationMs: 0 };
    let collected: unknown;
    try {
      if (setupError) throw new Error(setupError);
      const jobJson = jobJsons[index];
      if (jobJson === undefined) throw new Error("the grader named a job this process was never sent");
      // The bundle, defined and not yet run, and the job as a string property, not inside source
      // text: compiling a script that holds tens of KB of inputs as a literal cost more than
      // running the job. RUN_ONE's value is the job's reply and output, collected.
      (scripts[job.codeIndex] ??= defineScript(request.codes[job.codeIndex]!, 0)).runInContext(ctx);
      (ctx as Record<string, unknown>)["__gradeJob"] = jobJson;
      collected = RUN_ONE.runInContext(ctx, { timeout: remaining() });
    } catch (error) {
      if (isTimeout(error)) reply.timedOut = true;
      else reply.error = describe(error);
    }
    // Stopped before it collected: what it printed until then is still worth showing.
    if (typeof collected !== "string") collected = collectAfterStop(ctx, reply.timedOut ? 200 : remaining());
    clean[index] = readCollected(reply, collected);
    send({ ...reply, durationMs: Date.now() - started });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
