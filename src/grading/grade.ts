// Grades a submission folder against a pack: its files read (confined to the folder), one request
// to the sandbox with every run the pack's plan asks for, then the pack's judge turns the values
// that came back into checks, outside the sandbox (and, when one failed, the pack's follow-up
// request may retell its failures: follow-up.ts). The engine rolls them up (status, score, per
// kind) the same way for every pack. Returns the report as data; writing files and printing are
// the command's business.
import { nameImportedTimeouts, withMessage } from "./imported-timeouts.js";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { UserError } from "../cli/errors.js";
import { newSeed } from "../pack/random.js";
import { scoreReport } from "../pack/score.js";
import { defaultPackId, loadPack, packFolder } from "../pack/registry.js";
import type { Pack, PackTask, PlanInput, TaskJudgement } from "../pack/types.js";
import { SandboxPool } from "../sandbox/pool.js";
import type { RunSpec, StandIn, TaskFailure } from "../sandbox/protocol.js";
import { REPORT_VERSION, type CheckResult, type Report, type TaskResult, type TaskStatus } from "../report/types.js";
import { listed } from "../report/words.js";
import { attachTypes, type TypeChecker } from "../typecheck/attach.js";
import type { TaskTypes } from "../typecheck/types-check.js";
import { readSubmission } from "./files.js";
import { planInput } from "../pack/plan-input.js";
import { withExtraChecks } from "./extra-report.js";
import { followUp } from "./follow-up.js";
import { isGradersTrouble } from "../pack/verdict.js";
import { couldNotLoad } from "../sandbox/failures.js";
import { betterVerdicts, secondVerdicts, usedUpBudget } from "./stand-ins.js";
import { judgeReply } from "./judgement.js";
import { LIMITS } from "./limits.js";
import { makeDisplay } from "./paths.js";
import { warmSchemaJudging } from "../schema/json-schema.js";

// The clock's backstop per run (--timeout): limits are counted in work (src/sandbox/fuel.ts).
export const DEFAULT_TIMEOUT_MS = 120_000;

export interface ExtraCheckOptions {
  /** The seed of the generated inputs; a fresh one (printed in the report) when absent. */
  seed?: number;
  /** Generated inputs compared with the pack's model of its rules (default on). */
  behaviour?: boolean;
  /** Responses against the MCP schema (default on). */
  schema?: boolean;
  /** The pack's live drivers: a real server over a real pipe (default on). */
  live?: boolean;
}

export interface GradeOptions {
  cwd: string;
  /** The pack the submission is graded against; the default pack when absent. */
  pack?: Pack;
  /** The submission folder, as the user wrote it. */
  dir: string;
  tasks: readonly string[];
  timeoutMs?: number;
  /**
   * Also check the submission against the typed interface (checks of kind `types`), where the
   * pack has a type check. Off unless asked; pass a checker to reuse one across gradings (watch).
   */
  typecheck?: boolean | TypeChecker;
  /** Checks beyond the evidence lines (behaviour, schema, live); none when absent. */
  extra?: ExtraCheckOptions;
  /** The sandbox: a batch or watch hands its pool; otherwise the grading starts one of its own. */
  pool?: SandboxPool;
}

// A batch grades every student against one pack: its course module's text is made once.
const courses = new WeakMap<Pack, string>();
const courseSource = (pack: Pack): string => {
  let text = courses.get(pack);
  if (text === undefined) courses.set(pack, text = pack.course.sandboxSource());
  return text;
};

export function resolveSubmission(cwd: string, dir: string, pack?: Pack): string {
  const abs = path.resolve(cwd, dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) {
    const files = pack ? listed(pack.tasks.map((t) => t.file)) : "the task files";
    const starters = pack ? `${packFolder("tasks", pack.id)}/` : "the pack's starters folder";
    const what = existsSync(abs) ? `${dir} is a file, not a folder` : `The submission folder ${dir} does not exist (looked in ${abs})`;
    throw new UserError(`${what}. Pass the folder that holds ${files} with --dir, or run grade from the course repository, where ${starters} is the default.`);
  }
  return abs;
}

function missingFile(pack: Pack, shown: string): TaskFailure {
  return { reason: "missing-file", message: `${shown} does not exist. Every submission has ${listed(pack.tasks.map((t) => t.file))}; create it (npx grade init DIR makes a fresh set of starters).` };
}

const taskOf = (pack: Pack, id: string): PackTask => pack.tasks.find((t) => t.id === id)!;

/**
 * A task's result from its judgement: an error when it could not run (its file would not load) or
 * the grader could not judge it (its backstop), a fail when a check did not pass. Code that ran
 * and threw, looped or crashed on the fixtures is the student's failure, never an error.
 */
export function taskResult(task: PackTask, judged: TaskJudgement): TaskResult {
  const failure = judged.failure;
  const status: TaskStatus = failure && (couldNotLoad(failure) || isGradersTrouble(failure)) ? "error"
    : failure || judged.checks.some((c) => c.status === "fail" || c.status === "error") ? "fail" : "pass";
  return {
    task: task.id, title: task.title, status, score: 0, maxScore: 0, checks: judged.checks,
    ...(failure ? { message: failure.message } : {}),
    ...(judged.stderr ? { stderr: judged.stderr } : {}),
  };
}

function sanitiseCheck(check: CheckResult, sanitise: (t: string) => string): CheckResult {
  let out = check;
  for (const key of ["message", "expected", "actual"] as const) {
    const v = check[key];
    const clean = typeof v === "string" ? sanitise(v) : v;
    // Copied only when a path changed: a batch's identical checks then stay one object.
    if (clean !== v) out = { ...out, [key]: clean };
  }
  return out;
}

function sanitiseJudgement(judged: TaskJudgement, sanitise: (t: string) => string): TaskJudgement {
  return {
    ...judged,
    checks: judged.checks.map((c) => sanitiseCheck(c, sanitise)),
    ...(judged.failure ? { failure: { ...judged.failure, message: sanitise(judged.failure.message) } } : {}),
    ...(judged.stderr !== undefined ? { stderr: sanitise(judged.stderr) } : {}),
    ...(judged.extra ? { extra: judged.extra.map((c) => sanitiseCheck(c, sanitise)) } : {}),
  };
}

export async function gradeSubmission(options: GradeOptions): Promise<Report> {
  const pack = options.pack ?? await loadPack(defaultPackId());
  const submissionDir = resolveSubmission(options.cwd, options.dir, pack);
  const display = makeDisplay(options.cwd, submissionDir);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const extra = options.extra;
  const behaviour = extra ? extra.behaviour ?? true : false;
  const schema = extra ? extra.schema ?? true : false;
  const seed = extra?.seed ?? newSeed();
  const course = courseSource(pack);
  // A pool made for another course module would give the code the wrong "grade/course": our bug.
  if (options.pool && options.pool.course !== course) throw new Error(`the sandbox pool was made for another course module than the pack ${pack.id}'s`);
  // One grading: its pool lets the compiler go once the files are compiled (sandbox/compile.ts).
  const pool = options.pool ?? new SandboxPool(1, true, course, true);
  const checker = options.typecheck === true ? pack.types?.checker() : options.typecheck || undefined;
  try {
    const files = readSubmission(submissionDir, display.submission);
    const shownAs = display.submission === "." ? "" : `${display.submission}/`;
    const input: PlanInput = planInput(files.files, files.refused, { tasks: options.tasks, behaviour, schema, seed });
    const plan = pack.plan(input);
    const limits = { ...LIMITS, timeMs: timeoutMs, budgetMs: timeoutMs * Math.max(1, options.tasks.length) };
    const request = (runs: RunSpec[], standIns?: Record<string, StandIn>, whileRunning?: () => void) => pool.run({ files: files.files, refused: files.refused, runs, limits, ...(shownAs ? { shownAs } : {}), ...(standIns ? { standIns } : {}) }, whileRunning);
    // The sandbox's run is the grading's longest path: it goes first. While it runs, this thread
    // loads what judging its schemas will need, and starts what runs beside it.
    const running = request(plan.runs, undefined, schema ? warmSchemaJudging : undefined);
    running.catch(() => undefined);
    // The live server is a process of its own.
    const live = extra && (extra.live ?? true) && pack.live ? pack.live : undefined;
    const runLive = live ? (tasks: readonly string[], standIns?: Record<string, StandIn>, signal?: AbortSignal) => live.run({ files: files.files, refused: files.refused, tasks, timeoutMs, shownAs, ...(standIns ? { standIns } : {}), ...(signal ? { signal } : {}) }) : undefined;
    const liveStop = new AbortController();
    const liveRun = runLive?.(options.tasks, undefined, liveStop.signal);
    liveRun?.catch(() => undefined);
    // The type check runs in a thread of its own (TypeScript 7's process its child), beside the
    // sandbox's run: the grader's thread is idle meanwhile. Its limit counts its own processor
    // time, so sharing the cores moves no verdict (docs/speed.md, "The type check beside the run").
    const typing = checker?.check(options.cwd, submissionDir, options.tasks).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    const reply = await running;
    // Failures charged apart that may be one mistake (Pack.recount), and a slip in how every
    // answer is written (one-slip.ts): more requests or judgements, only when a check failed.
    const recounted = await judgeReply(pack, plan, reply, input, request);
    // A failure's follow-up (Pack.refine) is one more request, only when a check failed.
    const first = await followUp(pack, plan, reply, input, recounted, request);
    // The live checks of a task that did not run on the fixtures are skipped (extra-report.ts): a
    // server whose code hangs need not run on to its limit (docs/speed.md, "Hostile runs that did
    // work no report shows").
    // A second verdict runs live checks of its own, but one without stand-ins (a budget used up)
    // reads these: then they stop only once it is known there is none.
    const starved = usedUpBudget(reply);
    const unused = (t: string, second?: Record<string, unknown>): boolean => !options.tasks.includes(t) || (first[t]?.failure !== undefined && (second ? second[t] === undefined : !starved));
    const stopLiveIfUnused = (second?: Record<string, unknown>): void => { if (live && (live.tasks ?? options.tasks).every((t) => unused(t, second))) liveStop.abort(); };
    stopLiveIfUnused();
    // A task failing beside an import that failed too, judged again with correct copies of its imports (stand-ins.ts).
    const second = await secondVerdicts(pack, input, first, request, runLive, starved);
    stopLiveIfUnused(second);
    const chosen = await betterVerdicts(pack, first, liveRun ? await liveRun : {}, second);
    const judged = chosen.judged;
    const timeouts = nameImportedTimeouts(options.tasks.map((id) => ({ task: taskOf(pack, id), ...(judged[id]?.failure ? { failure: judged[id]!.failure } : {}) })), files.files);
    const results = options.tasks.map((id): { result: TaskResult; evidence: Record<string, string>; extra: CheckResult[] } => {
      const task = taskOf(pack, id);
      const shown = display.submission === "." ? task.file : `${display.submission}/${task.file}`;
      const mine = judged[id];
      // A file the submission lacks is the engine's to name; what the pack judged of the task
      // without it (its checks and extra checks, skipped) is still shown.
      const own = mine && input.has(task.file) ? mine
        : { checks: mine?.checks ?? [], evidence: {}, ...(mine?.extra ? { extra: mine.extra } : {}), failure: missingFile(pack, shown) };
      const clean = sanitiseJudgement(own, display.sanitise);
      const result = withMessage(taskResult(task, clean), timeouts.has(id) ? display.sanitise(timeouts.get(id)!) : undefined);
      return { result: chosen.standIns[id]?.length ? { ...result, standIns: chosen.standIns[id]! } : result, evidence: clean.evidence, extra: clean.extra ?? [] };
    });
    const typed = await typing;
    // The compiler's messages name files by their absolute paths: shown relative, as every other text.
    const graded = typed ? results.map((r) => { const result = attachTypes(r.result, typed, taskOf(pack, r.result.task)); return { ...r, result: { ...result, checks: result.checks.map((c) => sanitiseCheck(c, display.sanitise)) } }; }) : results;
    const report = assembleReport(pack, display.submission, graded);
    if (!extra) return report;
    const checks: Record<string, CheckResult[]> = Object.fromEntries(graded.map((g) => [g.result.task, g.extra]));
    for (const [task, list] of Object.entries(chosen.live)) (checks[task] ??= []).push(...list.map((c) => sanitiseCheck(c, display.sanitise)));
    return withExtraChecks(pack, report, { ...(behaviour ? { seed } : {}), checks });
  } finally {
    if (options.typecheck === true) await checker?.close();
    if (!options.pool) await pool.close();
  }
}

export function assembleReport(pack: Pack, submission: string, graded: { result: TaskResult; evidence: Record<string, string> }[]): Report {
  const tasks = graded.map((g) => g.result);
  const merged: Record<string, string> = Object.assign({}, ...graded.map((g) => g.evidence));
  const evidence: Record<string, string> = {};
  for (const line of pack.evidence) if (merged[line.key] !== undefined) evidence[line.key] = merged[line.key]!;
  const status: TaskStatus = tasks.some((t) => t.status === "error") ? "error"
    : tasks.some((t) => t.status === "fail") ? "fail" : "pass";
  return scoreReport({ version: REPORT_VERSION, pack: pack.id, submission, status, score: 0, maxScore: 0, tasks, evidence }, pack.score);
}
