// The pool's watch over one request in a sandbox thread, for work the engine's own limits cannot
// stop: a built-in call that runs long without ticking (fuel.ts counts only what ticks), or a
// thread that does not answer. The thread tells the pool as each run starts, with the run before
// it; ended here, the runs it finished keep their results.
//
// - The thread's own processor time (Linux: /proc/self/task/<tid>/stat) in one run past
//   `cpuMs`: the student's code did that much work, which a busy machine does not change, so it
//   is the student's (reason timeout).
// - The clock past the run's backstop (`timeMs`) or the request's, with less processor time than
//   that: the grader's trouble (reason backstop), not a verdict on the code.
import { readFileSync } from "node:fs";
import { failures } from "./failures.js";
import { NATIVE_CPU_MS } from "./fuel.js";
import type { SandboxReply, SandboxRequest, TaskFailure, WireRun } from "./protocol.js";
import { checkReply } from "./reply.js";

const MARGIN_MS = 2000;
const POLL_MS = 250;
// /proc counts processor time in USER_HZ, 100 a second on Linux.
const TICK_MS = 10;

/** A thread's processor time in ms, or undefined where it cannot be read (not Linux). */
export function threadCpuMs(tid: number | undefined): number | undefined {
  if (tid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** The calling thread's id, for threadCpuMs (undefined where /proc is not there). */
export function ownThreadId(): number | undefined {
  try {
    const id = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ", 1)[0]);
    return Number.isInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

export class Watchdog {
  private readonly done: unknown[] = [];
  private index = 0;
  private cpuAt: number | undefined;
  private runTimer: NodeJS.Timeout | undefined;
  private readonly requestTimer: NodeJS.Timeout;
  private readonly poll: NodeJS.Timeout;

  /** `end` ends the thread and takes the reply made of what it finished. */
  constructor(private readonly request: SandboxRequest, private readonly tid: () => number | undefined, private readonly end: (reply: SandboxReply) => void) {
    const { limits } = request;
    const whole = Math.min(request.runs.length * limits.timeMs, limits.budgetMs ?? Infinity) + MARGIN_MS;
    this.requestTimer = setTimeout(() => this.stop("clock", whole), whole);
    this.poll = setInterval(() => this.check(), POLL_MS);
    this.started(0, undefined);
  }

  /** Run `index` starts; `previous` is the run before it, as the thread made it. */
  started(index: number, previous: unknown): void {
    if (index === this.done.length + 1) this.done.push(previous);
    this.index = this.done.length;
    this.cpuAt = threadCpuMs(this.tid());
    clearTimeout(this.runTimer);
    const ms = this.request.limits.timeMs + MARGIN_MS;
    this.runTimer = setTimeout(() => this.stop("clock", ms), ms);
  }

  cancel(): void {
    clearTimeout(this.runTimer);
    clearTimeout(this.requestTimer);
    clearInterval(this.poll);
  }

  private check(): void {
    const now = threadCpuMs(this.tid());
    if (now === undefined) return;
    this.cpuAt ??= now;
    const limit = this.request.limits.cpuMs ?? NATIVE_CPU_MS;
    if (now - this.cpuAt > limit) this.stop("cpu", limit);
  }

  private stop(why: "cpu" | "clock", ms: number): void {
    this.cancel();
    const failure: TaskFailure = why === "cpu" ? failures.nativeWork(ms) : failures.backstop(ms);
    const later: TaskFailure = why === "cpu" ? failures.afterNativeWork() : failure;
    const runs: unknown[] = this.request.runs.map((_, i): unknown => i < this.done.length ? this.done[i]
      : { status: "failed", failure: i === this.index ? failure : later, stdout: "", stderr: "", durationMs: 0 } satisfies WireRun);
    this.end(checkReply(this.request, { reply: { runs } }));
  }
}
