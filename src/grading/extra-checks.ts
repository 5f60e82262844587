// The checks beyond the 17 evidence lines that judge what the sandbox sent back: behaviour on
// generated inputs (against the model of the chapter's rules), the same inputs each alone in a
// fresh module instance, and every response against the MCP schema. All judged here, from values.
// The live checks (a real server over a real pipe) are run by live.ts and added by grade.ts.
import { TASKS, type TaskId } from "../course/tasks.js";
import { judgeBehaviour, type ExpectOverride } from "../behaviour/judge.js";
import { serveWith } from "../behaviour/model.js";
import { planBehaviour } from "../behaviour/plan.js";
import type { CheckResult } from "../report/types.js";
import type { CallOutcome } from "../runner/outcome.js";
import type { SandboxReply } from "../sandbox/protocol.js";
import { freshCheck } from "./fresh.js";
import { readCalls } from "./outcomes.js";
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

const asError = (checks: CheckResult[], message: string): CheckResult[] =>
  checks.map(({ name, kind, title, hint }) => ({ name, kind, title, ...(hint ? { hint } : {}), status: "error", message }));

function schemaChecks(task: TaskId, exchanges: Exchange[]): CheckResult[] {
  return task === "task1" ? task1SchemaChecks(exchanges) : task === "task2" ? task2SchemaChecks(exchanges) : [];
}

/** The checks a task would have had, each skipped (the report then names its root cause). */
function notRun(task: TaskId, on: { behaviour: boolean; schema: boolean }): CheckResult[] {
  const behaviour = on.behaviour ? [...planBehaviour(task, 0).map((p) => ({ name: p.check.name, title: p.check.title, hint: p.check.rule })), freshCheck.placeholder(task)] : [];
  return [
    ...behaviour.map((c): CheckResult => ({ ...c, kind: "behaviour", status: "skip", message: NOT_RUN })),
    ...(on.schema ? schemaChecks(task, []).map((c) => ({ ...c, status: "skip" as const, message: NOT_RUN })) : []),
  ];
}

class Unjudged extends Error {}

/**
 * When serve's module loaded the submission's task2.ts, serve is judged against what the
 * student's own handle answers (the oracle run), so that task 3 never fails for task 2's
 * mistakes; a line list with a message that handle could not answer is not judged.
 */
function serveOverride(graded: Pick<GradingRequest, "runs" | "oracle">, reply: SandboxReply): ExpectOverride | undefined {
  const fixture = graded.runs.task3 ? reply.runs[graded.runs.task3.fixture] : undefined;
  const usesHandle = fixture?.status === "ran" && (fixture.modules ?? []).includes(TASKS.task2.file);
  if (!usesHandle || !graded.oracle) return undefined;
  const answers = readCalls("task2", reply.runs[graded.oracle.run]);
  const table = new Map<string, CallOutcome>();
  graded.oracle.messages.forEach((m, i) => { const a = answers?.[i]; if (a) table.set(m, a); });
  return (planned, index) => {
    try {
      const value = serveWith(planned.inputs[index] as string[], (message) => {
        const answer = table.get(JSON.stringify(message));
        if (!answer?.ok) throw new Unjudged();
        return answer.value;
      });
      return { kind: "exact", value };
    } catch (error) {
      if (error instanceof Unjudged) return undefined;
      throw error;
    }
  };
}

export function extraChecks(tasks: readonly TaskId[], graded: Pick<GradingRequest, "runs" | "oracle">, reply: SandboxReply, o: { behaviour: boolean; schema: boolean; seed: number }): Partial<Record<TaskId, CheckResult[]>> {
  const { runs } = graded;
  const checks: Partial<Record<TaskId, CheckResult[]>> = {};
  for (const task of tasks) {
    const r = runs[task];
    const generated = r?.generated !== undefined ? reply.runs[r.generated] : undefined;
    const calls: CallOutcome[] | undefined = readCalls(task, generated);
    if (!r || !generated || !calls) { checks[task] = notRun(task, o); continue; }
    const fixtureCount = FIXTURE_INPUTS[task].length;
    const inputs = [...FIXTURE_INPUTS[task], ...r.inputs];
    const exchanges: Exchange[] = inputs.map((input, i) => ({ input, outcome: calls[i] }));
    const list = [
      ...(o.behaviour ? judgeBehaviour(task, r.plan, calls, fixtureCount, o.seed, task === "task3" ? serveOverride(graded, reply) : undefined) : []),
      ...(o.behaviour ? [freshCheck.judge(task, r.inputs, calls.slice(fixtureCount), readCalls(task, r.fresh !== undefined ? reply.runs[r.fresh] : undefined), r.fresh !== undefined ? reply.runs[r.fresh] : undefined)] : []),
      ...(o.schema ? schemaChecks(task, exchanges) : []),
    ];
    const stopped = generated.status === "ran" ? generated.stopped : undefined;
    checks[task] = stopped ? asError(list, `The run of ${TASKS[task].exportName} on the generated inputs stopped: ${stopped.message}`) : list;
  }
  return checks;
}
