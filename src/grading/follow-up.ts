// A pack's one follow-up request (Pack.refine): after judging, when a check failed, the pack may
// ask the sandbox once more (the stateful pack runs smaller sessions cut from a failing one) and
// judge the failed checks again. What comes back can only change how a failure reads: the engine
// takes a rechecked check's text, never its status, and only where the first verdict was a
// failure and the recheck is one too. A grade that passes asks nothing more.
import type { FollowUp, Pack, PackPlan, PlanInput, TaskJudgement } from "../pack/types.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply } from "../sandbox/protocol.js";

/** The most runs, and inputs over all of them, a follow-up may ask for: a pack asking more is the pack's bug. */
export const FOLLOW_UP_RUNS = 64;
export const FOLLOW_UP_INPUTS = 512;

const TEXT = ["message", "expected", "actual"] as const;

const failed = (judged: Record<string, TaskJudgement>): boolean =>
  Object.values(judged).some((j) => [...j.checks, ...(j.extra ?? [])].some((c) => c.status === "fail"));

/** A failed check with the rechecked one's text, when the recheck is a failure of the same check. */
function retold(check: CheckResult, again: readonly CheckResult[]): CheckResult {
  if (check.status !== "fail") return check;
  const other = again.find((c) => c.name === check.name && c.kind === check.kind);
  if (other?.status !== "fail") return check;
  const out: CheckResult = { ...check };
  for (const key of TEXT) {
    const v = other[key];
    if (v === undefined) delete out[key];
    else out[key] = v as never;
  }
  return out;
}

/** Every task's judgement with the text of its rechecked failures; nothing else changes. */
export function withRechecked(judged: Record<string, TaskJudgement>, again: Record<string, readonly CheckResult[]>): Record<string, TaskJudgement> {
  const out: Record<string, TaskJudgement> = {};
  for (const [task, j] of Object.entries(judged)) {
    const checks = again[task];
    out[task] = !checks?.length ? j : {
      ...j,
      checks: j.checks.map((c) => retold(c, checks)),
      ...(j.extra ? { extra: j.extra.map((c) => retold(c, checks)) } : {}),
    };
  }
  return out;
}

function checkBounds(follow: FollowUp): void {
  const inputs = follow.runs.reduce((n, r) => n + r.inputs.length, 0);
  if (follow.runs.length > FOLLOW_UP_RUNS || inputs > FOLLOW_UP_INPUTS) {
    throw new Error(`a pack's follow-up asked for ${follow.runs.length} runs and ${inputs} inputs; at most ${FOLLOW_UP_RUNS} and ${FOLLOW_UP_INPUTS}`);
  }
}

/**
 * The judgement after the pack's follow-up, when it has one and a check failed. `run` makes one
 * sandbox request of the submission's files with these runs (the first request's limits).
 */
export async function followUp<P extends PackPlan>(
  pack: Pack<P>, plan: P, reply: SandboxReply, input: PlanInput, judged: Record<string, TaskJudgement>,
  run: (runs: RunSpec[]) => Promise<SandboxReply>,
): Promise<Record<string, TaskJudgement>> {
  if (!pack.refine || !failed(judged)) return judged;
  const follow = pack.refine(plan, reply, input);
  if (!follow?.runs.length) return judged;
  checkBounds(follow);
  let second: SandboxReply;
  try {
    second = await run(follow.runs);
  } catch {
    // The sandbox could not answer (closed under a batch's stop): the first failures stand as they were.
    return judged;
  }
  if (second.runs.length !== follow.runs.length) return judged;
  return withRechecked(judged, follow.recheck(second));
}
