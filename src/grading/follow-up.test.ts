// The follow-up request (Pack.refine) as the engine makes it: asked only when a check failed, it
// can change a failure's text and nothing else, whatever the pack's recheck says and whatever
// the sandbox does with the follow-up's runs.
import { describe, expect, it } from "vitest";
import type { FollowUp, Pack, TaskJudgement } from "../pack/types.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply } from "../sandbox/protocol.js";
import { FOLLOW_UP_RUNS, followUp } from "./follow-up.js";

const input = { tasks: ["task1"], has: () => true, behaviour: true, schema: false, seed: 1 };
const check = (name: string, status: CheckResult["status"], message?: string): CheckResult =>
  ({ name, kind: "behaviour", title: name, status, ...(message ? { message, expected: "e", actual: "a" } : {}) });
const run: RunSpec = { entry: "task1.ts", exportName: "f", inputs: ["1"], instance: "fresh", stopOnFailure: false };
const ran = (runs: RunSpec[]): SandboxReply => ({ runs: runs.map(() => ({ status: "ran", calls: [], stdout: "", stderr: "", durationMs: 0 })) });

function packWith(refine: Pack["refine"]): { pack: Pack; asked: () => number } {
  let asked = 0;
  const pack = { plan: () => ({ runs: [] }), judge: () => ({}), refine: (...a: Parameters<NonNullable<Pack["refine"]>>) => { asked++; return refine!(...a); } } as unknown as Pack;
  return { pack, asked: () => asked };
}
const judged = (...extra: CheckResult[]): Record<string, TaskJudgement> =>
  ({ task1: { checks: [check("t1_line", "pass")], evidence: {}, extra } });
const retell = (checks: CheckResult[], runs = [run]): FollowUp => ({ runs, recheck: () => ({ task1: checks }) });

describe("the follow-up request", () => {
  it("is not asked for when every check passed", async () => {
    const { pack, asked } = packWith(() => retell([]));
    let requests = 0;
    const first = judged(check("t1_b", "pass"), check("t1_c", "skip"));
    expect(await followUp(pack, { runs: [] }, { runs: [] }, input, first, async (r) => { requests++; return ran(r); })).toBe(first);
    expect([asked(), requests]).toEqual([0, 0]);
  });

  it("retells a failure that fails again, with the recheck's text only", async () => {
    const { pack } = packWith(() => retell([{ ...check("t1_b", "fail", "smaller"), title: "another title", hint: "another hint" }]));
    const out = await followUp(pack, { runs: [] }, { runs: [] }, input, judged(check("t1_b", "fail", "the first, longer one"), check("t1_c", "pass")), async (r) => ran(r));
    expect(out["task1"]!.extra).toEqual([check("t1_b", "fail", "smaller"), check("t1_c", "pass")]);
  });

  it("never changes a verdict: a recheck that passes, errs, skips or names another check is ignored", async () => {
    const first = judged(check("t1_b", "fail", "first b"), check("t1_c", "fail", "first c"), check("t1_d", "fail", "first d"), check("t1_e", "pass"));
    const { pack } = packWith(() => retell([check("t1_b", "pass"), check("t1_c", "error", "the grader's"), check("t1_d", "skip", "x"), check("t1_e", "fail", "now failing"), check("t1_z", "fail", "unknown")]));
    expect(await followUp(pack, { runs: [] }, { runs: [] }, input, first, async (r) => ran(r))).toEqual(first);
  });

  it("keeps the first failures when the follow-up's request fails or answers the wrong runs", async () => {
    const first = judged(check("t1_b", "fail", "first"));
    const { pack } = packWith(() => retell([check("t1_b", "fail", "smaller")]));
    expect(await followUp(pack, { runs: [] }, { runs: [] }, input, first, async () => { throw new Error("closed"); })).toEqual(first);
    expect(await followUp(pack, { runs: [] }, { runs: [] }, input, first, async () => ({ runs: [] }))).toEqual(first);
  });

  it("asks nothing of the sandbox for a follow-up with no runs, and refuses one past its bounds", async () => {
    const first = judged(check("t1_b", "fail", "first"));
    let requests = 0;
    const count = async (r: RunSpec[]) => { requests++; return ran(r); };
    expect(await followUp(packWith(() => undefined).pack, { runs: [] }, { runs: [] }, input, first, count)).toBe(first);
    expect(await followUp(packWith(() => retell([check("t1_b", "fail", "x")], [])).pack, { runs: [] }, { runs: [] }, input, first, count)).toBe(first);
    expect(requests).toBe(0);
    const many = packWith(() => retell([], Array.from({ length: FOLLOW_UP_RUNS + 1 }, () => run))).pack;
    await expect(followUp(many, { runs: [] }, { runs: [] }, input, first, count)).rejects.toThrow(/at most 64/);
  });
});
