// A pack's recount (Pack.recount): after judging, when a check failed, one more request with
// stand-ins of the pack's own, whose reply tells whether failures charged apart are one mistake.
// The recount may only charge failures to one another: a judgement whose checks differ from the
// first's in name, kind or status (or in number) is the pack's bug, and the first one stands.
import type { Pack, PackPlan, PlanInput, TaskJudgement } from "../pack/types.js";
import { troubleAsErrors } from "../pack/verdict.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply, StandIn } from "../sandbox/protocol.js";

const failed = (judged: Record<string, TaskJudgement>): boolean =>
  Object.values(judged).some((j) => [...j.checks, ...(j.extra ?? [])].some((c) => c.status === "fail"));

const sameChecks = (a: readonly CheckResult[], b: readonly CheckResult[]): boolean =>
  a.length === b.length && a.every((c, i) => c.name === b[i]!.name && c.kind === b[i]!.kind && c.status === b[i]!.status);

/** Whether `again` holds the same tasks and checks as `first`, each with the same status. */
export function onlyCharges(first: Record<string, TaskJudgement>, again: Record<string, TaskJudgement>): boolean {
  const tasks = Object.keys(first);
  return tasks.length === Object.keys(again).length && tasks.every((t) => {
    const a = first[t]!;
    const b = again[t];
    return b !== undefined && sameChecks(a.checks, b.checks) && sameChecks(a.extra ?? [], b.extra ?? []) && (a.failure === undefined) === (b.failure === undefined);
  });
}

/** The judgement after the pack's recount, when it has one and a check failed. */
export async function recount<P extends PackPlan>(
  pack: Pack<P>, plan: P, reply: SandboxReply, input: PlanInput, judged: Record<string, TaskJudgement>,
  run: (runs: RunSpec[], standIns: Record<string, StandIn>) => Promise<SandboxReply>,
): Promise<Record<string, TaskJudgement>> {
  if (!pack.recount || !failed(judged)) return judged;
  const asked = pack.recount(plan, reply, input, judged);
  if (!asked?.runs.length) return judged;
  let second: SandboxReply;
  try {
    second = await run(asked.runs, asked.standIns);
  } catch {
    // The sandbox could not answer (closed under a batch's stop): the first judgement stands.
    return judged;
  }
  if (second.runs.length !== asked.runs.length) return judged;
  const again = troubleAsErrors(asked.judge(second), reply);
  return onlyCharges(judged, again) ? again : judged;
}
