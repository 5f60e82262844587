// When a task is judged again with copies of its imports, and which verdict it keeps: with a pack
// made for the test (three tasks, each importing the one before, one evidence line each) and a
// sandbox that answers from the request alone, so every rule here is the engine's, not a pack's.
import { describe, expect, it } from "vitest";
import type { Pack, PackPlan, PlanInput, TaskJudgement } from "../pack/types.js";
import type { RunSpec, SandboxReply, StandIn } from "../sandbox/protocol.js";
import { betterVerdicts, secondVerdicts, usedUpBudget } from "./stand-ins.js";

const TASKS = ["t1", "t2", "t3"];
const copy = (task: string): StandIn => ({ exports: { [task]: { answers: {}, unknown: "" } } });

const IMPORTS: Record<string, string[]> = { t2: ["t1"], t3: ["t2"] };

/** Each task's one evidence line passes when its run ran. */
function makePack(copies = true): Pack {
  return {
    format: 1, id: "test", title: "", evidenceFile: "", schemaRevision: "", evidence: [], hints: {},
    tasks: TASKS.map((id, i) => ({ id, number: i + 1, title: id, file: `${id}.ts`, exportName: id, signature: "" })),
    score: { id: "test", kinds: { evidence: { earns: 1, costs: 0 } }, checks: {}, other: { earns: 0, costs: 0 } },
    course: { typesFile: "", sandboxSource: () => "" },
    ...(copies ? { standIns: { imports: IMPORTS, copy: (task: string) => copy(task) } } : {}),
    plan: (input: PlanInput): PackPlan => ({ runs: input.tasks.map((t): RunSpec => ({ entry: `${t}.ts`, exportName: t, inputs: [], instance: "shared", stopOnFailure: true })) }),
    judge: (plan, reply): Record<string, TaskJudgement> => Object.fromEntries(plan.runs.map((run, i) => {
      const task = run.exportName;
      const ok = reply.runs[i]!.status === "ran";
      return [task, { checks: [{ name: `${task}_line`, kind: "evidence", title: "", status: ok ? "pass" : "fail" }], evidence: { [task]: ok ? "right" : "wrong" } }];
    })),
  } as Pack;
}

/** A sandbox for `makePack`: a run ran when every task its entry reaches is right or stood in for. */
function sandbox(right: Set<string>, seen: Record<string, StandIn>[] = []) {
  const good = (task: string, standIns: Record<string, StandIn>): boolean =>
    `${task}.ts` in standIns || (right.has(task) && (IMPORTS[task] ?? []).every((t) => good(t, standIns)));
  return async (runs: RunSpec[], standIns: Record<string, StandIn> = {}): Promise<SandboxReply> => {
    seen.push(standIns);
    return { runs: runs.map((r) => (good(r.exportName, standIns) ? { status: "ran", calls: [], stdout: "", stderr: "", durationMs: 0 } : { status: "failed", failure: { reason: "throw", message: "broke" }, stdout: "", stderr: "", durationMs: 0 })) };
  };
}

async function grade(right: string[], options: { copies?: boolean; starved?: boolean; firstRight?: string[] } = {}) {
  const pack = makePack(options.copies ?? true);
  const input: PlanInput = { tasks: TASKS, has: () => true, behaviour: false, schema: false, seed: 1 };
  // The first request's sandbox: as right as the submission, or less (a budget used up by a loop).
  const run = sandbox(new Set(options.firstRight ?? right));
  const seen: Record<string, StandIn>[] = [];
  const record = sandbox(new Set(right), seen);
  const plan = pack.plan(input);
  const first = pack.judge(plan, await run(plan.runs), input);
  const second = await secondVerdicts(pack, input, first, record, undefined, options.starved ?? false);
  const chosen = await betterVerdicts(pack, first, {}, second);
  return { first, second, chosen, seen };
}

const statuses = (judged: Record<string, TaskJudgement>): string[] => TASKS.map((t) => judged[t]!.checks[0]!.status);

describe("stand-ins", () => {
  it("asks nothing more of a submission whose tasks pass", async () => {
    const { second, seen } = await grade(["t1", "t2", "t3"]);
    expect(second).toEqual({});
    expect(seen).toEqual([]);
  });

  it("judges the tasks after a broken one with its copy, and keeps the student's evidence", async () => {
    const { first, chosen } = await grade(["t2", "t3"]);
    expect(statuses(first)).toEqual(["fail", "fail", "fail"]);
    expect(statuses(chosen.judged)).toEqual(["fail", "pass", "pass"]);
    // t2 is right given a right t1, so t3 is judged with the student's t2 and a copy of t1 alone.
    expect(chosen.standIns).toEqual({ t2: ["t1.ts"], t3: ["t1.ts"] });
    expect(chosen.judged["t3"]!.evidence).toEqual({ t3: "wrong" });
  });

  it("stands in for every broken task a task reaches, nearest first", async () => {
    const { chosen } = await grade(["t3"]);
    expect(statuses(chosen.judged)).toEqual(["fail", "fail", "pass"]);
    expect(chosen.standIns["t3"]?.sort()).toEqual(["t1.ts", "t2.ts"]);
  });

  it("keeps the first verdict when the second is no better: a task wrong on its own", async () => {
    const { second, chosen, seen } = await grade([]);
    expect(seen.map((s) => Object.keys(s).sort())).toEqual([["t1.ts"], ["t1.ts", "t2.ts"]]);
    expect(second).toEqual({});
    expect(statuses(chosen.judged)).toEqual(["fail", "fail", "fail"]);
    expect(chosen.standIns).toEqual({});
  });

  it("without the pack's copies, judges again only when the submission's budget ran out, each task alone", async () => {
    expect((await grade(["t1", "t2", "t3"], { copies: false, firstRight: ["t1"] })).seen).toEqual([]);
    const starved = await grade(["t1", "t2", "t3"], { copies: false, starved: true, firstRight: ["t1"] });
    expect(starved.seen).toEqual([{}, {}]);
    expect(statuses(starved.chosen.judged)).toEqual(["pass", "pass", "pass"]);
    expect(starved.chosen.standIns).toEqual({ t2: [], t3: [] });
  });

  it("tells a run starved by the submission's budget from one stopped by its own", () => {
    const ran = (reason?: "budget" | "timeout"): SandboxReply => ({ runs: [{ status: "ran", calls: [], stdout: "", stderr: "", durationMs: 0, ...(reason ? { stopped: { reason, message: "" } } : {}) }] });
    expect([ran(), ran("timeout"), ran("budget")].map(usedUpBudget)).toEqual([false, false, true]);
    expect(usedUpBudget({ runs: [{ status: "failed", failure: { reason: "budget", message: "" }, stdout: "", stderr: "", durationMs: 0 }] })).toBe(true);
  });
});
