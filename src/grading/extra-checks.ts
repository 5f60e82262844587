// The checks beyond the 17 evidence lines (behaviour, schema, stdio, interop). The generated
// inputs run in the sandbox as jobs apart from the fixture run, so a hang on one costs those
// checks and never the evidence; the live checks run the submission's server as a real process.
// They are counted apart from the evidence score.
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { judgeBehaviour } from "../behaviour/judge.js";
import { planBehaviour, type PlannedCheck } from "../behaviour/plan.js";
import { newSeed } from "../behaviour/random.js";
import { bundleServer } from "../live/bundle-server.js";
import type { BundleResult } from "../runner/bundle.js";
import type { Executor } from "../runner/executor.js";
import { INTEROP_STEPS, interopChecks, loadSdk } from "../live/interop.js";
import { STDIO_TITLES, runStdio, stdioChecks } from "../live/stdio.js";
import type { CheckResult } from "../report/types.js";
import type { CallOutcome, JobRun } from "../runner/outcome.js";
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
  /** The bundles of the tasks that ran on the fixtures; the others' checks are skipped. */
  runnable: Partial<Record<TaskId, RunnableBundle>>;
  timeoutMs: number;
  /** Runs the jobs on generated inputs, as it ran the fixture jobs. */
  executor: Executor;
}

export type RunnableBundle = Extract<BundleResult, { ok: true }>;

export interface ExtraRun {
  seed?: number;
  checks: Partial<Record<TaskId, CheckResult[]>>;
}

const FIXTURE_INPUTS: Record<TaskId, unknown[]> = { task1: [TOOL], task2: MESSAGES, task3: [LINES] };

interface TaskJob {
  plan: PlannedCheck[];
  run: JobRun;
}

async function runTaskJob(executor: Executor, task: TaskId, bundle: RunnableBundle, plan: PlannedCheck[], timeoutMs: number): Promise<TaskJob> {
  const inputs = [...FIXTURE_INPUTS[task], ...plan.flatMap((p) => p.inputs)];
  const job = { task, inputs: structuredClone(inputs), stopOnFailure: false, returnInputs: task === "task1" };
  const run = await executor.runJob(bundle.file, job, { timeoutMs, ...(bundle.code !== undefined ? { code: bundle.code, sourceMap: bundle.sourceMap } : {}) });
  return { plan, run };
}

const asError = (checks: CheckResult[], message: string): CheckResult[] =>
  checks.map(({ name, kind, title, hint }) => ({ name, kind, title, ...(hint ? { hint } : {}), status: "error", message }));

function taskChecks(task: TaskId, job: TaskJob, seed: number, schema: boolean): CheckResult[] {
  const fixtureCount = FIXTURE_INPUTS[task].length;
  const inputs = [...FIXTURE_INPUTS[task], ...job.plan.flatMap((p) => p.inputs)];
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
  server?: Promise<BundleResult>;
  /** Loading the MCP SDK and compiling the MCP schema (slow one-time work). */
  warm: Promise<void>;
}

/**
 * Starts the work that does not run student code (bundling the live server, loading the MCP
 * SDK, compiling the MCP schema) while the fixture jobs run in their processes and the grader's
 * own thread is idle.
 */
export function prepareExtraChecks(ctx: Pick<ExtraRunContext, "submissionDir" | "workDir" | "displayPath" | "tasks">, options: ExtraCheckOptions): ExtraPreparation {
  const live = (options.live ?? true) && (ctx.tasks.includes("task2") || ctx.tasks.includes("task3"));
  const warm = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (options.schema ?? true) warmUpSchema();
    if (live) await loadSdk();
  })();
  if (!live) return { warm };
  const server = bundleServer(ctx.submissionDir, ctx.workDir, ctx.displayPath);
  server.catch(() => { /* reported where it is awaited; unawaited when no live check runs */ });
  return { warm, server };
}

export async function runExtraChecks(ctx: ExtraRunContext, options: ExtraCheckOptions, prepared?: ExtraPreparation): Promise<ExtraRun> {
  const behaviour = options.behaviour ?? true;
  const schema = options.schema ?? true;
  const live = options.live ?? true;
  const seed = options.seed ?? newSeed();
  const needsJob = (t: TaskId): boolean => behaviour || (schema && t !== "task3") || (live && t === "task3");
  const can = (t: TaskId): boolean => ctx.tasks.includes(t) && ctx.runnable[t] !== undefined;
  // The live server runs handle (task2.ts); the stdio verdict compares it with serve (task3.ts).
  const wantStdio = live && can("task3") && (can("task2") || !ctx.tasks.includes("task2"));
  const wantInterop = live && can("task2");
  // The live server starts while the jobs run: the stdio verdict needs serve(LINES) from task3's job.
  const serverBundle = (): Promise<BundleResult> => prepared?.server ?? bundleServer(ctx.submissionDir, ctx.workDir, ctx.displayPath);
  const liveRun = wantStdio || wantInterop ? serverBundle().then((server) => Promise.all([
    wantStdio && server.ok ? runStdio(server.file, LINES, ctx.timeoutMs) : undefined,
    wantInterop && server.ok ? interopChecks(server.file, ctx.timeoutMs) : [],
  ])) : Promise.resolve([undefined, []] as const);
  const [jobList, [stdioRun, interop]] = await Promise.all([
    Promise.all(ctx.tasks.filter((t) => can(t) && needsJob(t)).map(async (t) =>
      [t, await runTaskJob(ctx.executor, t, ctx.runnable[t]!, behaviour ? planBehaviour(t, seed) : [], ctx.timeoutMs)] as const)),
    liveRun,
  ]);
  const jobs = Object.fromEntries(jobList) as Partial<Record<TaskId, TaskJob>>;
  const checks: ExtraRun["checks"] = {};
  for (const t of ctx.tasks) {
    checks[t] = jobs[t] ? taskChecks(t, jobs[t]!, seed, schema) : notRun(t, { behaviour, schema });
  }
  if (stdioRun) checks.task3?.push(...stdioChecks(stdioRun, servedLines(jobs.task3)));
  else if (live && ctx.tasks.includes("task3")) checks.task3?.push(...placeholders(Object.values(STDIO_TITLES), "stdio"));
  if (wantInterop) checks.task2?.push(...interop);
  else if (live && ctx.tasks.includes("task2")) checks.task2?.push(...placeholders(INTEROP_STEPS, "interop"));
  return { ...(behaviour ? { seed } : {}), checks };
}
