// One long-lived process of the sandbox. It runs under Node's permission model with no
// file system, child process or worker rights at all (see pool.ts), and runs each job in a fresh
// vm context holding only JavaScript's built-ins and the small stand-ins of PRELUDE: no require,
// no real process, no timers. Jobs come and go over IPC as plain data and strings.
import vm from "node:vm";

/** One task's job, and which of the request's bundles it runs (tasks may share one). */
export interface SandboxJob {
  codeIndex: number;
  /**
   * The job as JSON; left out when this process was sent it before under `key` (a batch gives
   * every submission the same generated inputs, tens of KB of them).
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

// In-context stand-ins for what tasks may reasonably touch: console and process.stdout/stderr
// write into capped buffers; require names the module it refused; structuredClone is JSON-deep.
const PRELUDE = `(() => {
  const cap = __CAP__;
  const out = { stdout: "", stderr: "", dropped: { stdout: 0, stderr: 0 } };
  const write = (stream, text) => {
    text = String(text);
    const room = Math.max(0, cap - out[stream].length);
    out[stream] += text.slice(0, room);
    out.dropped[stream] += Math.max(0, text.length - room);
    return true;
  };
  const show = (v) => {
    if (typeof v === "string") return v;
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch { return String(v); }
  };
  const line = (stream) => (...args) => { write(stream, args.map(show).join(" ") + "\\n"); };
  globalThis.console = { log: line("stdout"), info: line("stdout"), debug: line("stdout"), dir: line("stdout"), table: line("stdout"),
    error: line("stderr"), warn: line("stderr"), trace: line("stderr"), assert: (ok, ...a) => { if (!ok) line("stderr")("Assertion failed", ...a); } };
  const stream = (name) => ({ write: (t) => write(name, t), isTTY: false, columns: 80 });
  globalThis.process = { stdout: stream("stdout"), stderr: stream("stderr"), env: {}, argv: ["node", "task"], platform: "linux",
    version: "v20", versions: {}, exitCode: undefined, cwd: () => "/", exit: () => { throw new Error("process.exit"); },
    nextTick: (f, ...a) => { Promise.resolve().then(() => f(...a)); }, on() { return this; }, once() { return this; }, off() { return this; } };
  globalThis.global = globalThis;
  globalThis.require = (name) => { throw new Error(String(name) + " is not available in the grader's sandbox: the tasks need no Node modules, only plain TypeScript"); };
  globalThis.structuredClone = (v) => v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  globalThis.queueMicrotask = (f) => { Promise.resolve().then(f); };
  globalThis.__gradeOut = out;
  // One call after each job: its reply and output, as one string, and a clean slate for the next.
  const stringify = JSON.stringify;
  globalThis.__gradeCollect = () => {
    const reply = typeof globalThis.__gradeReply === "string" ? globalThis.__gradeReply : null;
    const text = stringify([reply, out.stdout, out.stderr, out.dropped.stdout, out.dropped.stderr, globalThis.__gradeClean === true]);
    out.stdout = ""; out.stderr = ""; out.dropped.stdout = 0; out.dropped.stderr = 0;
    globalThis.__gradeLoad = undefined; globalThis.__gradeLoads = undefined; globalThis.__gradeReply = undefined; globalThis.__gradeJob = undefined; globalThis.__gradeClean = undefined;
    return text;
  };
})();`;

const preludeScripts = new Map<number, vm.Script>();
function prelude(cap: number): vm.Script {
  let script = preludeScripts.get(cap);
  if (!script) preludeScripts.set(cap, script = new vm.Script(PRELUDE.replace("__CAP__", String(cap)), { filename: "grade-prelude.js" }));
  return script;
}

// Compiled once per process, run in every context.
const COLLECT = new vm.Script("__gradeCollect()", { filename: "grade-collect.js" });

/** The harness (vm-harness.ts, bundled), compiled once and run in every context. */
export function compileHarness(code: string): vm.Script {
  return new vm.Script(code, { filename: "grade-harness.js" });
}


export function runInSandbox(request: PoolRequest, harness: vm.Script, send: (reply: PoolReply) => void): void {
  const deadline = Date.now() + request.timeoutMs;
  const left = (): number => deadline - Date.now();
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
  const scripts: vm.Script[] = [];
  // Per job, whether it ran clean, as its harness said: only whether a job run after it is
  // worth running depends on it (the grader judges every reply itself).
  const clean: boolean[] = [];
  let lastTimedOut = false;
  request.jobs.forEach((job, index) => {
    if (job.after !== undefined && !clean[job.after]) {
      send({ id: request.id, index, stdout: "", stderr: "", timedOut: false, limitMs: 0, cut: false, skipped: true, durationMs: 0 });
      return;
    }
    // A context stopped mid-way may hold a loop in its microtask queue: the next task starts anew.
    if (index > 0 && request.jobs.length > 1 && lastTimedOut) freshContext();
    const started = Date.now();
    // The floor of every later job is kept back from this one, so that a task that never returns
    // leaves its neighbours their floor inside the submission's limit, not after it.
    const leftNow = left();
    const limitMs = Math.max(leftNow - (request.jobs.length - 1 - index) * request.floorMs, request.floorMs);
    const until = started + limitMs;
    const remaining = (): number => Math.max(1, until - Date.now());
    const reply: PoolReply = { id: request.id, index, stdout: "", stderr: "", timedOut: false, limitMs, cut: limitMs < leftNow, durationMs: 0 };
    let collected: unknown;
    try {
      if (setupError) throw new Error(setupError);
      // The job goes in as a string property, not inside source text: compiling a script that
      // holds tens of KB of inputs as a literal cost more than running the job.
      if (job.jobJson !== undefined && job.key !== undefined) keptJobs.set(job.key, job.jobJson);
      const jobJson = job.jobJson ?? keptJobs.get(job.key!);
      if (jobJson === undefined) throw new Error("the grader named a job this process was never sent");
      (ctx as Record<string, unknown>)["__gradeJob"] = jobJson;
      // The bundle (its top level only defines the loaders), the job and the collecting of its
      // reply and output in one script, whose value is what was collected: every call with a
      // time limit starts a watchdog thread, which costs more than a small job.
      scripts[job.codeIndex] ??= new vm.Script(`${request.codes[job.codeIndex]!}\n;__grade.run(globalThis.__gradeJob);__gradeCollect();`, { filename: "grade-bundle.js" });
      collected = scripts[job.codeIndex]!.runInContext(ctx, { timeout: remaining() });
    } catch (error) {
      if ((error as { code?: string })?.code === "ERR_SCRIPT_EXECUTION_TIMEOUT") reply.timedOut = true;
      else reply.error = describe(error);
    }
    try {
      // Stopped before it collected: what it printed until then is still worth showing.
      if (typeof collected !== "string") collected = COLLECT.runInContext(ctx, { timeout: reply.timedOut ? 200 : remaining() });
      const [replyJson, stdout, stderr, droppedOut, droppedErr, ranClean] = JSON.parse(typeof collected === "string" ? collected : "[null,\"\",\"\",0,0,false]") as [string | null, string, string, number, number, boolean];
      if (replyJson !== null && !reply.timedOut && !reply.error) {
        reply.replyJson = replyJson;
        clean[index] = ranClean === true;
      }
      reply.stdout = droppedOut ? `${stdout}\n… (${droppedOut} more characters not shown)` : stdout;
      reply.stderr = droppedErr ? `${stderr}\n… (${droppedErr} more characters not shown)` : stderr;
    } catch { /* the student replaced what collects the output: no output to show, no reply */ }
    lastTimedOut = reply.timedOut;
    send({ ...reply, durationMs: Date.now() - started });
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
