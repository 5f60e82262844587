// Part of the pack's recount (recount.ts): serve's state, or a count of its calls? When
// t4_fresh_instance failed, the odd lines' checks are judged on their lists each given first to a
// module instance of its own (fresh-serve.ts judgeKindsAlone), and one that holds there is charged
// to the state. A serve by the rules on an instance's first call only held every one of them
// (cheats-2026-12-06c serve-first-call, 40/41). So each such check's earliest failing list goes
// again to a fresh instance after as many calls as came before it in the shared run, each an empty
// list (src/pack/counted-calls.ts: a list of lines would pile up an honest serve's out and log
// never emptied), in a context where an instance has served the page's lines already: a check that
// fails there too was broken by the calls' number, not by state, and is its own mistake.
import { afterLoads, groupRuns, loadsBefore, padding, probedEnd } from "../../../src/pack/counted-calls.js";
import { picked } from "../../../src/pack/interleave.js";
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { LINE_KIND_CHECKS } from "../behaviour/task4-checks.js";
import { serveFails } from "./judge.js";
import { FIXTURE_INPUTS, taskOf, type StatelessPlan } from "./plan.js";

const STATE = "t4_fresh_instance";

/** The probe, when odd lines' checks were charged to serve's state; `read`: those whose list failed after the count too. */
export function serveCountProbe(plan: StatelessPlan, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): Probe<ReadonlySet<string>> | undefined {
  const runs = plan.own.task4;
  const extra = first["task4"]?.extra ?? [];
  const spec = runs?.generated !== undefined ? plan.runs[runs.generated] : undefined;
  const run = runs?.generated !== undefined ? reply.runs[runs.generated] : undefined;
  if (!input.behaviour || !runs || !spec || run?.status !== "ran" || !extra.some((c) => c.name === STATE && c.status === "fail")) return undefined;
  const charged = new Set(extra.filter((c) => c.status === "fail" && c.chargedTo === STATE && LINE_KIND_CHECKS.includes(c.name)).map((c) => c.name));
  if (!charged.size) return undefined;
  const offset = FIXTURE_INPUTS.task4.length;
  const calls = picked(run.calls, runs.picks);
  const fails = serveFails(plan, reply);
  const at = (i: number): number => runs.picks?.[offset + i] ?? offset + i;
  const loads = loadsBefore(plan.runs, reply.runs, runs.generated!);
  const chosen = runs.checks.filter((p) => charged.has(p.check.id)).flatMap((p) => {
    const failing = p.inputs.flatMap((_, k) => { const c = calls?.[offset + p.offset + k]; return c && fails(p, p.offset + k, c) ? [p.offset + k] : []; });
    const i = failing.sort((a, b) => at(a) - at(b))[0];
    return i === undefined ? [] : [{ p, i, instances: afterLoads([spec.inputs.slice(0, offset), [...padding(at(i), "[]"), spec.inputs[at(i)]!]], loads) }];
  });
  if (!chosen.length) return undefined;
  const { inputs: _i, instance: _n, stopOnFailure: _s, after: _a, groups: _g, context: _c, ...call } = { ...callOf(taskOf("task4")), ...spec };
  return {
    runs: groupRuns(call, chosen.map((c) => c.instances)),
    read(again) {
      return new Set(chosen.flatMap(({ p, i, instances }, k) => {
        const size = instances.flat().length;
        const r = again.runs[k];
        const end = probedEnd(r, size);
        const answer = end === "answered" && r?.status === "ran" ? r.calls[size - 1] : undefined;
        return end === "fail" || (answer && fails(p, i, answer)) ? [p.check.id] : [];
      }));
    },
  };
}
