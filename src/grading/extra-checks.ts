// The checks beyond the 17 evidence lines (behaviour, schema, stdio, interop). The generated
// inputs run in the sandbox as jobs apart from the fixture run, so a hang on one costs those
// checks and never the evidence; the live checks run the submission's server as a real process.
// They are counted apart from the evidence score.
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { judgeBehaviour } from "../behaviour/judge.js";
import { modelAnswers, planBehaviour, planInputs, type PlannedCheck } from "../behaviour/plan.js";
import { newSeed } from "../behaviour/random.js";
import { bundleServer } from "../live/bundle-server.js";
import type { FileBundle, TaskBundle } from "../runner/bundle.js";
import type { Executor } from "../runner/executor.js";
import { INTEROP_STEPS, interopChecks, loadSdk } from "../live/interop.js";
import { STDIO_TITLES, runStdio, stdioChecks } from "../live/stdio.js";
import type { CheckResult } from "../report/types.js";
import type { CallOutcome, Job, JobRun } from "../runner/outcome.js";
import { task1SchemaChecks, task2SchemaChecks, type Exchange } from "../schema/checks.js";
import { warmUpSchema } from "../schema/validator.js";

export interface ExtraCheckOptions {
  /** The seed of the generated inputs; a fresh one (printed in the report) when absent. */
  seed?: number;
  /** Generated inputs compared with the chapter's rules (default on). */
  behaviour?: boolean;
  /** Responses against the MCP schema (default on). */
  schema?: boolean;
  /** The live server: the stdio check and the SDK interop check (default on). */
  live?: boolean;
}

export interface ExtraRunContext {
  submissionDir: string;
  workDir: string;
  displayPath: (abs: string) => string;
  tasks: readonly TaskId[];
  /**
   * Per task, its bundle once it has run on the fixtures, or undefined if it did not run to the
   * end (its checks are then skipped).
   */
  runnable: Partial<Record<TaskId, Promise<RunnableBundle | undefined>>>;
  /**
   * Per task, as soon as it is compiled, its bundle and its run on the fixtures (undefined if it
   * did not compile): the generated inputs are handed over in the same tick, to run after it.
   */
  started: Partial<Record<TaskId, Promise<StartedTask | undefined>>>;
  timeoutMs: number;
  /** Runs the jobs on generated inputs, as it ran the fixture jobs. */
  executor: Executor;
}

export type RunnableBundle = Extract<TaskBundle, { ok: true }>;
export interface StartedTask {
  bundle: RunnableBundle;
  fixtureRun: Promise<JobRun>;
}

export interface ExtraRun {
  seed?: number;
  checks: Partial<Record<TaskId, CheckResult[]>>;
}

const FIXTURE_INPUTS: Record<TaskId, unknown[]> = { task1: [TOOL], task2: MESSAGES, task3: [LINES] };

interface TaskJob {
  plan: PlannedCheck[];
  run: JobRun;
}

// One job object per plan: the sandbox gets a copy of its inputs over IPC, and never changes it,
// so a batch sends every submission the same object (and the pool its JSON once, pool.ts).
const jobs = new WeakMap<PlannedCheck[], Job>();

async function runTaskJob(executor: Executor, task: TaskId, started: StartedTask, plan: PlannedCheck[], timeoutMs: number): Promise<TaskJob> {
  let job = jobs.get(plan);
  if (!job) {
    // The model's answers go along, so that the sandbox sends back only the answers that differ.
    const { inputs, offsets } = planInputs(plan);
    const expected: (string | null)[] = [...FIXTURE_INPUTS[task].map(() => null), ...inputs.map(() => null)];
    plan.forEach((p, k) => modelAnswers(task, p).forEach((a, i) => { expected[FIXTURE_INPUTS[task].length + offsets[k]! + i] = a.shown; }));
    jobs.set(plan, job = { task, inputs: [...FIXTURE_INPUTS[task], ...inputs], stopOnFailure: false, returnInputs: task === "task1", expected });
  }
  const { bundle, fixtureRun } = started;
  // Only if the fixture run ran clean: a task that hangs on the fixtures is not run again.
  const run = await executor.runJob(bundle.file, job, { timeoutMs, code: bundle.code, sourceMap: bundle.sourceMap, mapFrame: bundle.mapFrame, after: fixtureRun });
  return { plan, run };
}

const asError = (checks: CheckResult[], message: string): CheckResult[] =>
  checks.map(({ name, kind, title, hint }) => ({ name, kind, title, ...(hint ? { hint } : {}), status: "error", message }));

// Judging depends only on the calls and on what they are judged against. Identical replies share
// one frozen calls array (pool-reply.ts), so in a batch each distinct answer is judged once.
const judged = new WeakMap<readonly CallOutcome[], Map<string, readonly CheckResult[]>>();

function taskChecks(task: TaskId, job: TaskJob, seed: number, schema: boolean): CheckResult[] {
  if (job.run.failure) return judgeTask(task, job, seed, schema);
  const key = `${task}|${seed}|${schema}|${job.plan.length}`;
  let byKey = judged.get(job.run.calls);
  if (!byKey) judged.set(job.run.calls, byKey = new Map());
  let checks = byKey.get(key);
  if (!checks) byKey.set(key, checks = judgeTask(task, job, seed, schema));
  // A fresh list: the report adds the live checks to it.
  return [...checks];
}

function judgeTask(task: TaskId, job: TaskJob, seed: number, schema: boolean): CheckResult[] {
  const fixtureCount = FIXTURE_INPUTS[task].length;
  const inputs = [...FIXTURE_INPUTS[task], ...planInputs(job.plan).inputs];
  const calls: (CallOutcome | undefined)[] = job.run.calls;
  const exchanges: Exchange[] = inputs.map((input, i) => ({ input, outcome: calls[i] }));
  const schemaChecks = !schema ? [] : task === "task1" ? task1SchemaChecks(exchanges) : task === "task2" ? task2SchemaChecks(exchanges) : [];
  const behaviour = judgeBehaviour(task, job.plan, job.run.calls, fixtureCount, seed);
  const all = [...behaviour, ...schemaChecks];
  if (!job.run.failure) return all;
  return asError(all, `The run of ${TASKS[task].exportName} on the generated inputs stopped: ${job.run.failure.message}`);
}

const NOT_RUN = "Not run: the code it needs did not run on the fixtures.";

function placeholders(list: readonly { name: string; title: string; hint: string }[], kind: string): CheckResult[] {
  return list.map(({ name, title, hint }) => ({ name, kind, title, hint, status: "skip", message: NOT_RUN }));
}

/** The checks a task would have had, each skipped (the report then names its root cause). */
function notRun(task: TaskId, on: { behaviour: boolean; schema: boolean }): CheckResult[] {
  const behaviour = on.behaviour ? placeholders(planBehaviour(task, 0).map((p) => ({ ...p.check, hint: p.check.rule })), "behaviour") : [];
  const schema = !on.schema ? [] : task === "task1" ? task1SchemaChecks([]) : task === "task2" ? task2SchemaChecks([]) : [];
  return [...behaviour, ...schema.map((c) => ({ ...c, message: NOT_RUN }))];
}

function servedLines(job: TaskJob | undefined): string[] | undefined {
  const first = job?.run.calls[0];
  const out = first?.ok ? (first.value as { out?: unknown } | null)?.out : undefined;
  return Array.isArray(out) && out.every((l) => typeof l === "string") ? out : undefined;
}

/** What is made ready while the fixture jobs run: nothing in it runs student code. */
export interface ExtraPreparation {
  /** The live server's bundle, when a live check will need it. */
  server?: Promise<FileBundle>;
}

/**
 * Starts the work that does not run student code (bundling the live server, loading the MCP
 * SDK) while the fixture jobs run in the sandbox and the grader's own thread is idle.
 */
export function prepareExtraChecks(ctx: Pick<ExtraRunContext, "submissionDir" | "workDir" | "displayPath" | "tasks">, options: ExtraCheckOptions): ExtraPreparation {
  const live = (options.live ?? true) && (ctx.tasks.includes("task2") || ctx.tasks.includes("task3"));
  if (!live) return {};
  if (ctx.tasks.includes("task2")) loadSdk().catch(() => { /* reported by the interop check that needs it */ });
  const server = bundleServer(ctx.submissionDir, ctx.workDir, ctx.displayPath);
  server.catch(() => { /* reported where it is awaited; unawaited when no live check runs */ });
  return { server };
}

/**
 * Runs the checks beyond the evidence. `ctx.runnable` holds, per task, its bundle once the task
 * ran on the fixtures (undefined if it did not), so each check starts as soon as what it needs
 * is known: the live server as soon as handle ran, while the other tasks still run.
 */
export async function runExtraChecks(ctx: ExtraRunContext, options: ExtraCheckOptions, prepared?: ExtraPreparation): Promise<ExtraRun> {
  const behaviour = options.behaviour ?? true;
  const schema = options.schema ?? true;
  const live = options.live ?? true;
  const seed = options.seed ?? newSeed();
  const needsJob = (t: TaskId): boolean => behaviour || (schema && t !== "task3") || (live && t === "task3");
  const has = (t: TaskId): boolean => ctx.tasks.includes(t);
  const ran = async (t: TaskId): Promise<boolean> => has(t) && (await ctx.runnable[t]) !== undefined;
  let server: Promise<FileBundle> | undefined;
  const serverBundle = (): Promise<FileBundle> => (server ??= prepared?.server ?? bundleServer(ctx.submissionDir, ctx.workDir, ctx.displayPath));
  // The live server runs handle (task2.ts); the stdio verdict compares it with serve (task3.ts).
  // undefined: not run (placeholders say why); an empty list: the server could not be built.
  // The stdio server starts as soon as it is built; its input waits for the fixture runs.
  const stdioRun = live && has("task3") ? (async () => {
    const bundle = await serverBundle();
    const go = (async () => (await ran("task3")) && (!has("task2") || (await ran("task2"))))();
    return bundle.ok ? runStdio(bundle.file, LINES, ctx.timeoutMs, go) : undefined;
  })() : Promise.resolve(undefined);
  const interopRun = live && has("task2") ? (async () => {
    if (!(await ran("task2"))) return undefined;
    const bundle = await serverBundle();
    return bundle.ok ? interopChecks(bundle.file, ctx.timeoutMs) : [];
  })() : Promise.resolve(undefined);
  // Compiled while the sandbox and the live servers start and run; needed only to judge.
  const warming = schema ? warmUpSchema() : Promise.resolve();
  // Awaited below; if the fixture run broke (our bug) that is thrown first, and these go unread.
  for (const run of [stdioRun, interopRun, warming]) run.catch(() => undefined);
  // The generated inputs are handed over with the fixture runs, in the same tick, so that a
  // batch sends a submission's jobs as one request; each runs after its task's fixture run.
  const started = await Promise.all(ctx.tasks.map((t) => ctx.started[t]));
  const jobsRun = Promise.all(ctx.tasks.flatMap((t, i) => (started[i] && needsJob(t) ? [t] : []).map(async (t) =>
    [t, await runTaskJob(ctx.executor, t, started[i]!, behaviour ? planBehaviour(t, seed) : [], ctx.timeoutMs)] as const)));
  const [jobList, stdio, interop] = await Promise.all([jobsRun, stdioRun, interopRun, warming]);
  const jobs = Object.fromEntries(jobList) as Partial<Record<TaskId, TaskJob>>;
  const checks: ExtraRun["checks"] = {};
  for (const t of ctx.tasks) {
    // Judged only if the task ran to the end on the fixtures (its report then names the cause).
    const job = (await ran(t)) ? jobs[t] : undefined;
    checks[t] = job ? taskChecks(t, job, seed, schema) : notRun(t, { behaviour, schema });
  }
  if (stdio) checks.task3?.push(...stdioChecks(stdio, servedLines(jobs.task3)));
  else if (live && has("task3")) checks.task3?.push(...placeholders(Object.values(STDIO_TITLES), "stdio"));
  if (interop) checks.task2?.push(...interop);
  else if (live && has("task2")) checks.task2?.push(...placeholders(INTEROP_STEPS, "interop"));
  return { ...(behaviour ? { seed } : {}), checks };
}
