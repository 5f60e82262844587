// Part of chapter 2's recount (recount.ts): state, or a count of calls? When a task's state check
// (t2_fresh_instance, t3_fresh_instance) failed beside rules that read through it, a failing input
// of each such rule goes again to a fresh instance after as many calls as came before it in the
// shared run (handle: the shared run's own, its method's replaced, src/pack/probe-prefix.ts; serve:
// empty lists, src/pack/counted-calls.ts): a rule that fails there too was broken by their number,
// not by what they said, and is its own mistake, not read through the state (cheats-2026-12-05d
// ch2-first-8-calls, right for a module's first 8 calls, kept 16/17 for the one state point;
// ch2-serve-first-call, serve by the rules on its first call only, 16/17).
import { callOf } from "../../../src/pack/types.js";
import type { PlanInput, Probe, TaskJudgement } from "../../../src/pack/types.js";
import { afterLoads, groupRuns, loadsBefore, padding, probedEnd } from "../../../src/pack/counted-calls.js";
import { meetsThePage, probeInstances } from "../../../src/pack/probe-prefix.js";
import { picked } from "../../../src/pack/interleave.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { RunSpec, SandboxReply, WireRun } from "../../../src/sandbox/protocol.js";
import { breaksRule, failingInputs, type ExpectOverride } from "../behaviour/judge.js";
import { planInputs, type PlannedCheck } from "../behaviour/plan.js";
import { TASKS } from "../course/tasks.js";
import { serveOracle } from "./extra-checks.js";
import { readCalls } from "./outcomes.js";
import { FIXTURE_INPUTS, type GradingRequest } from "./request.js";

/** Messages (or lists) probed at most a task (a rule's earliest failing one each). */
const MOST_PROBED = 24;
/** Requests that stand in for calls that meet a probed message (src/pack/probe-prefix.ts): answered alike by any instance. */
const PADDING_REQUESTS = ["tools/list", "ping"].map((method) => (id: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method }));
const STATE = { task2: "t2_fresh_instance", task3: "t3_fresh_instance" } as const;

interface Probed { planned: PlannedCheck; i: number; instances: string[][] }

/**
 * One task's probe. A handle's message answered against the rule alone in a fresh instance too
 * (the fresh run's sample) is the rule's own mistake, state or not: the rule is counted without a
 * run (cheats-2026-12-06d lazy-alone-too: lazy everywhere, its answers alone made to differ from
 * the shared run's, kept every family through the state check). Others are probed; serve's lists
 * have no such run.
 */
function taskProbe(task: "task2" | "task3", plan: Pick<GradingRequest, "tasks" | "runs" | "oracle">, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): { runs: RunSpec[]; read(runs: readonly (WireRun | undefined)[]): string[] } | undefined {
  const r = plan.tasks[task];
  const extra = first[task]?.extra ?? [];
  const generated = r?.generated;
  const spec = generated !== undefined ? plan.runs[generated] : undefined;
  if (!input.behaviour || !r || generated === undefined || !spec || !extra.some((c) => c.name === STATE[task] && c.status === "fail")) return undefined;
  // handle's line rules charged to the state when each failing message held alone are probed too:
  // state-lines.ts leaves a counted one uncharged. Nothing reads a count of a serve check charged.
  const probedToo = (c: CheckResult): boolean => task === "task2" && c.chargedTo === STATE[task];
  const failed = new Set(extra.filter((c) => c.status === "fail" && c.kind === "behaviour" && (c.chargedTo === undefined || probedToo(c)) && c.name !== STATE[task]).map((c) => c.name));
  const calls = picked(readCalls(task, reply.runs[generated]), r.picks);
  if (!failed.size || !calls) return undefined;
  const override: ExpectOverride | undefined = task === "task3" ? serveOracle(plan, reply)?.override : undefined;
  const fixtures = FIXTURE_INPUTS[task].length;
  const failing = failingInputs(task, r.plan, calls, fixtures, input.seed, override);
  const { offsets } = planInputs(r.plan);
  const fresh = task === "task2" && r.fresh !== undefined ? readCalls(task, reply.runs[r.fresh]) : undefined;
  if (task === "task2" && !fresh) return undefined;
  const aloneAt = (k: number, i: number): number => (r.freshOrder ? r.freshOrder.indexOf(offsets[k]! + i) : offsets[k]! + i);
  const wrongAlone = (k: number, i: number): boolean => { const a = fresh?.[aloneAt(k, i)]; return a !== undefined && breaksRule(task, r.plan[k]!, i, a); };
  const at = (g: number): number => r.picks?.[g] ?? g;
  const direct: string[] = [];
  const chosen: Probed[] = [];
  const loads = loadsBefore(plan.runs, reply.runs, generated);
  r.plan.forEach((planned, k) => {
    if (!failed.has(planned.check.name) || chosen.length >= MOST_PROBED) return;
    if (failing[k]!.some((n) => wrongAlone(k, n))) { direct.push(planned.check.name); return; }
    // The earliest, but one that meets none of the page's calls first (src/pack/probe-prefix.ts).
    const pos = (n: number): number => at(fixtures + offsets[k]! + n);
    const ranked = failing[k]!.map((n) => ({ n, clash: task === "task2" && meetsThePage(spec.inputs, pos(n), fixtures) ? 1 : 0, at: pos(n) }));
    const i = ranked.sort((a, b) => a.clash - b.clash || a.at - b.at)[0]?.n;
    if (i === undefined) return;
    const g = at(fixtures + offsets[k]! + i);
    const probed = spec.inputs[g]!;
    chosen.push({ planned, i, instances: afterLoads(task === "task2" ? probeInstances(spec.inputs, g, fixtures, PADDING_REQUESTS) : [spec.inputs.slice(0, fixtures), [...padding(g, "[]"), probed]], loads) });
  });
  if (!chosen.length && !direct.length) return undefined;
  return {
    runs: groupRuns({ ...callOf(TASKS[task]), ...(spec.callFuel !== undefined ? { callFuel: spec.callFuel } : {}) }, chosen.map((c) => c.instances)),
    read: (runs) => [...direct, ...chosen.flatMap(({ planned, i, instances }, k) => {
      const size = instances.flat().length;
      const end = probedEnd(runs[k], size);
      const answer = end === "answered" ? readCalls(task, runs[k])?.[size - 1] : undefined;
      return end === "fail" || (answer && breaksRule(task, planned, i, answer, override)) ? [planned.check.name] : [];
    })],
  };
}

/** The probe, when task 2's or task 3's state check failed beside rules that read through it; `read`: the rules whose inputs failed after the padding too. */
export function countProbe(plan: Pick<GradingRequest, "tasks" | "runs" | "oracle">, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): Probe<ReadonlySet<string>> | undefined {
  const probes = (["task2", "task3"] as const).flatMap((task) => { const p = taskProbe(task, plan, reply, input, first); return p ? [{ task, ...p }] : []; });
  if (!probes.length) return undefined;
  const starts = probes.map((_, k) => probes.slice(0, k).reduce((n, p) => n + p.runs.length, 0));
  return {
    runs: probes.flatMap((p) => p.runs),
    read: (again) => new Set(probes.flatMap((p, k) => p.read(again.runs.slice(starts[k], starts[k]! + p.runs.length)))),
  };
}
