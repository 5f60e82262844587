// What the benchmarks share: a build of another commit to measure against, a CLI run sampled
// from /proc (its peak memory and CPU), and small helpers. Nothing here is asserted.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./generate.js";

export const tmp = (): string => mkdtempSync(path.join(os.tmpdir(), "grade-bench-"));
export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** A build of another commit: its bin/grade.js, its root, and the commit it was taken from. */
export interface Build { grade: string; root: string; label: string }

export const THIS_BUILD: Build = { grade: path.join(ROOT, "bin", "grade.js"), root: ROOT, label: "this build" };

/** The packages `dir`'s package.json pins that this checkout's node_modules lacks or holds at another version. */
function missingPackages(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  return Object.entries({ ...pkg.dependencies, ...pkg.devDependencies }).filter(([name, version]) => {
    try {
      return (JSON.parse(readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version !== version;
    } catch {
      return true;
    }
  }).map(([name]) => name);
}

/**
 * `ref`'s files from git in a folder of their own, with this checkout's packages linked one by one
 * when they are the ones it pins (its node_modules/.cache stays its own, as its CLI cache must),
 * or else its own `npm ci`. Uncommitted work is not in it.
 */
export function buildOf(ref: string): Build {
  const commit = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", ref], { encoding: "utf8" }).trim();
  const dir = tmp();
  execFileSync("bash", ["-c", `git -C '${ROOT}' archive ${commit} | tar -x -C '${dir}'`]);
  const missing = missingPackages(dir);
  if (missing.length > 0) {
    console.log(`the previous build (${commit}) pins packages this checkout does not have (${missing.join(", ")}): npm ci in its folder`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  } else {
    mkdirSync(path.join(dir, "node_modules"));
    for (const entry of readdirSync(path.join(ROOT, "node_modules"))) {
      if (entry !== ".cache") symlinkSync(path.join(ROOT, "node_modules", entry), path.join(dir, "node_modules", entry));
    }
  }
  return { grade: path.join(dir, "bin", "grade.js"), root: dir, label: commit };
}

/** One look at a process tree in /proc: resident memory in all, and per process its CPU so far. */
interface TreeSample {
  rssBytes: number;
  /** CPU seconds (user and system) per pid, and the process's name (its comm). */
  cpu: Map<number, { seconds: number; name: string }>;
}

// Linux's clock ticks per second for /proc/<pid>/stat (sysconf(_SC_CLK_TCK), 100 everywhere here).
const TICKS = 100;

function sampleTree(root: number): TreeSample {
  const parents = new Map<number, number>();
  const stats = new Map<number, { rss: number; seconds: number; name: string }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
      stats.set(Number(entry), { rss: Number(fields[21]) * 4096, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS, name });
    } catch { /* gone */ }
  }
  const sample: TreeSample = { rssBytes: 0, cpu: new Map() };
  for (const [pid, s] of stats) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p !== root) continue;
      sample.rssBytes += s.rss;
      sample.cpu.set(pid, { seconds: s.seconds, name: s.name });
      break;
    }
  }
  return sample;
}

export interface Measured {
  ms: number;
  peakBytes: number;
  /** CPU seconds of the grader's own process, and of its children by name (node: the sandbox). */
  cpu: { grader: number; children: Map<string, number> };
  stdout: string;
  code: number | null;
}

/**
 * Runs a build's CLI, sampling the whole process tree every 50 ms: its peak memory, and the CPU
 * each process had used when last seen (a process that ends between samples loses its last 50
 * ms). CPU time moves less than wall time on a shared machine: it shows where a change went.
 */
export function measure(grade: string, args: string[]): Promise<Measured> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [grade, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    let peakBytes = 0;
    const cpu = new Map<number, { seconds: number; name: string }>();
    child.stdout.on("data", (c: Buffer) => { stdout += c.toString(); });
    const sampler = setInterval(() => {
      const sample = sampleTree(child.pid!);
      peakBytes = Math.max(peakBytes, sample.rssBytes);
      for (const [pid, seen] of sample.cpu) cpu.set(pid, seen);
    }, 50);
    child.on("close", (code) => {
      clearInterval(sampler);
      const children = new Map<string, number>();
      for (const [pid, { seconds, name }] of cpu) if (pid !== child.pid) children.set(name, (children.get(name) ?? 0) + seconds);
      resolve({ ms: performance.now() - started, peakBytes, cpu: { grader: cpu.get(child.pid!)?.seconds ?? 0, children }, stdout, code });
    });
  });
}
