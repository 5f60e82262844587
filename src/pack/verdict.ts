// Whose trouble a run that did not give its answers is. A check that could not judge because of
// the student's code (a run that used up its budget, a module that throws when it is loaded
// again, a fresh instance that does not load, a harness the code broke) fails, with the reason:
// otherwise code that stalls or throws on every input it does not know would lose nothing. Only
// the grader's own trouble is an `error`, which the score leaves out: the wall-clock backstop,
// for work that does not tick (the sandbox's fuel counts the code's own work).
import type { CheckResult } from "../report/types.js";
import type { SandboxReply, TaskFailure } from "../sandbox/protocol.js";
import type { TaskJudgement } from "./types.js";

const GRADERS_TROUBLE: ReadonlySet<string> = new Set(["backstop"]);

export const isGradersTrouble = (failure: Pick<TaskFailure, "reason">): boolean => GRADERS_TROUBLE.has(failure.reason);

/** The status of a check that could not judge because its run failed this way. */
export const unjudgedStatus = (failure: Pick<TaskFailure, "reason">): "fail" | "error" => (isGradersTrouble(failure) ? "error" : "fail");

/** The messages of every failure in a reply that was the grader's trouble (a run stopped by the clock). */
function troubleIn(reply: SandboxReply): string[] {
  const out = new Set<string>();
  const note = (f: TaskFailure | undefined): void => { if (f && isGradersTrouble(f)) out.add(f.message); };
  for (const run of reply.runs) {
    if (run.status === "failed") note(run.failure);
    if (run.status !== "ran") continue;
    note(run.stopped);
    for (const call of run.calls) if (!call.ok) note(call.failure);
  }
  return [...out];
}

/**
 * Every judgement with each failed check whose message quotes a failure that was the grader's
 * trouble made an `error`: a pack that folds a stopped run's message into a check's failure (a
 * session that "stopped: The grader stopped it by the clock…") then never scores it as the
 * student's. The engine applies it to every pack's judgement (grading/grade.ts).
 */
export function troubleAsErrors(judged: Record<string, TaskJudgement>, reply: SandboxReply): Record<string, TaskJudgement> {
  const trouble = troubleIn(reply);
  if (!trouble.length) return judged;
  const fix = (c: CheckResult): CheckResult => (c.status === "fail" && trouble.some((t) => c.message?.includes(t)) ? { ...c, status: "error" } : c);
  return Object.fromEntries(Object.entries(judged).map(([task, j]) => [task, { ...j, checks: j.checks.map(fix), ...(j.extra ? { extra: j.extra.map(fix) } : {}) }]));
}
