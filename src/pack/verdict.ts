// Whose trouble a run that did not give its answers is. A check that could not judge because of
// the student's code (a run that used up its budget, a module that throws when it is loaded
// again, a fresh instance that does not load, a harness the code broke) fails, with the reason:
// otherwise code that stalls or throws on every input it does not know would lose nothing. Only
// the grader's own trouble is an `error`, which the score leaves out: the wall-clock backstop,
// for work that does not tick (the sandbox's fuel counts the code's own work).
import type { TaskFailure } from "../sandbox/protocol.js";

const GRADERS_TROUBLE: ReadonlySet<string> = new Set(["backstop"]);

export const isGradersTrouble = (failure: Pick<TaskFailure, "reason">): boolean => GRADERS_TROUBLE.has(failure.reason);

/** The status of a check that could not judge because its run failed this way. */
export const unjudgedStatus = (failure: Pick<TaskFailure, "reason">): "fail" | "error" => (isGradersTrouble(failure) ? "error" : "fail");
