// What the type check costs: grading the reference solutions without it, with it as one run of
// `grade` does it (a fresh compiler thread), and as watch mode does it (one thread kept across
// gradings). Prints medians and ratios; asserts nothing (machines are shared and noisy).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { TypeCheckWorker } from "../courses/mcp-ch2/typecheck/worker-client.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env["BENCH_RUNS"] ?? 5);

async function time(label: string, run: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)]!;
  console.log(`${label.padEnd(44)} median ${median.toFixed(0).padStart(6)} ms  (min ${ms[0]!.toFixed(0)}, max ${ms.at(-1)!.toFixed(0)}, ${RUNS} runs)`);
  return median;
}

const grade = (typecheck: boolean | TypeCheckWorker) => () => gradeSubmission({ cwd: ROOT, dir: "solutions", tasks: TASK_IDS, typecheck });

const plain = await time("grade solutions/, no type check", grade(false));
const fresh = await time("with the type check, a fresh thread each run", grade(true));
const worker = new TypeCheckWorker();
await worker.check(ROOT, path.join(ROOT, "solutions"), TASK_IDS);
const kept = await time("with the type check, one thread kept (watch)", grade(worker));
await worker.close();
console.log(`ratios to no type check: fresh thread ${(fresh / plain).toFixed(2)}x, kept thread ${(kept / plain).toFixed(2)}x`);
