// The work budgets (src/sandbox/fuel.ts) are sized from the reference solutions, and the message a
// student sees says what share the reference uses: both stay true only while the references use
// what fuel.ts says. Grades each pack's reference (every extra check but the live ones) and reads
// each run's fuel; when this fails, measure again with `npx tsx bench/fuel.ts` and update fuel.ts.
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../src/grading/grade.js";
import { loadPack } from "../src/pack/registry.js";
import { CALL_FUEL, CALL_FUEL_FACTOR, LOAD_FUEL, REFERENCE_RUN_FUEL, REFERENCE_SUBMISSION_FUEL } from "../src/sandbox/fuel.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import type { SandboxReply, SandboxRequest } from "../src/sandbox/protocol.js";
import { ROOT } from "./overlay.js";

/** A pool that keeps each run's fuel, and how many times its largest call's use its call budget is. */
class MeteredPool extends SandboxPool {
  readonly fuel: number[][] = [];
  readonly callRoom: { what: string; times: number }[] = [];
  largestLoad = 0;
  override async run(request: SandboxRequest): Promise<SandboxReply> {
    const reply = await super.run(request);
    this.fuel.push(reply.runs.map((r) => (r.status === "skipped" ? 0 : r.fuel ?? 0)));
    reply.runs.forEach((r, i) => {
      const spec = request.runs[i]!;
      if (r.status === "ran") this.largestLoad = Math.max(this.largestLoad, r.largestLoad ?? 0);
      if (r.status === "ran") this.callRoom.push({ what: `${spec.entry} ${spec.exportName}`, times: (spec.callFuel ?? CALL_FUEL) / Math.max(1, r.largestCall ?? 0) });
    });
    return reply;
  }
}

const pools: SandboxPool[] = [];
afterAll(async () => { for (const pool of pools) await pool.close(); });

describe("the work budgets", () => {
  it.each([["mcp-ch2", "solutions"], ["mcp-stateless", "solutions/mcp-stateless"], ["mcp-stateful", "solutions/mcp-stateful"]])("fit %s's reference solution, which gets full marks within them", async (id, dir) => {
    const pack = await loadPack(id);
    const pool = new MeteredPool(1, true, pack.course.sandboxSource());
    pools.push(pool);
    const report = await gradeSubmission({ cwd: ROOT, pack, dir: path.join(ROOT, dir), tasks: pack.tasks.map((t) => t.id), pool, extra: { seed: 7, live: false } });
    expect(report.score).toBe(report.maxScore);
    const runs = pool.fuel.flat();
    const largest = Math.max(...runs);
    const total = runs.reduce((a, b) => a + b, 0);
    // fuel.ts's figures are the largest over both packs; a quarter more is drift to measure again.
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(REFERENCE_RUN_FUEL * 1.25);
    expect(total).toBeLessThanOrEqual(REFERENCE_SUBMISSION_FUEL * 1.25);
    // Each call's own budget (a call that uses it up is that input's failure) is CALL_FUEL_FACTOR
    // times the most any of the reference's calls of that run used, or more.
    expect(pool.callRoom.filter((r) => r.times < CALL_FUEL_FACTOR)).toEqual([]);
    // A load's own budget (counted apart from the run's) is at least as many times the reference's largest load.
    expect(pool.largestLoad).toBeLessThanOrEqual(1);
    expect(LOAD_FUEL / Math.max(1, pool.largestLoad)).toBeGreaterThanOrEqual(CALL_FUEL_FACTOR);
  }, 300_000);
});
