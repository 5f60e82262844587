// The results of grading, as plain data: every reporter is a function of a Report.

export const REPORT_VERSION = 1;

export type CheckStatus = "pass" | "fail" | "error" | "skip";
export type TaskStatus = "pass" | "fail" | "error";

export interface CheckResult {
  /** The evidence key, or another stable id such as t2_no_stdout. */
  name: string;
  kind: "evidence" | "output" | (string & {});
  /** The line the student reads. */
  title: string;
  status: CheckStatus;
  expected?: string;
  /** null when the value could not be computed. */
  actual?: string | null;
  /** Why it failed, or why it was skipped. */
  message?: string;
  hint?: string;
  /**
   * A failure whose cause another task's check charges (by name: task 1's print, seen again in
   * task 2's live server): shown as failed, it costs nothing itself (src/pack/score.ts).
   */
  chargedTo?: string;
  /**
   * A rule's check that broke only beyond what the lines showing its rule read: on inputs of a kind
   * no fixture shows (a call with params left out, when every fixture passes some), or in a part of
   * the answer no line reads (initialize's serverInfo). The rule holds for what those lines show,
   * on unseen inputs too, so they keep their points, and it costs as a general rule does.
   */
  beyondLines?: true;
  /**
   * Every failure the check found was the code throwing or never returning (stopped at its work
   * budget). A throw or a loop on one kind of input shows in every check whose inputs hold that
   * kind, so such checks are one cause in a task, and cost nothing beside a line's rule that
   * crashed too (src/pack/score.ts).
   */
  crashed?: true;
  /**
   * With `crashed`, where every failure was a throw or a call that never returned (stopped at its
   * own budget): the kinds of value every such input holds and some other input does not
   * (src/pack/crash-kinds.ts). Crashes of several checks are one cause only where one kind is in
   * all their lists; absent (a run stopped before its inputs, or a pack that does not say), the
   * check's crashes are one cause with the task's others.
   */
  crashedOn?: string[];
  /**
   * Where every failure was a request left without a response: the kinds of value every such
   * input holds and few answered inputs do (as `crashedOn`). A pack charges such checks to its rule
   * of which messages are answered only where that rule's own unanswered inputs share a kind.
   */
  unansweredOn?: string[];
  /**
   * A general rule's check (one whose policy reads `through` other checks) that broke in a way no
   * slip of those checks explains: its answers say something other than its rule (a search where
   * the rule refuses, an error without the rule's message), not its rule written or wrapped
   * otherwise. A mistake of its own, so it costs while those checks fail too (ScorePolicy `path`):
   * code that skipped the argument rules and failed the fixture's line they read through had
   * them all for free.
   */
  ownMistake?: true;
  /**
   * A line's rule that broke where its right line's fixture shows it (the line's point is voided)
   * and, beside that, skipped a rule no line shows: a mistake of its own too, one point more
   * (src/pack/score.ts). A right line on the page and the same step refused nowhere else is a table
   * of the page; code that skipped both rules honestly pays for both.
   */
  ownBeside?: true;
  /**
   * Checks of this one's `through` (ScorePolicy) that its judge found cannot explain its failure
   * (a change to the orders' data, where no failing input's answer reads them): it is not read
   * through those.
   */
  notThrough?: readonly string[];
  /**
   * Every failure was a request left without a response (the answer null): which messages are
   * answered is one rule, whose check the pack's judge may charge this one to.
   */
  unanswered?: true;
}

export interface TaskResult {
  /** The task's id in its pack ("task2"). */
  task: string;
  title: string;
  status: TaskStatus;
  score: number;
  maxScore: number;
  /** Why the task could not run (status error), in plain words. */
  message?: string;
  /** What the task wrote to stderr: shown, never failed. */
  stderr?: string;
  /**
   * The files of other tasks it was judged with the pack's correct copies of, in place of the
   * student's, because those tasks failed checks of their own (src/grading/stand-ins.ts).
   */
  standIns?: string[];
  checks: CheckResult[];
}

export interface Report {
  version: typeof REPORT_VERSION;
  /** The pack graded against (its id: courses/<pack>/). */
  pack?: string;
  /** The submission folder as the user named it, never an absolute path. */
  submission: string;
  status: TaskStatus;
  score: number;
  maxScore: number;
  tasks: TaskResult[];
  evidence: Record<string, string>;
  /** Where the evidence lines were written, relative to the working directory. */
  evidenceFile?: string;
  /** The seed of the behaviour checks' generated inputs: `--seed N` makes them again. */
  seed?: number;
  /**
   * Checks passed and checks in all, per kind (evidence, output, behaviour, schema, stdio,
   * interop). score/maxScore are counted by the course's score policy (course/score.ts).
   */
  byKind?: Record<string, KindSummary>;
}

export interface KindSummary {
  passed: number;
  total: number;
}
