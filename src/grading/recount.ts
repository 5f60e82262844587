// A pack's recount (Pack.recount): after judging, when a check failed, a few more requests with
// stand-ins of the pack's own, whose reply tells whether failures charged apart are one mistake.
// The recount may only find failures to be others': a judgement whose checks differ from the
// first's in name, kind or number, or in a status other than a failure now skipped, is the pack's
// bug, and the first one stands.
import type { Pack, PackPlan, PlanInput, TaskJudgement } from "../pack/types.js";
import { troubleAsErrors } from "../pack/verdict.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply, StandIn } from "../sandbox/protocol.js";

/** The most requests a recount may make: a pack asking more is the pack's bug, and is not asked. */
export const RECOUNT_REQUESTS = 8;

const failed = (judged: Record<string, TaskJudgement>): boolean =>
  Object.values(judged).some((j) => [...j.checks, ...(j.extra ?? [])].some((c) => c.status === "fail"));

// A failure may be found to be another's (charged there, or a rule skipped as a fixture's mistake
// seen again); nothing else moves.
const lessOrSame = (a: CheckResult, b: CheckResult): boolean => b.status === a.status || (a.status === "fail" && b.status === "skip");
const sameChecks = (a: readonly CheckResult[], b: readonly CheckResult[]): boolean =>
  a.length === b.length && a.every((c, i) => c.name === b[i]!.name && c.kind === b[i]!.kind && lessOrSame(c, b[i]!));

/** Whether `again` holds the same tasks and checks as `first`, each with the same status or a failure now skipped. */
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
  // No request at all: what the first reply showed is enough (a rule wrong alone already).
  if (!asked || asked.requests.length > RECOUNT_REQUESTS) return judged;
  const replies: SandboxReply[] = [];
  for (const { runs, standIns } of asked.requests) {
    try {
      const second = await run(runs, standIns);
      if (second.runs.length !== runs.length) return judged;
      replies.push(second);
    } catch {
      // The sandbox could not answer (closed under a batch's stop): the first judgement stands.
      return judged;
    }
  }
  const again = troubleAsErrors(asked.judge(replies), reply);
  return onlyCharges(judged, again) ? again : judged;
}
