// The checks beyond the 17 evidence lines that judge what the sandbox sent back: behaviour on
// generated inputs (against the model of the chapter's rules), the same inputs each alone in a
// fresh module instance, and every response against the MCP schema. All judged here, from values.
// The live checks (a real server over a real pipe) are run by live.ts and added by grade.ts.
import { createHash } from "node:crypto";
import { TASKS, type TaskId } from "../course/tasks.js";
import { judgeBehaviour, type Excused, type ExpectOverride } from "../behaviour/judge.js";
import { markOwnOverRepair, writtenRight } from "./parse-line-repair.js";
import { chargeLastLineLeftOut, lastLineLeftOut } from "./last-line.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { planBehaviour, planInputs } from "../behaviour/plan.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { SandboxReply, TaskFailure } from "../../../src/sandbox/protocol.js";
import { unjudgedStatus } from "../../../src/pack/verdict.js";
import { picked } from "../../../src/pack/interleave.js";
import { freshCheck } from "./fresh.js";
import { judgeFreshServe } from "./fresh-serve.js";
import { chargeToolReadThrough, studentTool } from "./read-through-tool.js";
import { failedAsCase, failedInBoth } from "../../../src/pack/failed-call.js";
import { sameLineCase, sameMessageCase } from "./fixture-case.js";
import { LINES } from "../course/fixtures.js";
import { readCalls } from "./outcomes.js";
import { chargeLineRulesToState } from "./state-lines.js";
import { FIXTURE_INPUTS, type GradingRequest, type TaskRuns } from "./request.js";
import { task1SchemaChecks, task2SchemaChecks, type Exchange } from "../schema/checks.js";

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

const NOT_RUN = "Not run: the code it needs did not run on the fixtures.";

// A run the code stopped: a check judged on inputs answered before the stop keeps its verdict
// (the evidence lines' own rules run first, so a hang in a general rule's input costs that rule);
// every other fails with the reason, or is an error when the stop was the grader's
// (src/pack/verdict.ts). Code that stalls on every input it does not know passes nothing. A
// rule's check skipped for a fixture's failed call seen again (behaviour/judge.ts: every input
// called, its only failures excused) was judged whole and keeps its skip: a loop on the unknown
// tool, which uses up the run, cost t2_responses' point through t2_id_null_answered while the
// same throw cost nothing there (test/loop-costs.test.ts, loop-on-unknown-tool).
const unjudged = (checks: CheckResult[], stopped: TaskFailure, message: string, rules: ReadonlySet<string>): CheckResult[] => {
  const status = unjudgedStatus(stopped);
  const whole = (c: CheckResult): boolean => c.status === "pass" || (c.status === "skip" && c.kind === "behaviour" && rules.has(c.name));
  return checks.map((c) => (whole(c) || (status === "fail" && c.status === "fail" && !c.actual?.startsWith("(not called")) ? c
    : { name: c.name, kind: c.kind, title: c.title, ...(c.hint ? { hint: c.hint } : {}), status, message, ...(c.expected !== undefined ? { expected: c.expected } : {}), ...(c.actual !== undefined ? { actual: c.actual } : {}) }));
};

function schemaChecks(task: TaskId, exchanges: Exchange[]): CheckResult[] {
  return task === "task1" ? task1SchemaChecks(exchanges) : task === "task2" ? task2SchemaChecks(exchanges) : [];
}

/** The checks a task would have had, each skipped (the report then names its root cause). */
function notRun(task: TaskId, on: { behaviour: boolean; schema: boolean }): CheckResult[] {
  const behaviour = on.behaviour ? [...planBehaviour(task, 0).map((p) => ({ name: p.check.name, title: p.check.title, hint: p.check.rule })), ...(task !== "task1" ? [freshCheck.placeholder(task)] : [])] : [];
  return [
    ...behaviour.map((c): CheckResult => ({ ...c, kind: "behaviour", status: "skip", message: NOT_RUN })),
    ...(on.schema ? schemaChecks(task, []).map((c) => ({ ...c, status: "skip" as const, message: NOT_RUN })) : []),
  ];
}

class Unjudged extends Error {}

/** The fresh run's calls back in the order of the inputs (it sent them in `order`). */
function inInputOrder(calls: CallOutcome[] | undefined, order: number[] | undefined): CallOutcome[] | undefined {
  if (!calls || !order) return calls;
  const out: CallOutcome[] = [];
  order.forEach((input, k) => { if (calls[k]) out[input] = calls[k]!; });
  return out;
}

/** Per input list, the student's handle's answers to its messages, in order; undefined where one failed. */
function grouped(calls: CallOutcome[] | undefined, sizes: number[]): (unknown[] | undefined)[] {
  let at = 0;
  return sizes.map((size) => {
    const slice = calls?.slice(at, (at += size));
    return slice && slice.length === size && slice.every((c) => c.ok) ? slice.map((c) => (c as { value: unknown }).value) : undefined;
  });
}

/** What serve must answer for a list of lines, given its handle's answers to their messages in order. */
function serveAnswer(lines: unknown, answers: unknown[] | undefined): unknown {
  if (!answers) throw new Unjudged();
  let next = 0;
  const want = ANSWER_KEY.serveWith(lines as string[], () => answers[next++]);
  if (!want) throw new Unjudged();
  return want;
}

export interface ServeOracle {
  /** The expectations of serve's behaviour checks. */
  override: ExpectOverride;
}

/**
 * When serve's module loaded the submission's task2.ts, serve is judged against what the
 * student's own handle answered to the same messages in the same order (the oracle runs), so
 * that task 3 never fails for task 2's mistakes; a list with a message handle could not answer
 * is not judged.
 */
/**
 * The student's handle's answers to serve's inputs, per input list (index 0 is LINES, the
 * fixture, then every generated list), from the oracle's messages in handle's judged run; absent
 * when serve's module did not load task2.ts or the oracle's run did not finish.
 */
function ownHandleAnswers(graded: Pick<GradingRequest, "tasks" | "oracle">, reply: SandboxReply): (unknown[] | undefined)[] | undefined {
  const r = graded.tasks.task3;
  const fixture = r ? reply.runs[r.fixture] : undefined;
  const usesHandle = fixture?.status === "ran" && (fixture.modules ?? []).includes(TASKS.task2.file);
  const o = graded.oracle;
  const oracleRun = o ? reply.runs[o.shared] : undefined;
  if (!r || !usesHandle || !o || oracleRun?.status !== "ran" || oracleRun.stopped) return undefined;
  return grouped(picked(readCalls("task2", reply.runs[o.shared]), o.picks), o.sharedSizes);
}

/**
 * When serve's module loaded the submission's task2.ts, serve is judged against what the
 * student's own handle answered to the same messages in the same order (the oracle runs), so
 * that task 3 never fails for task 2's mistakes; a list with a message handle could not answer
 * is not judged. Without the oracle's answers, all of them (its run skipped after a handle that
 * hung, or stopped itself), serve is judged against the model: never left unjudged.
 */
export function serveOracle(graded: Pick<GradingRequest, "tasks" | "oracle">, reply: SandboxReply): ServeOracle | undefined {
  const shared = ownHandleAnswers(graded, reply);
  const r = graded.tasks.task3;
  if (!shared || !r) return undefined;
  const offsets = new Map(r.plan.map((p, k) => [p, planInputs(r.plan).offsets[k]!]));
  const expect = (answers: (unknown[] | undefined)[], g: number, lines: unknown): unknown | typeof Unjudged => {
    try { return serveAnswer(lines, answers[g]); } catch (error) { if (error instanceof Unjudged) return Unjudged; throw error; }
  };
  return {
    override: (planned, index) => {
      const g = offsets.get(planned)! + index;
      const value = expect(shared, g + 1, planned.inputs[index]);
      return value === Unjudged ? undefined : { kind: "exact", value };
    },
  };
}

// The checks are a function of the runs' replies alone: a class's identical replies (most of a
// class's correct answers are) are judged once. Keyed by a hash of the reply text, bounded.
const judged = new Map<string, CheckResult[]>();
const JUDGED_ENTRIES = 256;

function judgedKey(task: TaskId, graded: Pick<GradingRequest, "tasks" | "oracle">, reply: SandboxReply, o: { behaviour: boolean; schema: boolean; seed: number }): string {
  const r = graded.tasks[task]!;
  const used = [r.fixture, r.generated, r.fresh, r.perLine, ...(task === "task3" && graded.oracle ? [graded.oracle.shared] : []), ...(task === "task2" && graded.tasks.task1 ? [graded.tasks.task1.fixture] : [])];
  const hash = createHash("sha256").update(`${task}|${o.behaviour}|${o.schema}|${o.seed}|${r.plan.length}`);
  // What the judging reads of each run: not its time, nor its output (the output checks are apart).
  for (const i of used) {
    const run = i === undefined ? undefined : reply.runs[i];
    const read = !run || run.status === "skipped" ? run?.status ?? "-" : run.status === "failed" ? run.failure : [run.calls, run.stopped ?? null, run.modules ?? null];
    hash.update("\0").update(JSON.stringify(read));
  }
  return hash.digest("hex");
}

/** `sameMistake`: serve's failures on generated lists that the recount saw are a fixture line's (grading/recount.ts). */
export function extraChecks(tasks: readonly TaskId[], graded: Pick<GradingRequest, "tasks" | "oracle">, reply: SandboxReply, o: { behaviour: boolean; schema: boolean; seed: number }, sameMistake?: Excused, counted?: ReadonlySet<string>): Partial<Record<TaskId, CheckResult[]>> {
  const checks: Partial<Record<TaskId, CheckResult[]>> = {};
  for (const task of tasks) {
    if (!graded.tasks[task] || (sameMistake && task === "task3") || counted !== undefined) { checks[task] = taskChecks(task, graded, reply, o, sameMistake, counted); continue; }
    const key = judgedKey(task, graded, reply, o);
    let list = judged.get(key);
    if (!list) {
      list = taskChecks(task, graded, reply, o);
      if (judged.size >= JUDGED_ENTRIES) judged.delete(judged.keys().next().value!);
      judged.set(key, list);
    }
    // A fresh list: the report adds the live checks to it.
    checks[task] = [...list];
  }
  return checks;
}

function taskChecks(task: TaskId, graded: Pick<GradingRequest, "tasks" | "oracle">, reply: SandboxReply, o: { behaviour: boolean; schema: boolean; seed: number }, sameMistake?: Excused, counted?: ReadonlySet<string>): CheckResult[] {
  const r = graded.tasks[task];
  const generated = r?.generated !== undefined ? reply.runs[r.generated] : undefined;
  const calls: CallOutcome[] | undefined = picked(readCalls(task, generated), r?.picks);
  // Code that ran on the fixtures but will not load again (it throws the second time) has its
  // rules unjudged because of itself: they fail, or it would keep every point for nothing.
  if (r && generated?.status === "failed") {
    const why = `${TASKS[task].file}, loaded again for the generated inputs, did not load, so this rule could not be judged: ${generated.failure.message}`;
    return notRun(task, o).map((c) => ({ ...c, status: unjudgedStatus(generated.failure), message: why }));
  }
  if (!r || !generated || !calls) return notRun(task, o);
  const fixtureCount = FIXTURE_INPUTS[task].length;
  const oracle = task === "task3" ? serveOracle(graded, reply) : undefined;
  const inputs = [...FIXTURE_INPUTS[task], ...r.inputs];
  const exchanges: Exchange[] = inputs.map((input, i) => ({ input, outcome: calls[i] }));
  const tool = task === "task2" && o.behaviour && ANSWER_KEY.expectWithTool ? studentTool(graded, reply) : undefined;
  // A fixture message's (or line's) failed call seen again (its method, its tool, its kind of line: fixture-case.ts) is charged by its lines, not by a rule.
  const perLine = task === "task3" && r.perLine !== undefined ? readCalls(task, reply.runs[r.perLine]) : undefined;
  // Only where the run the lines read failed too (failedInBoth); serve's is one call on every line,
  // and when it answered, no fixture line failed.
  const lineRun = (): CallOutcome[] | undefined => readCalls(task, reply.runs[r.fixture]);
  const asCase = task === "task2" ? failedAsCase(FIXTURE_INPUTS[task], failedInBoth(calls.slice(0, fixtureCount), lineRun()), sameMessageCase)
    : perLine ? failedAsCase(LINES, lineRun()?.[0]?.ok ? [] : perLine, sameLineCase) : undefined;
  const excused: Excused | undefined = task === "task3" && sameMistake ? (input, failure) => asCase?.(input, failure) === true || sameMistake(input, failure) : asCase;
  const behaviour = o.behaviour ? judgeBehaviour(task, r.plan, calls, fixtureCount, o.seed, oracle?.override, excused) : [];
  const read = tool ? chargeToolReadThrough(behaviour, judgeBehaviour(task, r.plan, calls, fixtureCount, o.seed, (planned, i) => ANSWER_KEY.expectWithTool!(planned.inputs[i], tool), excused)) : behaviour;
  const fresh = o.behaviour && r.fresh !== undefined ? inInputOrder(readCalls(task, reply.runs[r.fresh]), r.freshOrder) : undefined;
  const served = task === "task3" && o.behaviour && r.fresh !== undefined
    ? judgeFreshServe({ plan: r.plan, calls, fixtureCount, fresh, run: reply.runs[r.fresh], seed: o.seed, ...(oracle ? { override: oracle.override } : {}), ...(excused ? { excused } : {}) }, read)
    : undefined;
  // A slip in serve's Parse error line, or keys left unsorted, explains only the failures it reaches (parse-line-repair.ts).
  const repaired = task === "task3" && o.behaviour ? writtenRight(calls) : undefined;
  const own = (checks: CheckResult[]): CheckResult[] => (repaired ? markOwnOverRepair(checks, judgeBehaviour(task, r.plan, repaired.calls, fixtureCount, o.seed, oracle?.override, excused), repaired.lineRight) : checks);
  // Two or more of serve's rules failing as a list without its last line reads: one mistake (last-line.ts).
  const lastLine = (checks: CheckResult[]): CheckResult[] => (task === "task3" && o.behaviour && checks.filter((c) => c.status === "fail").length > 1
    ? chargeLastLineLeftOut(checks, judgeBehaviour(task, r.plan, calls, fixtureCount, o.seed, lastLineLeftOut(oracle?.override), excused)) : checks);
  const list = [
    ...lastLine(own(served ? [served.check, ...served.behaviour] : read)),
    ...(task === "task2" && o.behaviour && r.fresh !== undefined ? [freshCheck.judge(task, r.inputs, calls.slice(fixtureCount), fresh, reply.runs[r.fresh])] : []),
    ...(o.schema ? schemaChecks(task, exchanges) : []),
  ];
  // State kept between calls may make any answer say anything: what the answers say is then no
  // rule's own mistake (CheckResult.ownMistake), and the families read through the state's check.
  // A rule that failed after as many notifications as calls came before (counted-calls.ts) was
  // broken by the number of calls, not by state: its own mistake still, not read through it.
  const stateName = freshCheck.placeholder(task).name;
  const state = list.some((c) => c.name === stateName && c.status === "fail");
  if (state) list.forEach((c, i) => {
    if (counted?.has(c.name) && c.status === "fail") list[i] = { ...c, notThrough: [...(c.notThrough ?? []), stateName] };
    else if (c.ownMistake) { const { ownMistake: _, ...rest } = c; list[i] = rest; }
  });
  const stateCheck = state && task === "task2" ? list.find((c) => c.name === stateName) : undefined;
  const charged = stateCheck ? chargeLineRulesToState(list, stateCheck, r.plan, calls, fixtureCount, fresh, o.seed, counted) : list;
  const stopped = generated.status === "ran" ? generated.stopped : undefined;
  const rules = new Set(r.plan.map((p) => p.check.name));
  return stopped ? unjudged(charged, stopped, `The run of ${TASKS[task].exportName} on the generated inputs stopped, so this rule could not be judged on all of its inputs: ${stopped.message}`, rules) : charged;
}
