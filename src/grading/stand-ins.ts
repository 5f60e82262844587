// A task judged with correct copies of the tasks it imports (Pack.standIns). A handle that is
// right loses everything when the toMcp it imports is wrong (its module throws on load, say): the
// one mistake in toMcp then costs task 2 and task 3 too. So a task that failed while a task it
// imports (directly or through another) is not known to be right is judged once more, in a
// request of its own, with the pack's copies in place of those tasks' files, and keeps whichever
// of the two verdicts scores more. Both are honest verdicts on the task's own code: the copies
// answer only from the pack's table, for the calls the grader's own inputs make, and a task whose
// imports are right gains nothing from them. The evidence file stays what the student's code wrote.
// When the submission's work budget ran out (one task's loop uses it up for all), every task that
// failed is judged once more alone, with a budget of its own, so that a loop costs its own task.
import { scoreTask } from "../pack/score.js";
import { troubleAsErrors } from "../pack/verdict.js";
import type { Pack, PackPlan, PlanInput, TaskJudgement } from "../pack/types.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply, StandIn } from "../sandbox/protocol.js";

/** A task's second verdict: its judgement and live checks with the copies, and the files they stood in for. */
export interface SecondVerdict {
  judged: TaskJudgement;
  live?: Promise<Record<string, CheckResult[]>>;
  standIns: string[];
}

// Failed, could not run, or was not judged in this grading: not known to be right.
const unsure = (j: TaskJudgement | undefined): boolean =>
  !j || j.failure !== undefined || [...j.checks, ...(j.extra ?? [])].some((c) => c.status === "fail" || c.status === "error");

/** The tasks `task` imports, directly or through another, each once. */
function importsOf(imports: Readonly<Record<string, readonly string[]>>, task: string, seen = new Set<string>()): string[] {
  for (const next of imports[task] ?? []) {
    if (seen.has(next) || next === task) continue;
    seen.add(next);
    importsOf(imports, next, seen);
  }
  return [...seen];
}

/**
 * The second verdicts of the tasks that need one. `run`: one sandbox request of the
 * submission's files with these runs and stand-ins; `live`: the pack's live checks of these
 * tasks with these stand-ins, when live checks are on.
 */
export async function secondVerdicts<P extends PackPlan>(
  pack: Pack<P>, input: PlanInput, judged: Record<string, TaskJudgement>,
  run: (runs: RunSpec[], standIns: Record<string, StandIn>) => Promise<SandboxReply>,
  live?: (tasks: string[], standIns: Record<string, StandIn>) => Promise<Record<string, CheckResult[]>>,
  starved = false,
): Promise<Record<string, SecondVerdict>> {
  const source = pack.standIns ?? { imports: {}, copy: () => undefined };
  if (!pack.standIns && !starved) return {};
  const out: Record<string, SecondVerdict> = {};
  // An import whose own second verdict is clean is right but for its imports: the copies stand
  // in for those, under the student's own import. So the tasks go in the order they import.
  const wrong = (t: string): boolean => unsure(judged[t]) && !(out[t] && !unsure(out[t]!.judged));
  const order = [...input.tasks].sort((a, b) => importsOf(source.imports, a).length - importsOf(source.imports, b).length);
  for (const task of order) {
    const own = judged[task];
    // A starter not written yet, or no file: nothing of the student's to judge again.
    if (!own || !unsure(own) || own.failure?.reason === "not-written" || own.failure?.reason === "missing-file") continue;
    const replaced = importsOf(source.imports, task).filter(wrong);
    if (!replaced.length && !starved) continue;
    const alone: PlanInput = { ...input, tasks: [task] };
    const plan = pack.plan(alone);
    const standIns: Record<string, StandIn> = {};
    for (const t of replaced) {
      const file = pack.tasks.find((p) => p.id === t)?.file;
      const copy = file ? source.copy(t, plan, alone) : undefined;
      if (file && copy) standIns[file] = copy;
    }
    if (!Object.keys(standIns).length && !starved) continue;
    let reply: SandboxReply;
    try {
      reply = await run(plan.runs, standIns);
    } catch {
      // The sandbox could not answer (a batch stopping): the first verdict stands.
      continue;
    }
    if (reply.runs.length !== plan.runs.length) continue;
    const again = troubleAsErrors(pack.judge(plan, reply, alone), reply)[task];
    // No better in the sandbox: its imports were right after all (`grade task2` with a right
    // toMcp, say), or the task is wrong on its own. Its live checks are not run again for it.
    if (!again || pointsOf(pack, again, []) <= pointsOf(pack, own, [])) continue;
    // The live checks have limits of their own, which no other task's loop used up.
    const liveRun = Object.keys(standIns).length ? live?.([task], standIns) : undefined;
    liveRun?.catch(() => undefined);
    out[task] = { judged: again, ...(liveRun ? { live: liveRun } : {}), standIns: Object.keys(standIns) };
  }
  return out;
}

/** Whether a run of the reply was stopped, or not started, because the submission's budget ran out. */
export function usedUpBudget(reply: SandboxReply): boolean {
  return reply.runs.some((run) => run.status === "failed" ? run.failure.reason === "budget"
    : run.status === "ran" && (run.stopped?.reason === "budget" || run.calls.some((c) => !c.ok && c.failure.reason === "budget")));
}

/** The points a judgement and its live checks score under the pack's policy. */
export function pointsOf(pack: Pack, judged: TaskJudgement, live: readonly CheckResult[]): number {
  return scoreTask({ checks: [...judged.checks, ...(judged.extra ?? []), ...live] }, pack.score).score;
}

/**
 * Per task, the verdict that scores more (the first on a tie): its judgement, with the evidence
 * the student's own code wrote, its live checks, and the files stood in for when it is the second.
 */
export async function betterVerdicts(
  pack: Pack, first: Record<string, TaskJudgement>, live: Record<string, CheckResult[]>, second: Record<string, SecondVerdict>,
): Promise<{ judged: Record<string, TaskJudgement>; live: Record<string, CheckResult[]>; standIns: Record<string, string[]> }> {
  const judged = { ...first };
  const liveOut = { ...live };
  const standIns: Record<string, string[]> = {};
  for (const [task, verdict] of Object.entries(second)) {
    let again: CheckResult[];
    try {
      again = verdict.live ? (await verdict.live)[task] ?? [] : live[task] ?? [];
    } catch {
      continue;
    }
    // The first verdict's live checks count only where the report shows them: not for a task that
    // did not run on the fixtures (extra-report.ts skips them; grade.ts may have stopped them).
    if (pointsOf(pack, verdict.judged, again) <= pointsOf(pack, first[task]!, first[task]!.failure ? [] : live[task] ?? [])) continue;
    judged[task] = { ...verdict.judged, evidence: first[task]!.evidence };
    if (verdict.live) liveOut[task] = again;
    standIns[task] = verdict.standIns;
  }
  return { judged, live: liveOut, standIns };
}
