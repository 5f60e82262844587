// What the reference solutions use of the sandbox's work budget (src/sandbox/fuel.ts): each pack's
// solution graded with every extra check at several seeds, each run's fuel read from the reply.
// The budgets in fuel.ts are about 50 times the largest figures this prints.
// Then the cost of counting (the interrupt handler's). Run: npx tsx bench/fuel.ts [seeds]
// (docs/sandbox.md has the figures).
import path from "node:path";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import { gradeSubmission } from "../src/grading/grade.js";
import { loadPack } from "../src/pack/registry.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import type { SandboxReply, SandboxRequest } from "../src/sandbox/protocol.js";
import { FuelMeter, REFERENCE_RUN_FUEL, REFERENCE_SUBMISSION_FUEL, RUN_FUEL, SUBMISSION_FUEL } from "../src/sandbox/fuel.js";
import { ROOT } from "./generate.js";

/** A pool that keeps each reply's fuel per run. */
class MeteredPool extends SandboxPool {
  readonly seen: { runs: { fuel: number; ms: number }[] }[] = [];
  override async run(request: SandboxRequest): Promise<SandboxReply> {
    const reply = await super.run(request);
    this.seen.push({ runs: reply.runs.map((r) => ({ fuel: r.status === "skipped" ? 0 : r.fuel ?? 0, ms: r.status === "skipped" ? 0 : r.durationMs })) });
    return reply;
  }
}

const PACKS = [["mcp-ch2", path.join(ROOT, "solutions")], ["mcp-stateless", path.join(ROOT, "solutions", "mcp-stateless")]] as const;
const seeds = Array.from({ length: Number(process.argv[2] ?? 8) }, (_, i) => [0, 1, 7, 42, 166, 236, 4242, 99999][i] ?? 1000 + i);

let largestRun = 0;
let largestSubmission = 0;
for (const [id, dir] of PACKS) {
  const pack = await loadPack(id);
  const pool = new MeteredPool(1, true, pack.course.sandboxSource());
  try {
    for (const seed of seeds) {
      const report = await gradeSubmission({ cwd: ROOT, pack, dir, tasks: pack.tasks.map((t) => t.id), pool, extra: { seed, live: false } });
      const runs = pool.seen.at(-1)!.runs;
      const total = runs.reduce((n, r) => n + r.fuel, 0);
      const ms = runs.reduce((n, r) => n + r.ms, 0);
      largestRun = Math.max(largestRun, ...runs.map((r) => r.fuel));
      largestSubmission = Math.max(largestSubmission, total);
      console.log(`${id} seed ${seed}: ${report.score}/${report.maxScore}, ${runs.length} runs, fuel per run max ${Math.max(...runs.map((r) => r.fuel))}, total ${total} (${ms} ms in the engine, ${(ms / Math.max(1, total)).toFixed(3)} ms a unit)`);
    }
  } finally {
    await pool.close();
  }
}
console.log(`largest run ${largestRun} (fuel.ts says ${REFERENCE_RUN_FUEL}; budget ${RUN_FUEL}, ${((100 * largestRun) / RUN_FUEL).toFixed(1)}%)`);
console.log(`largest submission ${largestSubmission} (fuel.ts says ${REFERENCE_SUBMISSION_FUEL}; budget ${SUBMISSION_FUEL}, ${((100 * largestSubmission) / SUBMISSION_FUEL).toFixed(1)}%)`);

// The cost of counting: one loop timed in a bare engine with no interrupt handler, with the old
// handler (the clock checked at each interrupt) and with the fuel meter (fuel.ts). Quiet machine
// wanted; the least of five runs each.

const engine = await newQuickJSWASMModuleFromVariant(variant as never);
const LOOP = "let s = 0; for (let i = 0; i < 30000000; i++) s = (s + i) % 1000003; s";
const time = (handler: (() => boolean) | undefined): { ms: number; calls: number } => {
  let best = Infinity;
  let calls = 0;
  for (let k = 0; k < 5; k++) {
    const runtime = engine.newRuntime();
    let n = 0;
    if (handler) runtime.setInterruptHandler(() => { n++; return handler(); });
    const ctx = runtime.newContext();
    const started = performance.now();
    ctx.unwrapResult(ctx.evalCode(LOOP)).dispose();
    best = Math.min(best, performance.now() - started);
    calls = n;
    ctx.dispose();
    runtime.dispose();
  }
  return { ms: best, calls };
};
const deadline = Date.now() + 600_000;
const meter = new FuelMeter();
meter.start(Number.MAX_SAFE_INTEGER, 600_000);
const bare = time(undefined);
const clock = time(() => Date.now() > deadline);
const fuel = time(meter.tick);
console.log(`a loop of 30,000,000 turns: no handler ${bare.ms.toFixed(0)} ms; the clock ${clock.ms.toFixed(0)} ms (${clock.calls} interrupts); fuel ${fuel.ms.toFixed(0)} ms (${fuel.calls} units, ${(fuel.ms / fuel.calls).toFixed(3)} ms a unit)`);
