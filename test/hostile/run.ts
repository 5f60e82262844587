// Runs the real CLI on a hostile run's root, and watches what a hostile submission might do to
// the machine: every process of the run (its process group, its descendants, and whatever carries
// the run's token in its environment, runs in its folder or names it), their memory, the files
// of the run's root before, at exit and a while after, and a canary TCP port. Linux only (/proc).
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { newRoot, removeRoot, ROOT } from "./build.js";
import { heldBy, processTable, sampleMemory, type Proc } from "./process-table.js";

/**
 * A run that has not ended by then is frozen: it is stopped and said to be. Never a timing claim:
 * only a hang comes near it. The shared batch of every hostile submission takes about 35 s alone
 * on a quiet machine and went past 240 s in a suite run at about seven times that load.
 */
export const FROZEN_AFTER_MS = 540_000;
const PAGE_MB = 4096 / 2 ** 20;
/**
 * How long the run's processes get to go away after the CLI ended; those still there are
 * leftovers, and killed. A delayed action (a timer, a detached process) needs a process of the
 * run to carry it, so the files are looked at again once none is left: no fixed wait.
 */
const GRACE_MS = 5_000;

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  frozen: boolean;
  stdout: string;
  stderr: string;
  pid: number;
  /** The largest sum of the resident memory of the run's processes, sampled every 100 ms. */
  peakMb: number;
  /** The processes the peak was made of: MB and command line each. */
  peakBy: string[];
  /** Processes of the run still there GRACE_MS after it ended (then killed), described. */
  leftovers: string[];
  /** The files under the root's out/ when the CLI ended (their first 8 MB), by path from the root. */
  outputs: Map<string, { text: string; size: number }>;
  /** The run's root: before the run, when the CLI ended, and once no process of the run was left (or GRACE_MS later). */
  files: { before: Snapshot; atExit: Snapshot; after: Snapshot };
  /** Files named with the run's tag outside its root (repository, /tmp): markers of an escape. */
  markersOutside: string[];
  secret: string;
}

export type Snapshot = Map<string, string>;

/** Every entry under dir (not following links): its kind and content hash, or its link target. */
export function snapshot(dir: string): Snapshot {
  const out: Snapshot = new Map();
  const walk = (at: string): void => {
    let names: string[];
    try { names = readdirSync(at); } catch { return; }
    for (const name of names) {
      const full = path.join(at, name);
      const rel = path.relative(dir, full);
      let stat;
      try { stat = lstatSync(full); } catch { continue; }
      if (stat.isSymbolicLink()) out.set(rel, `link ${readlinkSync(full)}`);
      else if (stat.isDirectory()) { out.set(rel, "dir"); walk(full); }
      else {
        let hash = "unreadable";
        try { hash = createHash("sha1").update(readFileSync(full)).digest("hex"); } catch { /* */ }
        out.set(rel, `file ${stat.size} ${hash}`);
      }
    }
  };
  walk(dir);
  return out;
}

export interface Change { change: "added" | "changed" | "removed"; path: string }

/** What changed from a to b. */
export function changes(a: Snapshot, b: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [k, v] of b) if (!a.has(k)) out.push({ change: "added", path: k }); else if (a.get(k) !== v) out.push({ change: "changed", path: k });
  for (const k of a.keys()) if (!b.has(k)) out.push({ change: "removed", path: k });
  return out;
}

const read = (file: string): string => {
  try { return readFileSync(file, "utf8"); } catch { return ""; }
};

/** The processes of a run: its group, its descendants, and any that carries its token or its root. */
function runProcesses(cliPid: number, token: string, root: string, thorough = true, table = processTable()): Proc[] {
  const mine = new Set<number>([cliPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of table) if (!mine.has(p.pid) && (mine.has(p.ppid) || p.pgrp === cliPid)) { mine.add(p.pid); grew = true; }
  }
  return table.filter((p) => {
    if (p.pid === process.pid) return false;
    if (mine.has(p.pid)) return true;
    if (!thorough) return false;
    if (read(`/proc/${p.pid}/environ`).split("\0").includes(`GRADE_HOSTILE_RUN=${token}`)) return true;
    if (read(`/proc/${p.pid}/cmdline`).includes(root)) return true;
    try {
      const cwd = readlinkSync(`/proc/${p.pid}/cwd`);
      return cwd === root || cwd.startsWith(root + path.sep);
    } catch {
      return false;
    }
  });
}

const describeProcess = (p: Proc): string => `${p.pid} (ppid ${p.ppid}, group ${p.pgrp}): ${read(`/proc/${p.pid}/cmdline`).split("\0").join(" ").slice(0, 200)}`;
const alive = (pid: number): boolean => existsSync(`/proc/${pid}`) && !/\) Z /.test(read(`/proc/${pid}/stat`));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Files whose name holds the run's tag outside its root: where hostile.ts's mark() writes. */
function markersOutside(tag: string): string[] {
  const dirs = [ROOT, path.join(ROOT, "solutions"), path.join(ROOT, "tasks"), path.join(ROOT, "evidence"), "/tmp"];
  return dirs.flatMap((dir) => {
    try { return readdirSync(dir).filter((name) => name.startsWith("ESCAPED-") && name.includes(tag)).map((name) => path.join(dir, name)); } catch { return []; }
  });
}

const CAP = 32 * 1024 * 1024;
const READ_CAP = 8 * 1024 * 1024;

function readOutputs(root: string): Map<string, { text: string; size: number }> {
  const out = new Map<string, { text: string; size: number }>();
  for (const [rel, entry] of snapshot(path.join(root, "out"))) {
    if (!entry.startsWith("file ")) continue;
    const file = path.join(root, "out", rel);
    try {
      const size = statSync(file).size;
      const buffer = Buffer.alloc(Math.min(size, READ_CAP));
      const fd = openSync(file, "r");
      try { readSync(fd, buffer, 0, buffer.length, 0); } finally { closeSync(fd); }
      out.set(path.join("out", rel), { text: buffer.toString("utf8"), size });
    } catch { /* unreadable: its absence says so */ }
  }
  return out;
}

/**
 * The grader's first run on a fresh clone builds its bundles (the CLI's, the sandbox's, the type
 * checker's thread) with esbuild, whose service held 423 MB beside the CLI's 88 MB in CI's fresh
 * clone: a cost of the install, paid once, not of the submission a measured run grades. Every
 * process grades the solutions of the packs the hostile files grade, unmeasured, before its first
 * measured run, so that the bundles are there (built, or found built by another process).
 */
let warm: Promise<void> | undefined;
export function warmGrader(): Promise<void> {
  warm ??= (async () => {
    const root = newRoot("warm");
    try {
      for (const [pack, dir] of [["mcp-ch2", "solutions"], ["mcp-stateless", path.join("solutions", "mcp-stateless")], ["mcp-stateful", path.join("solutions", "mcp-stateful")]]) {
        const child = spawn(process.execPath, [path.join(ROOT, "bin", "grade.js"), "--pack", pack!, "--dir", path.join(ROOT, dir!), "--evidence", path.join("out", `${pack}.txt`), "--no-color"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (d: string) => { stderr += d; });
        const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
        if (code !== 0) throw new Error(`grading the ${pack} solutions before the hostile runs exited ${code}: ${stderr.slice(0, 2000)}`);
      }
    } finally {
      removeRoot(root);
    }
  })();
  return warm;
}

/**
 * `node bin/grade.js ...args` in root, in a process group of its own, colour off, with a secret
 * and the run's token in its environment. Resolves when it ended (or was stopped as frozen) and
 * its processes are gone, or GRACE_MS later; kills whatever of the run is left then, by pid.
 */
export async function runGrade(args: string[], root: string, env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  await warmGrader();
  const token = randomBytes(8).toString("hex");
  const secret = `hostile-secret-${randomBytes(12).toString("hex")}`;
  const tag = path.basename(root);
  const before = snapshot(root);
  const child = spawn(process.execPath, [path.join(ROOT, "bin", "grade.js"), ...args], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, GRADE_DEBUG: undefined, GITHUB_STEP_SUMMARY: path.join(root, "out", "summary.md"), GRADE_HOSTILE_RUN: token, GRADE_HOSTILE_SECRET: secret, ...env },
  });
  const pid = child.pid!;
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => { if (stdout.length < CAP) stdout += d; });
  child.stderr.setEncoding("utf8").on("data", (d: string) => { if (stderr.length < CAP) stderr += d; });
  let peak = 0;
  let peakBy: string[] = [];
  const stopSampling = sampleMemory(pid, (table) => {
    const mine = runProcesses(pid, token, root, false, table);
    // PSS is at most RSS: only a tick whose summed RSS passes the peak can raise it, so only
    // then are the processes' smaps read (a costlier read than their stat lines).
    if (mine.reduce((sum, p) => sum + p.rssPages, 0) * PAGE_MB > peak) {
      const held = heldBy(mine);
      const mb = held.reduce((sum, p) => sum + p.mb, 0);
      if (mb > peak) [peak, peakBy] = [mb, held.map((p) => `${Math.round(p.mb)} MB ${p.command}`)];
    }
    return mine;
  });
  let frozen = false;
  const watchdog = setTimeout(() => {
    frozen = true;
    for (const signal of ["SIGCONT", "SIGKILL"] as const) try { process.kill(-pid, signal); } catch { /* gone */ }
  }, FROZEN_AFTER_MS);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("close", (c, s) => resolve([c, s])));
  clearTimeout(watchdog);
  const atExit = snapshot(root);
  const outputs = readOutputs(root);
  let left = runProcesses(pid, token, root);
  for (const until = Date.now() + GRACE_MS; left.length && Date.now() < until; left = left.filter((p) => alive(p.pid))) await sleep(100);
  // Looked for again: a process of the run may have started another while it went.
  // A zombie is not running: an ended process whose parent left it to an init that does not reap.
  left = [...left, ...runProcesses(pid, token, root).filter((p) => alive(p.pid) && !left.some((q) => q.pid === p.pid))];
  stopSampling();
  const after = snapshot(root);
  const leftovers = left.map(describeProcess);
  for (const p of left) {
    for (const s of ["SIGCONT", "SIGKILL"] as const) try { process.kill(p.pid, s); } catch { /* gone */ }
  }
  const markers = markersOutside(tag);
  for (const file of markers) rmSync(file, { force: true });
  return { code, signal, frozen, stdout, stderr, pid, peakMb: Math.round(peak), peakBy, leftovers, outputs, files: { before, atExit, after }, markersOutside: markers, secret };
}

/** A TCP server no submission may reach: what each connection sent, in order. */
export async function canary(): Promise<{ port: number; heard: string[]; close: () => Promise<void> }> {
  const heard: string[] = [];
  const server = net.createServer((socket) => {
    let data = "";
    socket.setEncoding("utf8").on("data", (d: string) => { data += d; }).on("close", () => heard.push(data || "(a connection, nothing sent)"));
    socket.on("error", () => { /* */ });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, heard, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** At most n at once. */
export function limiter(n: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    while (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
