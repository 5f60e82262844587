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
import { CALL_FUEL, CALL_FUEL_FACTOR, FuelMeter, REFERENCE_RUN_FUEL, REFERENCE_SUBMISSION_FUEL, RUN_FUEL, SUBMISSION_FUEL } from "../src/sandbox/fuel.js";
import { ROOT } from "./generate.js";

/** A pool that keeps each reply's fuel per run. */
class MeteredPool extends SandboxPool {
  readonly seen: { runs: { fuel: number; ms: number; call: number; what: string; budget: number }[] }[] = [];
  override async run(request: SandboxRequest): Promise<SandboxReply> {
    const reply = await super.run(request);
    this.seen.push({ runs: reply.runs.map((r, i) => ({ fuel: r.status === "skipped" ? 0 : r.fuel ?? 0, ms: r.status === "skipped" ? 0 : r.durationMs, call: r.status === "ran" ? r.largestCall ?? 0 : 0, what: `${request.runs[i]!.entry} ${request.runs[i]!.exportName} (call budget ${request.runs[i]!.callFuel ?? CALL_FUEL})`, budget: request.runs[i]!.callFuel ?? CALL_FUEL })) });
    return reply;
  }
}

const PACKS = [["mcp-ch2", path.join(ROOT, "solutions")], ["mcp-stateless", path.join(ROOT, "solutions", "mcp-stateless")], ["mcp-stateful", path.join(ROOT, "solutions", "mcp-stateful")]] as const;
const seeds = Array.from({ length: Number(process.argv[2] ?? 8) }, (_, i) => [0, 1, 7, 42, 166, 236, 4242, 99999][i] ?? 1000 + i);

let largestRun = 0;
let largestSubmission = 0;
let smallestCallRatio = Infinity;
const callsByExport = new Map<string, number>();
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
      for (const r of runs) callsByExport.set(`${id} ${r.what}`, Math.max(callsByExport.get(`${id} ${r.what}`) ?? 0, r.call));
      smallestCallRatio = Math.min(smallestCallRatio, ...runs.map((r) => r.budget / Math.max(1, r.call)));
      console.log(`${id} seed ${seed}: ${report.score}/${report.maxScore}, ${runs.length} runs, fuel per run max ${Math.max(...runs.map((r) => r.fuel))}, total ${total} (${ms} ms in the engine, ${(ms / Math.max(1, total)).toFixed(3)} ms a unit)`);
    }
  } finally {
    await pool.close();
  }
}
console.log(`largest run ${largestRun} (fuel.ts says ${REFERENCE_RUN_FUEL}; budget ${RUN_FUEL}, ${((100 * largestRun) / RUN_FUEL).toFixed(1)}%)`);
console.log(`largest call per export: ${[...callsByExport].map(([what, n]) => `${what} ${n}`).join(", ")}`);
console.log(`each call budget is at least ${smallestCallRatio.toFixed(0)} times the reference's largest call of it (fuel.ts promises ${CALL_FUEL_FACTOR})`);
console.log(`largest submission ${largestSubmission} (fuel.ts says ${REFERENCE_SUBMISSION_FUEL}; budget ${SUBMISSION_FUEL}, ${((100 * largestSubmission) / SUBMISSION_FUEL).toFixed(1)}%)`);

// The cost of counting: one loop timed in a bare engine with no interrupt handler, with the old
// handler (the clock checked at each interrupt) and with the fuel meter (fuel.ts), interleaved,
// the least of 15 runs each.
const engine = await newQuickJSWASMModuleFromVariant(variant as never);
const LOOP = "let s = 0; for (let i = 0; i < 10000000; i++) s = (s + i) % 1000003; s";
const deadline = Date.now() + 6_000_000;
const meter = new FuelMeter();
meter.start(Number.MAX_SAFE_INTEGER, 6_000_000);
const handlers: Record<string, (() => boolean) | undefined> = { "no handler": undefined, "the clock": () => Date.now() > deadline, fuel: meter.tick };
const best: Record<string, number> = {};
for (let k = 0; k < 15; k++) {
  for (const [name, handler] of Object.entries(handlers)) {
    const runtime = engine.newRuntime();
    if (handler) runtime.setInterruptHandler(handler);
    const ctx = runtime.newContext();
    const started = performance.now();
    ctx.unwrapResult(ctx.evalCode(LOOP)).dispose();
    best[name] = Math.min(best[name] ?? Infinity, performance.now() - started);
    ctx.dispose();
    runtime.dispose();
  }
}
console.log(`a loop of 10,000,000 turns (${meter.used / 15} units): ${Object.entries(best).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(", ")}`);
