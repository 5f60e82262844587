// What the type check costs, in CPU per submission (process.cpuUsage counts every thread of the
// grader; tsgo's own process is read from /proc), and whether TypeScript 7 gives the same
// verdicts. Four ways, each over the same submissions (solutions/ and every chapter-2 fixture
// under test/fixtures/types/):
//   - 5.9 in a fresh thread per grade: what one `grade` run does (the previous build's figure);
//   - 5.9 kept warm: one checker across submissions, as watch and batch keep one;
//   - TypeScript 7 kept warm: one tsgo process across submissions (bench/typecheck-ts7.ts);
//   - TypeScript 7 cold: a tsgo process per submission.
// The verdicts (each task pass or fail) of 5.9 and 7 are compared on every submission. Prints
// medians and ratios; asserts nothing (machines are shared and noisy).
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TASK_IDS, type TaskId } from "../courses/mcp-ch2/course/tasks.js";
import { TypeChecker } from "../courses/mcp-ch2/typecheck/check-types.js";
import { TypeCheckWorker } from "../courses/mcp-ch2/typecheck/worker-client.js";
import { overlay } from "../test/overlay.js";
import { childrenCpuMs, Ts7Probe } from "./typecheck-ts7.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "types");
const COLD_RUNS = Number(process.env["BENCH_RUNS"] ?? 3);

const names = ["solutions", ...readdirSync(FIXTURES).filter((n) => n !== "hostile-paths" && n !== "mcp-stateless").sort()];
const base = mkdtempSync(path.join(os.tmpdir(), "grade-bench-types-"));
const subs = names.map((n) => ({ name: n, dir: overlay(path.join(base, n), n === "solutions" ? undefined : path.join(FIXTURES, n)) }));

const cpuMs = (): number => { const c = process.cpuUsage(); return (c.user + c.system) / 1000 + childrenCpuMs(); };
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure<T>(run: () => T | Promise<T>): Promise<{ cpu: number; wall: number; value: T }> {
  const c0 = cpuMs();
  const t0 = performance.now();
  const value = await run();
  return { cpu: cpuMs() - c0, wall: performance.now() - t0, value };
}

function line(label: string, cpu: number[], wall: number[], against?: number): number {
  const m = median(cpu);
  const ratio = against ? `  ${(m / against).toFixed(2)}x the previous build` : "";
  console.log(`${label.padEnd(46)} CPU median ${m.toFixed(0).padStart(5)} ms (min ${Math.min(...cpu).toFixed(0)}, max ${Math.max(...cpu).toFixed(0)})  wall median ${median(wall).toFixed(0).padStart(5)} ms  n=${cpu.length}${ratio}`);
  return m;
}

// 5.9 in a fresh thread per grade, as `grade` runs it (the compiler loaded through its code cache).
const fresh: { cpu: number; wall: number }[] = [];
for (let i = 0; i < COLD_RUNS; i++) {
  const worker = new TypeCheckWorker();
  fresh.push(await measure(() => worker.check(ROOT, subs[0]!.dir, TASK_IDS)));
  await worker.close();
}
const previous = line("5.9, a fresh thread per grade (previous build)", fresh.map((r) => r.cpu), fresh.map((r) => r.wall));

// 5.9 kept warm: the first check pays for the standard library, every later one for its own files.
const checker = new TypeChecker(ROOT);
const verdict59 = new Map<string, Record<TaskId, boolean>>();
const warm59: { cpu: number; wall: number }[] = [];
for (const [i, sub] of subs.entries()) {
  const r = await measure(() => checker.check(sub.dir, TASK_IDS, (a) => a));
  verdict59.set(sub.name, Object.fromEntries(TASK_IDS.map((t) => { const x = r.value[t]; return [t, !("findings" in x) || x.findings.length > 0]; })) as Record<TaskId, boolean>);
  if (i > 0) warm59.push(r);
}
line("5.9 kept warm (watch, batch), per submission", warm59.map((r) => r.cpu), warm59.map((r) => r.wall), previous);

// TypeScript 7, one tsgo process kept warm.
const ts7 = new Ts7Probe(ROOT);
const verdict7 = new Map<string, Record<TaskId, boolean>>();
const warm7: { cpu: number; wall: number }[] = [];
let first7 = 0;
for (const [i, sub] of subs.entries()) {
  const r = await measure(() => ts7.check(sub.dir));
  verdict7.set(sub.name, r.value);
  if (i > 0) warm7.push(r);
  else first7 = r.cpu;
}
ts7.close();
line("TypeScript 7 kept warm, per submission", warm7.map((r) => r.cpu), warm7.map((r) => r.wall), previous);

// TypeScript 7 cold: its process started, the check, its CPU read before it ends.
const cold7: { cpu: number; wall: number }[] = [];
for (let i = 0; i < COLD_RUNS; i++) {
  let probe: Ts7Probe | undefined;
  cold7.push(await measure(() => { probe = new Ts7Probe(ROOT); return probe.check(subs[0]!.dir); }));
  probe?.close();
}
line("TypeScript 7, a fresh process per grade", cold7.map((r) => r.cpu), cold7.map((r) => r.wall), previous);
console.log(`(TypeScript 7's first check in this process: ${first7.toFixed(0)} ms CPU)`);

const differ = subs.filter((s) => TASK_IDS.some((t) => verdict59.get(s.name)![t] !== verdict7.get(s.name)![t]));
const failing = (v: Record<TaskId, boolean>) => TASK_IDS.filter((t) => v[t]).join(",") || "none";
console.log(`verdicts: ${subs.length - differ.length} of ${subs.length} submissions the same under 5.9 and 7`);
for (const s of differ) console.log(`  ${s.name}: 5.9 fails ${failing(verdict59.get(s.name)!)}, 7 fails ${failing(verdict7.get(s.name)!)}`);
