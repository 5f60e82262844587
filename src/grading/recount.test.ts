// The recount (Pack.recount) as the engine makes it: asked only when a check failed, one request
// with the pack's stand-ins, and a judgement that may only charge failures to one another.
import { describe, expect, it } from "vitest";
import type { Pack, Recount, TaskJudgement } from "../pack/types.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply, StandIn } from "../sandbox/protocol.js";
import { onlyCharges, recount } from "./recount.js";

const input = { tasks: ["task1"], has: () => true, behaviour: true, schema: false, seed: 1 };
const line = (name: string, status: CheckResult["status"], chargedTo?: string): CheckResult =>
  ({ name, kind: "evidence", title: name, status, ...(chargedTo ? { chargedTo } : {}) });
const run: RunSpec = { entry: "task1.ts", exportName: "f", inputs: ["1"], instance: "fresh", stopOnFailure: false };
const standIns: Record<string, StandIn> = { "task0.ts": { exports: { g: { answers: {}, unknown: "no" } } } };
const ran = (runs: RunSpec[]): SandboxReply => ({ runs: runs.map(() => ({ status: "ran", calls: [], stdout: "", stderr: "", durationMs: 0 })) });
const judged = (...checks: CheckResult[]): Record<string, TaskJudgement> => ({ task1: { checks, evidence: {} } });
const packWith = (again: Record<string, TaskJudgement>, runs = [run]): Pack =>
  ({ plan: () => ({ runs: [] }), judge: () => ({}), recount: (): Recount => ({ requests: [{ runs, standIns }], judge: () => again }) }) as unknown as Pack;

describe("the recount", () => {
  const first = judged(line("a", "fail"), line("b", "fail"), line("c", "pass"));
  const charged = judged(line("a", "fail"), line("b", "fail", "a"), line("c", "pass"));

  it("is not asked for when every check passed, and asks with the pack's stand-ins when one failed", async () => {
    const passing = judged(line("c", "pass"));
    let seen: Record<string, StandIn> | undefined;
    expect(await recount(packWith(charged), { runs: [] }, { runs: [] }, input, passing, async (r) => { seen = {}; return ran(r); })).toBe(passing);
    expect(seen).toBeUndefined();
    expect(await recount(packWith(charged), { runs: [] }, { runs: [] }, input, first, async (r, s) => { seen = s; return ran(r); })).toEqual(charged);
    expect(seen).toEqual(standIns);
  });

  it("keeps the first judgement when the recount would change a verdict, or the request fails", async () => {
    for (const again of [judged(line("a", "fail"), line("b", "pass"), line("c", "pass")), judged(line("a", "fail"), line("b", "fail"), line("c", "skip")), judged(line("a", "fail"), line("c", "pass")), {}]) {
      expect(await recount(packWith(again), { runs: [] }, { runs: [] }, input, first, async (r) => ran(r))).toBe(first);
    }
    expect(await recount(packWith(charged), { runs: [] }, { runs: [] }, input, first, async () => { throw new Error("closed"); })).toBe(first);
    expect(await recount(packWith(charged), { runs: [] }, { runs: [] }, input, first, async () => ({ runs: [] }))).toBe(first);
  });

  it("judges again without a request when the pack asks none (what the first reply showed is enough)", async () => {
    const none = ({ plan: () => ({ runs: [] }), judge: () => ({}), recount: (): Recount => ({ requests: [], judge: (replies) => (replies.length ? first : charged) }) }) as unknown as Pack;
    let asked = 0;
    expect(await recount(none, { runs: [] }, { runs: [] }, input, first, async (r) => { asked++; return ran(r); })).toEqual(charged);
    expect(asked).toBe(0);
  });

  it("takes charges, failures now skipped, and their words only", () => {
    expect(onlyCharges(first, charged)).toBe(true);
    expect(onlyCharges(first, judged(line("a", "fail"), line("b", "skip"), line("c", "pass")))).toBe(true);
    expect(onlyCharges(first, judged(line("a", "fail"), line("b", "fail"), line("c", "fail")))).toBe(false);
    expect(onlyCharges(first, { ...charged, task2: { checks: [], evidence: {} } })).toBe(false);
  });
});
