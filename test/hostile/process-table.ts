// The machine's processes as the hostile runs watch them (Linux /proc): the whole table, and the
// table the runs' memory samplers share every 100 ms.
import { readdirSync, readFileSync } from "node:fs";

export interface Proc { pid: number; ppid: number; pgrp: number; session: number; rssPages: number }

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]), rssPages: Number(fields[21]) };
  } catch {
    return undefined; // gone
  }
}

/**
 * What the processes hold together, in MB: the sum of their proportional set sizes (a page shared
 * by n of them counts 1/n in each), so the Node binary and libraries every process of the tree
 * maps count once, as the machine holds them, not once per process as a sum of RSS would. A
 * process whose smaps_rollup cannot be read counts its whole RSS. Each process's share comes with its
 * command line: what a peak is made of.
 */
export function heldBy(procs: readonly Proc[]): { pid: number; mb: number; command: string }[] {
  return procs.map((p) => {
    let pss: number | undefined;
    try {
      const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p.pid}/smaps_rollup`, "utf8"));
      if (match) pss = Number(match[1]);
    } catch { /* gone, or unreadable: its RSS below */ }
    let command = "";
    try { command = readFileSync(`/proc/${p.pid}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, 100); } catch { /* gone */ }
    return { pid: p.pid, mb: (pss ?? p.rssPages * 4) / 1024, command };
  });
}

const pids = (): number[] => readdirSync("/proc").filter((name) => /^\d+$/.test(name)).map(Number);

/** Every process's line, read now. */
export function processTable(): Proc[] {
  return pids().flatMap((pid) => readProc(pid) ?? []);
}

/**
 * A sampler is a run's: it is given the table and returns the processes it counted as the run's.
 * Its key is the run's CLI pid, which is also its session's id (the CLI is spawned detached).
 */
type Sampler = (table: Proc[]) => Proc[];
const samplers = new Map<number, Sampler>();
let sampling: NodeJS.Timeout | undefined;
/**
 * Lines read once and not again: a process that no run counted at the last tick and that is in no
 * run's session can never become a run's (it could join a run's process group only from inside
 * the run's session, and it is reparented only to an ancestor of its own), so what it holds is
 * never summed. Everything else (a run's processes, its session's, each new pid) is read every
 * tick. A pid no longer in /proc is forgotten at the tick that misses it: the kernel gives a pid
 * again only after a whole cycle of pid_max, far longer than a tick.
 */
const settled = new Map<number, Proc>();
let counted = new Set<number>();

function tick(): void {
  const table: Proc[] = [];
  const listed = pids();
  for (const pid of listed) {
    const known = settled.get(pid);
    const line = known && !counted.has(pid) && !samplers.has(known.session) ? known : readProc(pid);
    if (line) table.push(line);
  }
  counted = new Set();
  for (const sampler of samplers.values()) for (const p of sampler(table)) counted.add(p.pid);
  const present = new Set(listed);
  for (const pid of settled.keys()) if (!present.has(pid)) settled.delete(pid);
  for (const p of table) {
    if (counted.has(p.pid) || samplers.has(p.session)) settled.delete(p.pid);
    else settled.set(p.pid, p);
  }
}

/**
 * The memory samplers of the runs under way, all fed by one read of /proc every 100 ms: runs
 * three at once read the same table each tick, not one table each (reading it is most of what
 * this process spends while it waits), and lines no run can count are not read again.
 */
export function sampleMemory(cliPid: number, sampler: Sampler): () => void {
  samplers.set(cliPid, sampler);
  sampling ??= setInterval(tick, 100);
  return () => {
    samplers.delete(cliPid);
    if (samplers.size === 0) {
      clearInterval(sampling);
      sampling = undefined;
      settled.clear();
      counted = new Set();
    }
  };
}
