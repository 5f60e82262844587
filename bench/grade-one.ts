// How long a full grade of one submission takes: the fixture run plus the behaviour, schema,
// live stdio and interop checks, on the reference solution. Target: under one second. Prints
// figures and ratios only; nothing here is asserted (machines are shared and noisy).
//   npm run bench:grade [-- RUNS]
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gradeSubmission } from "../src/grading/grade.js";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TARGET_MS = 1000;
const RUNS = Number(process.argv[2] ?? 7);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

async function time(label: string, once: () => Promise<unknown> | unknown): Promise<number> {
  await once(); // warm-up: esbuild's service, Ajv's compiled schema, the SDK's modules
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  const m = median(times);
  console.log(`${label.padEnd(44)} median ${m.toFixed(0).padStart(5)} ms  min ${Math.min(...times).toFixed(0).padStart(5)} ms  ratio to ${TARGET_MS} ms target ${(m / TARGET_MS).toFixed(2)}`);
  return m;
}

const grade = (extra: boolean) => () => gradeSubmission({ cwd: ROOT, dir: "solutions", tasks: TASK_IDS, ...(extra ? { extra: { seed: 1 } } : {}) });
const cli = (...args: string[]) => () => {
  const r = spawnSync(process.execPath, [path.join(ROOT, "bin", "grade.js"), "--dir", "solutions", "--reporter", "json", "--evidence", path.join(os.tmpdir(), "grade-bench-evidence.txt"), ...args], { cwd: ROOT });
  if (r.status !== 0) throw new Error(`grade exited ${r.status}: ${r.stderr.toString()}`);
};

console.log(`grade one submission (solutions/), ${RUNS} runs after a warm-up; ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
const full = await time("full grade (function, all checks)", grade(true));
const evidenceOnly = await time("evidence only (function, --no-behaviour)", grade(false));
await time("full grade (CLI, type check included)", cli("--seed", "1"));
await time("full grade (CLI, --no-typecheck)", cli("--seed", "1", "--no-typecheck"));
console.log(`checks beyond the evidence add ${(full - evidenceOnly).toFixed(0)} ms (${(full / evidenceOnly).toFixed(2)}x the evidence-only run)`);
