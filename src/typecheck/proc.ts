// What the type checker's thread and the processes it started (TypeScript 7's) have used, read
// from /proc (Linux), so that a check's limits count its own work whatever the machine's load.
import { readFileSync } from "node:fs";

const TICK_MS = 10;

/** utime + stime of a /proc/PID or /proc/PID/task/TID folder, in ms, or undefined when it is gone. */
export function cpuMs(proc: string): number | undefined {
  try {
    const fields = readFileSync(`${proc}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** The processes a thread started that are still running (/proc/PID/task/TID/children). */
export function childrenOf(thread: string): number[] {
  try {
    return readFileSync(`${thread}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * A process's peak resident memory in MB (VmHWM), or 0 when it is gone: the peak, so that a check
 * that ended between two polls is judged on what it used. TypeScript 7's process is kept across
 * checks, but a peak past the limit ends it, so a later check never inherits one.
 */
export function peakResidentMb(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The thread's CPU and its children's together (a child that ended no longer counts). */
export function threadAndChildrenCpuMs(thread: string): number | undefined {
  const own = cpuMs(thread);
  if (own === undefined) return undefined;
  return childrenOf(thread).reduce((sum, pid) => sum + (cpuMs(`/proc/${pid}`) ?? 0), own);
}

/** Whether a process has ended (a zombie, not yet reaped, has). */
export function ended(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.startsWith("Z");
  } catch {
    return true;
  }
}

/**
 * Kills the processes a thread started; resolves once the thread has reaped them (at most 2 s),
 * so it must not be terminated before: only the thread that spawned a process waits for it, and
 * one ended while its thread was being terminated stays a zombie, reparented at the grader's exit
 * to an init that may never reap it (one per type check, in a batch or a CI run).
 */
export async function killChildren(thread: string): Promise<void> {
  const pids = childrenOf(thread);
  for (const pid of pids) {
    try { process.kill(pid, "SIGKILL"); } catch { /* already gone */ }
  }
  const reaped = (pid: number): boolean => !childrenOf(thread).includes(pid);
  for (let waited = 0; waited < 2_000 && !pids.every(reaped); waited += 10) await new Promise((r) => setTimeout(r, 10));
}
