// Part of the pack's recount (recount.ts): state, or a count of calls? When t2_no_session_state
// failed beside handle's rule families (which read through it), the earliest failing message of
// each such family goes again to a fresh instance after the shared run's own calls before it, its
// method's replaced (src/pack/probe-prefix.ts), and is judged by the model's answer to those same
// calls. No state is handle's to keep here at all, so a rule that fails there too was broken by
// those calls' number or kinds, not by what they said: its own mistake (cheats-2026-12-05c
// lazy-after-13, a counter switching to a lazy handle after the page's 13 messages, kept 40/41 for
// the one state point).
import { afterLoads, groupRuns, loadsBefore, probedEnd } from "../../../src/pack/counted-calls.js";
import { meetsThePage, probeInstances } from "../../../src/pack/probe-prefix.js";
import { request } from "../course/fixtures.js";
import { picked } from "../../../src/pack/interleave.js";
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { TASK2_FAMILIES } from "../evidence/rule-families.js";
import { readRun } from "./outcomes.js";
import { FIXTURE_INPUTS, taskOf, type StatelessPlan } from "./plan.js";
import { handleJudge, probeJudge } from "./judge.js";
import { STATE_CHECK } from "./state-charges.js";

/** Requests that stand in for calls that meet a probed message (src/pack/probe-prefix.ts): answered alike by any instance. */
const PADDING_REQUESTS = ["tools/list", "prompts/list"].map((method) => (id: unknown) => JSON.stringify(request(id as number | string, method)));

/** Messages probed at most (one a failed family). */
const MOST_MESSAGES = 16;

/** The probe, when the state's check failed beside families that read through it; `read`: the families whose message failed again. */
export function countProbe(plan: StatelessPlan, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): Probe<ReadonlySet<string>> | undefined {
  const runs = plan.own.task2;
  const extra = first["task2"]?.extra ?? [];
  const spec = runs?.generated !== undefined ? plan.runs[runs.generated] : undefined;
  const generatedRun = runs?.generated !== undefined ? reply.runs[runs.generated] : undefined;
  const unpaid = (name: string) => extra.some((c) => c.name === name && c.status === "fail" && c.chargedTo === undefined);
  if (!input.behaviour || !runs || !spec || !unpaid(STATE_CHECK)) return undefined;
  const families = new Set(Object.keys(TASK2_FAMILIES).filter(unpaid));
  if (!families.size) return undefined;
  const task = taskOf("task2");
  const offset = FIXTURE_INPUTS.task2.length;
  const calls = picked(readRun(task, generatedRun, true), runs.picks)?.slice(offset);
  if (!calls) return undefined;
  const judges = handleJudge(plan, reply);
  const probed = probeJudge(plan, reply);
  const at = (g: number): number => runs.picks?.[offset + g] ?? offset + g;
  // Each family's failing message that came earliest in the shared run: the least padding.
  const chosen = runs.checks.filter((p) => families.has(p.check.id)).flatMap((p) => {
    const failing = p.inputs.flatMap((_, k) => (judges(p, p.offset + k, calls[p.offset + k]) ? [] : [p.offset + k]));
    // The earliest, but one that meets none of the page's calls first (src/pack/probe-prefix.ts).
    const ranked = failing.map((n) => ({ n, clash: meetsThePage(spec.inputs, at(n), offset) ? 1 : 0, at: at(n) }));
    const g = ranked.sort((a, b) => a.clash - b.clash || a.at - b.at)[0]?.n;
    return g === undefined ? [] : [{ name: p.check.id, p, g }];
  }).slice(0, MOST_MESSAGES);
  if (!chosen.length) return undefined;
  const loads = loadsBefore(plan.runs, reply.runs, runs.generated!);
  const runsOf = chosen.map(({ g }) => afterLoads(probeInstances(spec.inputs, at(g), offset, PADDING_REQUESTS), loads));
  return {
    runs: groupRuns(callOf(task), runsOf),
    read(again) {
      const counted = new Set<string>();
      chosen.forEach(({ name, p }, k) => {
        const size = runsOf[k]!.flat().length;
        const end = probedEnd(again.runs[k], size);
        const answer = end === "answered" ? readRun(task, again.runs[k], true)?.[size - 1] : undefined;
        const sent = runsOf[k]!.at(-1)!.map((text) => JSON.parse(text) as unknown);
        if (end === "fail" || (answer && !probed(p, sent, answer))) counted.add(name);
      });
      return counted;
    },
  };
}
