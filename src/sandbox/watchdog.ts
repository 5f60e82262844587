// The pool's watch over one request in a sandbox thread, for work the engine's own limits cannot
// stop: a built-in call that runs long without ticking (fuel.ts counts only what ticks), or a
// thread that does not answer. The thread tells the pool as each run starts, with the run before
// it; ended here, the runs it finished keep their results.
//
// - The thread's own processor time (Linux: /proc/self/task/<tid>/stat): `cpuMs` of it with no
//   unit of fuel counted (fuel.ts's counter, shared with the thread), or RUN_CPU_FACTOR times
//   that in one run: the student's code did that much work outside the counter, which a busy
//   machine does not change, so it is the student's (reason timeout).
// - The run's backstop (`timeMs`) or the request's passed in the thread's processor time, or
//   waited for WALL_FACTOR times over by the wall clock (thread-cpu.ts): the grader's trouble
//   (reason backstop), not a verdict on the code.
import { failures } from "./failures.js";
import { NATIVE_CPU_MS, RUN_CPU_FACTOR } from "./fuel.js";
import type { SandboxReply, SandboxRequest, TaskFailure, WireRun } from "./protocol.js";
import { checkReply } from "./reply.js";
import { Backstop, threadCpuMs } from "./thread-cpu.js";

const MARGIN_MS = 2000;
const POLL_MS = 250;
export class Watchdog {
  private readonly done: unknown[] = [];
  private index = 0;
  private cpuAt: number | undefined;
  /** The fuel counter as last seen, and the processor time when it last moved. */
  private ticks: number | undefined;
  private tickedAt: number | undefined;
  private runTimer: { timer?: NodeJS.Timeout } = {};
  private readonly requestTimer: { timer?: NodeJS.Timeout };
  private readonly poll: NodeJS.Timeout;

  /** `end` ends the thread and takes the reply made of what it finished. */
  /** `thread()`: the sandbox thread's id and its fuel counter now. */
  constructor(private readonly request: SandboxRequest, private readonly thread: () => { tid: number | undefined; ticks: number | undefined }, private readonly end: (reply: SandboxReply) => void) {
    const { limits } = request;
    const whole = Math.min(request.runs.length * limits.timeMs, limits.budgetMs ?? Infinity) + MARGIN_MS;
    this.requestTimer = this.arm(new Backstop(this.thread().tid, whole), whole);
    this.poll = setInterval(() => this.check(), POLL_MS);
    this.started(0, undefined);
  }

  /** Run `index` starts; `previous` is the run before it, as the thread made it. */
  started(index: number, previous: unknown): void {
    if (index === this.done.length + 1) this.done.push(previous);
    this.index = this.done.length;
    this.cpuAt = threadCpuMs(this.thread().tid);
    this.tickedAt = this.cpuAt;
    clearTimeout(this.runTimer.timer);
    const ms = this.request.limits.timeMs + MARGIN_MS;
    this.runTimer = this.arm(new Backstop(this.thread().tid, ms), ms);
  }

  /** A timer that stops the request once `backstop` is passed, set again while the thread has not used it. */
  private arm(backstop: Backstop, ms: number): { timer?: NodeJS.Timeout } {
    const holder: { timer?: NodeJS.Timeout } = {};
    const look = (): void => {
      const left = backstop.left();
      if (left === 0) this.stop("clock", ms);
      else holder.timer = setTimeout(look, left);
    };
    holder.timer = setTimeout(look, ms);
    return holder;
  }

  cancel(): void {
    clearTimeout(this.runTimer.timer);
    clearTimeout(this.requestTimer.timer);
    clearInterval(this.poll);
  }

  private check(): void {
    const { tid, ticks } = this.thread();
    const now = threadCpuMs(tid);
    if (now === undefined) return;
    this.cpuAt ??= now;
    if (ticks !== this.ticks || this.tickedAt === undefined) { this.ticks = ticks; this.tickedAt = now; }
    const limit = this.request.limits.cpuMs ?? NATIVE_CPU_MS;
    if (now - this.tickedAt > limit) this.stop("cpu", limit);
    else if (now - this.cpuAt > limit * RUN_CPU_FACTOR) this.stop("run-cpu", limit * RUN_CPU_FACTOR);
  }

  private stop(why: "cpu" | "run-cpu" | "clock", ms: number): void {
    this.cancel();
    const failure: TaskFailure = why === "clock" ? failures.backstop(ms) : failures.nativeWork(ms, why === "run-cpu");
    const later: TaskFailure = why === "clock" ? failure : failures.afterNativeWork();
    const runs: unknown[] = this.request.runs.map((_, i): unknown => i < this.done.length ? this.done[i]
      : { status: "failed", failure: i === this.index ? failure : later, stdout: "", stderr: "", durationMs: 0 } satisfies WireRun);
    this.end(checkReply(this.request, { reply: { runs } }));
  }
}
