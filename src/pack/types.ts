// What an exercise pack is, as the engine sees it: data (its tasks, evidence lines, score policy,
// quiz, the module its students import) and three functions that are the pack's own judging —
// what to run in the sandbox for a submission, the checks from what came back, and the live
// checks against a real process. The engine (sandbox, files, type check, reporters, batch, watch,
// CLI) reads packs only through this type, so a new pack is a folder under courses/ and nothing else.
import type { AnswerSlip } from "./answer-slips.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply, StandIn, TaskFailure } from "../sandbox/protocol.js";
import type { ScorePolicy } from "./score.js";
import type { TypeChecker } from "../typecheck/attach.js";
import type { Quiz } from "../quiz/types.js";
import type { DistReport } from "../student/dist-report.js";

/** The pack formats this engine reads. A pack names one; `grade dev check` refuses others. */
export const PACK_FORMATS = [1] as const;
export type PackFormat = (typeof PACK_FORMATS)[number];

export interface PackTask {
  /** "task1": the name on the command line (`grade task1`) and in reports. */
  id: string;
  number: number;
  title: string;
  /** The file in a submission folder, relative to it ("task1.ts"). */
  file: string;
  /** The named export the grader calls. */
  exportName: string;
  /** Its TypeScript signature, as the task text gives it (shown when the export is missing). */
  signature: string;
  /**
   * The fields of its result the course's runner reads (serve's `out` and `log`): read through a
   * getter or a prototype, as the runner's `result.out` reads them (RunSpec.reads).
   */
  reads?: readonly string[];
}

/** The run spec's part that names the call: the task's file, export and the fields its result is read by. */
export function callOf(task: Pick<PackTask, "file" | "exportName" | "reads">): { entry: string; exportName: string; reads?: readonly string[] } {
  return { entry: task.file, exportName: task.exportName, ...(task.reads ? { reads: task.reads } : {}) };
}

/** One line of the evidence file: its key, task, what it shows, the value its rule accepts. */
export interface EvidenceLine {
  key: string;
  task: string;
  title: string;
  accepted: string;
  /** The rule to reread, without giving the value away. */
  hint: string;
  /**
   * The checks (by name, of the same task) that judge the rules this line shows on inputs the
   * code has not seen: its point is earned only while they hold. A pack's score policy reads
   * them (ScorePolicy.lines); grade dev check wants every line to name at least one.
   */
  rules?: readonly string[];
}

/** One level of a task's hints, from a nudge to the exact rule (the last level). */
export interface Hint {
  text: string;
  /** The part of the course text to reread. */
  reread: string;
  /** The checks (evidence keys and other check names) this hint helps with; the last level helps with all. */
  checks: readonly string[];
}

/** What a pack is asked to plan: which tasks, which files the submission has, which checks are on. */
export interface PlanInput {
  tasks: readonly string[];
  /** Whether the submission has this file (readable, or refused with a reason: it still runs, to fail). */
  has(file: string): boolean;
  /** The submission's readable source files, for checks that send names its own code uses (src/pack/own-names.ts). */
  sources?(): readonly { path: string; text: string }[];
  behaviour: boolean;
  schema: boolean;
  seed: number;
}

/** A pack's plan: the runs to make in one request, and whatever the pack needs to judge them. */
export interface PackPlan {
  runs: RunSpec[];
}

/**
 * One more request to the sandbox that a pack asks for after judging, only when a check failed
 * (Pack.refine): runs of its own, under the same limits as the first request's.
 */
export interface FollowUp {
  /** At most FOLLOW_UP_RUNS (src/grading/follow-up.ts) runs. */
  runs: RunSpec[];
  /**
   * Failed checks judged again with the follow-up's reply, by task (a smaller counterexample,
   * say). The engine takes only their text (message, expected, actual), and only for a check of
   * the same name that failed and fails here too: verdicts and score stay the first request's.
   */
  recheck(reply: SandboxReply): Record<string, CheckResult[]>;
}

/**
 * A second look at how many mistakes the failures are (Pack.recount): a few more requests with
 * stand-ins of their own, and the judgement again with what it showed. It can only find failures to
 * be others' (chargedTo, a rule skipped as another's mistake seen again, and the words saying so):
 * the engine keeps the first judgement unless every check keeps its name, kind and status, or
 * went from a failure to a skip.
 */
export interface Recount {
  /** One or more requests, each with its runs and the stand-ins they are run with. */
  requests: { runs: RunSpec[]; standIns: Record<string, StandIn> }[];
  /** The judgement again with the requests' replies, in order. */
  judge(replies: SandboxReply[]): Record<string, TaskJudgement>;
}

/** Part of a pack's recount: the runs of one request, and what their reply shows. */
export interface Probe<T> { runs: RunSpec[]; read(reply: SandboxReply): T }

/** One task's verdict from the sandbox's reply. */
export interface TaskJudgement {
  /** The evidence lines and output checks of the fixture run, in the order they are shown. */
  checks: CheckResult[];
  /** The evidence lines the code produced, by key (only those it could compute). */
  evidence: Record<string, string>;
  /** Why the task did not run on the fixtures (absent when it did). */
  failure?: TaskFailure;
  /** What it wrote on stderr during the fixture run (shown, not judged here). */
  stderr?: string;
  /** The checks beyond the fixture run (behaviour, schema, fresh instance), when asked for. */
  extra?: CheckResult[];
}

export interface LiveInput {
  files: Record<string, string>;
  refused: Record<string, string>;
  tasks: readonly string[];
  timeoutMs: number;
  /** How messages name the submission's files ("my-work/"). */
  shownAs: string;
  /** Files whose imports get the pack's correct copy (Pack.standIns). */
  standIns?: Record<string, StandIn>;
  /**
   * Aborted when the grading will not show the live checks (the tasks they judge did not run on
   * the fixtures, so their checks are skipped): the servers are stopped, and the run ends at once.
   */
  signal?: AbortSignal;
}

/**
 * A served task whose export answers no message itself (a class): the pack adds the file `entry`
 * to the submission's files, and its export `exportName` answers each line. One serve is one
 * module instance, so what the entry makes of the task (one server object) lasts the session.
 */
export interface ServedThrough {
  task: string;
  entry: { file: string; exportName: string; source(): string };
}

export interface Pack<P extends PackPlan = PackPlan> {
  format: PackFormat;
  /** The folder name under courses/, and the value of --pack. */
  id: string;
  title: string;
  /** The evidence file's name ("chapter2-evidence.txt"). */
  evidenceFile: string;
  /** The MCP schema revision its responses are checked against. */
  schemaRevision: string;
  tasks: readonly PackTask[];
  /** In the evidence file's order. */
  evidence: readonly EvidenceLine[];
  score: ScorePolicy;
  /** Per task, its hints in order; the last is the exact rule. */
  hints: Readonly<Record<string, readonly Hint[]>>;
  /** The module students import as "grade/course": its TypeScript (for the type check) and its text in the sandbox. */
  course: { typesFile: string; sandboxSource(): string };
  /** The live drivers that apply ("stdio", "interop"): what `--no-live` turns off. */
  live?: {
    drivers: readonly string[];
    /** The tasks whose checks the live run gives (the served task); every task when absent. */
    tasks?: readonly string[];
    run(input: LiveInput): Promise<Record<string, CheckResult[]>>;
  };
  /** Why a hand-written evidence value is wrong, for the student to act on (grade check); the accepted value when absent. */
  diagnose?(key: string, actual: string): string;
  /** The pack's quiz, when it has one: rendered as its starters folder's quiz.md (grade dev quiz-md). */
  quiz?: Quiz;
  /** `grade dist student OUT`: the student edition of the course repository, when the pack makes one. */
  edition?: { student(options: { root: string; cwd: string; out: string }): Promise<DistReport> };
  /** What grade dev check lints of this pack beyond what it lints of every pack (a quiz key, say). */
  lint?(root: string): { name: string; ok: boolean; detail: string }[];
  /** What `grade serve` serves over stdio: a task whose export answers one JSON-RPC message, or a task served through an entry of the pack's. */
  serves?: string | ServedThrough;
  /** The type check against the pack's typed interface (checks of kind types), if it has one. */
  types?: { checker(): TypeChecker };
  /**
   * A last look at every task's checks once all are in (live ones included), before the score:
   * where a failure's cause is another task's, the pack says so (CheckResult.chargedTo), so that
   * one mistake costs one task one point.
   */
  settle?(tasks: readonly { task: string; checks: readonly CheckResult[] }[]): Record<string, CheckResult[]>;
  /**
   * Checks whose failure explains the other failures of their task (toMcp changing the tool it
   * was given explains a changed schema): when one fails, the next step, the watch screen and
   * `grade hint` start there, in this order, before the task's first failing check.
   */
  rootCauses?: readonly string[];
  /**
   * Correct copies of the tasks other tasks import (src/grading/stand-ins.ts). A task that fails
   * while a task it imports is not known to be right is judged once more with copies in place of
   * the student's files, and keeps the better verdict: a mistake in toMcp is then charged to toMcp
   * alone, not again to every handle check it broke. `imports`: each task's direct imports, by id.
   * `copy`: the copy of `task`, a table of answers (never code) holding every call the runs of
   * `plan` can make of it; undefined when the pack has none for it.
   */
  standIns?: { imports: Readonly<Record<string, readonly string[]>>; copy(task: string, plan: P, input: PlanInput): StandIn | undefined };
  /**
   * Slips in how answers are written that the code's values may carry (a helper that leaves
   * "jsonrpc" out of every answer): each undone in every value, the submission is judged again,
   * and a slip that broke several rules costs one point (src/grading/one-slip.ts).
   */
  slips?: readonly AnswerSlip[];
  plan(input: PlanInput): P;
  judge(plan: P, reply: SandboxReply, input: PlanInput): Record<string, TaskJudgement>;
  /**
   * Asked only when a check failed: one follow-up request whose reply can make a failure's text
   * better (the stateful pack shrinks a failing session to the smallest that still fails), never
   * its verdict. Undefined, or no runs, when there is nothing to refine.
   */
  refine?(plan: P, reply: SandboxReply, input: PlanInput): FollowUp | undefined;
  /**
   * Asked only when a check failed: one request that tells whether failures the first judgement
   * charged apart are one mistake (serve's own json.dumps throwing on a boolean, seen again with
   * a handle whose answers hold none), and the judgement with them charged once. Undefined when
   * there is nothing to count again.
   */
  recount?(plan: P, reply: SandboxReply, input: PlanInput, judged: Record<string, TaskJudgement>): Recount | undefined;
}
