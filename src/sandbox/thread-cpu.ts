// A thread's own processor time, the clock of the sandbox's backstops (issue 20 item 2: the same
// code and seed get the same verdict under any load). On a busy machine a thread waits for a
// core, and wall time it spent waiting is no work of the code's: a backstop first passed by the
// wall clock is looked at again in the thread's processor time, and only that, or a wait of
// WALL_FACTOR times the backstop by the wall clock, ends the run. Where /proc cannot be read
// (not Linux) the wall clock is all there is.
import { readFileSync } from "node:fs";

// /proc counts processor time in USER_HZ, 100 a second on Linux.
const TICK_MS = 10;

/**
 * How many times its backstop a run may wait by the wall clock while its thread has not used the
 * backstop in processor time: a load average of 30 on two cores gives a thread about a fifteenth
 * of a core (the fresh-clone CI of 2026-12-07, where a stall met the wall clock before its fuel
 * ran out and its checks read as the grader's trouble).
 */
export const WALL_FACTOR = 30;

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

/**
 * A backstop of `ms` from now, kept in a thread's processor time. `passed()` is cheap until the
 * wall clock passes it; then it reads the thread's processor time once and either moves the wall
 * deadline by what the thread has not used yet, or says the backstop is passed.
 */
export class Backstop {
  private readonly cpuAt: number | undefined;
  private readonly wallCap: number;
  /** When the wall clock next makes it look. */
  until: number;

  constructor(private readonly tid: number | undefined, private readonly ms: number, now = Date.now()) {
    this.cpuAt = threadCpuMs(tid);
    this.until = now + ms;
    this.wallCap = now + ms * WALL_FACTOR;
  }

  /** The wall time left until it should be looked at again, or 0 when it is passed. */
  left(now = Date.now()): number {
    if (now < this.until) return this.until - now;
    if (this.cpuAt === undefined || now >= this.wallCap) return 0;
    const cpu = threadCpuMs(this.tid);
    if (cpu === undefined) return 0;
    const rest = this.ms - (cpu - this.cpuAt);
    if (rest <= 0) return 0;
    // At least a tick of /proc's clock, so that a thread just short of it is not read again at once.
    this.until = Math.min(now + Math.max(rest, TICK_MS), this.wallCap);
    return this.until - now;
  }

  passed(now = Date.now()): boolean {
    return this.left(now) === 0;
  }
}
