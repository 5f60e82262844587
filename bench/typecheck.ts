// What the type check costs, in CPU per submission (process.cpuUsage counts every thread of the
// grader; TypeScript 7's process, the thread's child, is read from /proc), and whether TypeScript
// 7 and 5.9 give the same findings. Four ways, each over the same submissions (solutions/ and
// every chapter-2 fixture under test/fixtures/types/):
//   - 5.9 in a fresh thread per grade: what one `grade` run did before TypeScript 7 (the previous build);
//   - 5.9 kept warm: one checker across submissions, as watch and batch keep one;
//   - TypeScript 7 kept warm: one process across submissions;
//   - TypeScript 7 in a fresh thread per grade: what one `grade` run does now.
// Each submission's findings (verdicts and messages) under 5.9 and 7 are compared. Prints
// medians and ratios; asserts nothing (machines are shared and noisy).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TASK_IDS, type TaskId } from "../courses/mcp-ch2/course/tasks.js";
import { TypeChecker, type TaskTypes } from "../courses/mcp-ch2/typecheck/check-types.js";
import { TypeCheckWorker } from "../courses/mcp-ch2/typecheck/worker-client.js";
import { TypeScript59 } from "../src/typecheck/program-59.js";
import { typeScript7 } from "../src/typecheck/program-7.js";
import { childrenOf, cpuMs as procCpuMs, ended } from "../src/typecheck/proc.js";
import { DEFAULT_LIMITS } from "../src/typecheck/thread.js";
import { overlay } from "../test/overlay.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "types");
const COLD_RUNS = Number(process.env["BENCH_RUNS"] ?? 3);

const names = ["solutions", ...readdirSync(FIXTURES).filter((n) => n !== "hostile-paths" && !n.startsWith("mcp-")).sort()];
const base = mkdtempSync(path.join(os.tmpdir(), "grade-bench-types-"));
const subs = names.map((n) => ({ name: n, dir: overlay(path.join(base, n), n === "solutions" ? undefined : path.join(FIXTURES, n)) }));

/** The CPU of the children of every thread of this process that are still running (TypeScript 7's process; a killed one, not yet reaped, is not). */
const childrenCpuMs = (): number => readdirSync("/proc/self/task").flatMap((t) => childrenOf(`/proc/self/task/${t}`)).filter((pid) => !ended(pid))
  .reduce((s, pid) => s + (procCpuMs(`/proc/${pid}`) ?? 0), 0);
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

async function freshThreads(compiler: "5.9" | "7"): Promise<{ cpu: number; wall: number }[]> {
  const runs: { cpu: number; wall: number }[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const worker = new TypeCheckWorker(DEFAULT_LIMITS, compiler);
    runs.push(await measure(() => worker.check(ROOT, subs[0]!.dir, TASK_IDS)));
    await worker.close();
  }
  return runs;
}

/** One checker kept warm: the first check pays for the standard library, every later one for its own files. */
async function warm(checker: TypeChecker): Promise<{ runs: { cpu: number; wall: number }[]; first: number; found: Map<string, Record<TaskId, TaskTypes>> }> {
  const found = new Map<string, Record<TaskId, TaskTypes>>();
  const runs: { cpu: number; wall: number }[] = [];
  let first = 0;
  for (const [i, sub] of subs.entries()) {
    const r = await measure(() => checker.check(sub.dir, TASK_IDS, (a) => path.relative(base, a)));
    found.set(sub.name, r.value);
    if (i > 0) runs.push(r);
    else first = r.cpu;
  }
  return { runs, first, found };
}

const fresh59 = await freshThreads("5.9");
const previous = line("5.9, a fresh thread per grade (previous build)", fresh59.map((r) => r.cpu), fresh59.map((r) => r.wall));
const warm59 = await warm(new TypeChecker(ROOT, new TypeScript59(ROOT)));
line("5.9 kept warm (watch, batch), per submission", warm59.runs.map((r) => r.cpu), warm59.runs.map((r) => r.wall), previous);
const ts7 = typeScript7(ROOT);
const warm7 = await warm(new TypeChecker(ROOT, ts7));
ts7.close();
// Until its process has ended, its CPU would count at the start of the next measure and not at its end.
const compilerRunning = (): boolean => readdirSync("/proc/self/task").flatMap((t) => childrenOf(`/proc/self/task/${t}`)).some((pid) => {
  try { return !ended(pid) && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "tsc"; } catch { return false; }
});
for (let i = 0; i < 200 && compilerRunning(); i++) await new Promise((r) => setTimeout(r, 10));
line("TypeScript 7 kept warm, per submission", warm7.runs.map((r) => r.cpu), warm7.runs.map((r) => r.wall), previous);
const fresh7 = await freshThreads("7");
line("TypeScript 7, a fresh thread per grade (now)", fresh7.map((r) => r.cpu), fresh7.map((r) => r.wall), previous);
console.log(`(first check of a kept checker: 5.9 ${warm59.first.toFixed(0)} ms CPU, TypeScript 7 ${warm7.first.toFixed(0)} ms)`);

const failing = (r: Record<TaskId, TaskTypes>) => TASK_IDS.filter((t) => { const x = r[t]; return !("findings" in x) || x.findings.length > 0; });
const verdicts = subs.filter((s) => failing(warm59.found.get(s.name)!).join() !== failing(warm7.found.get(s.name)!).join());
const messages = subs.filter((s) => JSON.stringify(warm59.found.get(s.name)) !== JSON.stringify(warm7.found.get(s.name)));
console.log(`verdicts: ${subs.length - verdicts.length} of ${subs.length} submissions the same under 5.9 and 7; findings word for word: ${subs.length - messages.length} of ${subs.length}`);
for (const s of verdicts) console.log(`  ${s.name}: 5.9 fails ${failing(warm59.found.get(s.name)!).join(",") || "none"}, 7 fails ${failing(warm7.found.get(s.name)!).join(",") || "none"}`);
for (const s of messages) console.log(`  ${s.name} says, under 5.9: ${JSON.stringify(warm59.found.get(s.name))}\n    under 7: ${JSON.stringify(warm7.found.get(s.name))}`);
