// The judgement of one sandbox reply, as every grading makes it: the pack's judge (the grader's
// own trouble made errors), its recount when a check failed (recount.ts), and slips in how answers
// are written counted once (one-slip.ts), each judged from the reply with the slip undone.
import type { Pack, PackPlan, PlanInput, TaskJudgement } from "../pack/types.js";
import { troubleAsErrors } from "../pack/verdict.js";
import type { RunSpec, SandboxReply, StandIn } from "../sandbox/protocol.js";
import { slipsCountedOnce } from "./one-slip.js";
import { recount } from "./recount.js";

type Request = (runs: RunSpec[], standIns: Record<string, StandIn>) => Promise<SandboxReply>;

export async function judgeReply<P extends PackPlan>(pack: Pack<P>, plan: P, reply: SandboxReply, input: PlanInput, request: Request): Promise<Record<string, TaskJudgement>> {
  const judgeFrom = (r: SandboxReply, ask: Request) => recount(pack, plan, r, input, troubleAsErrors(pack.judge(plan, r, input), r), ask);
  return slipsCountedOnce(pack, reply, plan.runs, await judgeFrom(reply, request), (r, undo) => judgeFrom(r, (runs, s) => request(runs, s).then((again) => undo(again, runs))));
}
