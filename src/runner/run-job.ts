// Runs one job on a bundled task in a child process of its own, with a time limit, a memory
// limit and capped output, and turns however it ends into a JobRun. The grader's process never
// runs student code, so nothing the student writes can crash or hang it.
import { spawn } from "node:child_process";
import type { HarnessReply, Job, JobRun, TaskFailure } from "./outcome.js";
import { MEMORY_LIMIT_MB } from "./sandbox-process.js";

export { MEMORY_LIMIT_MB };
export const OUTPUT_CAP = 16 * 1024;
// How long node may take to start before the student's time limit begins.
const STARTUP_LIMIT_MS = 30_000;
// Colour codes a student prints must not reach machine-readable reports.
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;
export const stripAnsi = (text: string): string => text.replace(ANSI, "");

export const timeoutFailure = (ms: number): TaskFailure => ({ reason: "timeout", message: `It did not finish within ${ms} ms and was stopped. Look for a loop that never ends (a while loop whose condition never changes, or a recursion with no base case); raise the limit with --timeout MS only if your code is just slow.` });
export const outOfMemoryFailure = (): TaskFailure => ({ reason: "out-of-memory", message: `It used more than ${MEMORY_LIMIT_MB} MB of memory and was stopped. Look for a list or string that grows without end.` });
export const OUT_OF_MEMORY = /heap out of memory|Allocation failed/i;

export interface RunOptions {
  timeoutMs: number;
  /** The bundle's text, when the caller kept it in memory (executors that can use it skip the file). */
  code?: string;
  /** Its source map, when kept apart from the code. */
  sourceMap?: string;
}

class CappedText {
  private text = "";
  private dropped = 0;
  add(chunk: Buffer): void {
    const s = chunk.toString("utf8");
    const room = Math.max(0, OUTPUT_CAP - this.text.length);
    this.text += s.slice(0, room);
    this.dropped += s.length - Math.min(room, s.length);
  }
  toString(): string {
    const text = stripAnsi(this.text);
    return this.dropped ? `${text}\n… (${this.dropped} more characters not shown)` : text;
  }
}

export function runJob(file: string, job: Job, options: RunOptions): Promise<JobRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [`--max-old-space-size=${MEMORY_LIMIT_MB}`, "--enable-source-maps", file], {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: { ...process.env, NODE_OPTIONS: "", FORCE_COLOR: "0" },
  });
  const stdout = new CappedText();
  const stderr = new CappedText();
  child.stdout!.on("data", (c: Buffer) => stdout.add(c));
  child.stderr!.on("data", (c: Buffer) => stderr.add(c));
  let reply: HarnessReply | undefined;
  let timedOut = false;
  const expire = (): void => { timedOut = true; child.kill("SIGKILL"); };
  let timer = setTimeout(expire, STARTUP_LIMIT_MS);
  child.on("message", (m: HarnessReply) => {
    if (m.kind !== "ready") { reply ??= m; return; }
    clearTimeout(timer);
    timer = setTimeout(expire, options.timeoutMs);
    child.send(job, () => { /* a child that died at once is reported by its exit */ });
  });

  return new Promise((resolve) => {
    let done = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const err = stderr.toString();
      const base = { task: job.task, stdout: stdout.toString(), stderr: err, durationMs: Date.now() - started };
      if (reply?.kind === "calls") return resolve({ ...base, calls: reply.calls });
      const failure: TaskFailure = reply?.kind === "failure" ? reply.failure
        : timedOut ? timeoutFailure(options.timeoutMs)
        : OUT_OF_MEMORY.test(err) ? outOfMemoryFailure()
        : spawnError ? { reason: "crash", message: `Its process could not be started: ${spawnError.message}.` }
        : { reason: "exit", message: `Its process ended (${signal ? `signal ${signal}` : `exit code ${code}`}) before the function returned. Does the code end the process (process.exit, process.kill) or wait for something that never comes? A task returns its answer.` };
      resolve({ ...base, calls: [], failure });
    };
    child.on("error", (e) => finish(null, null, e));
    child.on("close", (code, signal) => finish(code, signal));
  });
}
