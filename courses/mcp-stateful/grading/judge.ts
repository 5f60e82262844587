// The checks per task from what came back: the evidence lines read from the fixture runs, the
// output rule, and with behaviour checks on, every rule on the generated inputs, judged against
// the model outside the sandbox.
import type { PlanInput, TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply, TaskFailure, WireRun } from "../../../src/sandbox/protocol.js";
import { BUILDERS, type Builder } from "../behaviour/messages.js";
import type { Outcome } from "../behaviour/session.js";
import { expected } from "../client/model.js";
import { alignedOps } from "../client/rules.js";
import { LINES, Missing, UNSENT, type Fixtures } from "../evidence/lines.js";
import { AT, TRACE_SESSION } from "../course/fixtures.js";
import { clientSchemaCheck, serverSchemaChecks } from "../schema/checks.js";
import { client } from "./client-verdicts.js";
import { chargeKindsAlike } from "./kind-mistakes.js";
import { messages } from "./messages-verdicts.js";
import { chargeClosedTrace } from "./closed-by-error.js";
import { chargeListAfterToRule, chargeLiveAddedOrder } from "./list-order-slips.js";
import { closingRulesOf, listedInOtherOrder, server, sessionOutcomes, wrongSteps, type Failure } from "./server-verdicts.js";
import { chargeListsRefused, markInitializeValueSlips, markListsBeyondOrder, markToolOrderSlips } from "./value-slips.js";
import { markInitializeRefusals } from "./init-refusals.js";
import { markSkippedRules, markTabledRules } from "./skipped-rules.js";
import { chargeNotifyAdds } from "./notify-added.js";
import { chargeAllowedRefusals } from "./allowed-refused.js";
import type { StatefulPlan } from "./plan.js";
import { rootCause, traceOutcomes, valueOf } from "./values.js";
import { ownOutput } from "../../../src/pack/own-output.js";

/** What a task's runs printed on stdout, all of them. */
const printedBy = (runs: (WireRun | undefined)[]): string => runs.map((r) => (r && r.status !== "skipped" ? r.stdout : "")).join("");

/**
 * The task's own print: what a run printed less what the tasks it loaded (`loaded`, by file)
 * printed in their own runs, which is theirs (src/pack/own-output.ts): a builder of task 1's that
 * task 2's server calls prints in both.
 */
function stdoutCheck(task: string, runs: (WireRun | undefined)[], loaded: Record<string, string> = {}): CheckResult {
  const others = new Set<string>();
  const printed = runs.map((r) => {
    if (!r || r.status === "skipped") return "";
    if (r.status !== "ran") return r.stdout;
    const mine = ownOutput(r.stdout, Object.fromEntries(Object.entries(loaded).filter(([file]) => (r.modules ?? []).includes(file))));
    mine.others.forEach((o) => others.add(o));
    return mine.own;
  }).join("");
  const base = { name: `${task.replace("task", "t")}_no_stdout`, kind: "output", title: "Nothing printed on stdout", hint: "Return values; on stdio, stdout carries only protocol messages. Log to stderr (console.error)." } as const;
  if (printed === "") return others.size ? { ...base, status: "pass", message: `What its runs printed, ${[...others].join(" and ")} printed in its own runs: charged there, not here.` } : { ...base, status: "pass" };
  return { ...base, status: "fail", actual: printed.slice(0, 200), message: "The code printed on stdout. Use console.error for logs." };
}

const task1Runs = (p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply): (WireRun | undefined)[] => [...BUILDERS.map((b) => reply.runs[p.builders[b].run]), reply.runs[p.kinds.run]];

function lineChecks(task: string, fx: Fixtures, cause: TaskFailure | undefined): { checks: CheckResult[]; evidence: Record<string, string> } {
  const evidence: Record<string, string> = {};
  const checks = LINES.filter((l) => l.task === task).map((line): CheckResult => {
    const base = { name: line.key, kind: "evidence", title: line.title, expected: line.accepted, hint: line.hint } as const;
    if (cause) return { ...base, status: "skip", message: `This line has no value: ${cause.message}` };
    let actual: string;
    try { actual = line.read(fx); } catch (error) {
      if (!(error instanceof Missing)) throw error;
      return { ...base, status: "fail", actual: null, message: `This line could not be read: ${error.message}` };
    }
    evidence[line.key] = actual;
    if (actual === line.accepted) return { ...base, status: "pass", actual };
    return { ...base, status: "fail", actual, message: line.diagnose?.(actual) ?? `Expected ${line.accepted}, got ${actual}.` };
  });
  return { checks, evidence };
}

function judgeTask1(p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply, input: PlanInput): TaskJudgement {
  const runs = task1Runs(p, reply);
  const causes = runs.map(rootCause);
  const builders: Fixtures["builders"] = {};
  BUILDERS.forEach((b: Builder) => {
    const run = reply.runs[p.builders[b].run];
    // A call that failed (a builder still the starter's, a throw) is read as why, not as a value.
    if (run?.status === "ran") builders[b] = run.calls.map((c) => (c.ok ? valueOf(c) : new Missing(`${b} gave no value: ${c.failure.message}`)));
  });
  const kindsRun = reply.runs[p.kinds.run];
  const fx: Fixtures = { builders, ...(kindsRun?.status === "ran" ? { kinds: kindsRun.calls.map((c) => (c.ok ? valueOf(c) : new Missing(`kindOf gave no value: ${c.failure.message}`))) } : {}) };
  const failure = causes.every((c) => c !== undefined) ? causes.find((c) => c.reason !== "crash") ?? causes[0] : undefined;
  const { checks, evidence } = lineChecks("task1", fx, failure);
  checks.push(stdoutCheck("task1", runs));
  return { checks, evidence, ...(failure ? { failure } : {}), ...(input.behaviour ? { extra: chargeKindsAlike(checks, messages(p, reply, input.seed), p, reply) } : {}) };
}

/**
 * Step 6's list read through step 3's: when it is the student's own first list with subtract
 * added once, anywhere (last, first as newest, in its place when sorted), the others in their
 * step-3 order, it is wrong only by the first list's mistake, which t2_tool_names charges
 * (tools-list-newest-first and tools-list-sorted lost 2).
 */
function chargeListAfter(checks: CheckResult[]): void {
  const before = checks.find((c) => c.name === "t2_tool_names");
  const after = checks.find((c) => c.name === "t2_tools_after");
  if (before?.status !== "fail" || after?.status !== "fail" || typeof before.actual !== "string" || typeof after.actual !== "string") return;
  const names = after.actual === "" ? [] : after.actual.split(",");
  if (names.filter((n) => n === "subtract").length !== 1 || names.filter((n) => n !== "subtract").join(",") !== before.actual) return;
  Object.assign(after, { chargedTo: "t2_tool_names", message: `${after.message ?? ""}
It is your step-3 list with subtract added: the mistake is t2_tool_names's, and it costs nothing more here.` });
}

/**
 * t2_tools_added (the rule of step 6's list) failing only by lists of the right tools in another
 * order, while step 3's list is the page's tools in another order and step 6's reads through it
 * (chargeListAfter): one mistake in the list's order, which t2_tool_names charges.
 */
function chargeAddedOrder(lines: readonly CheckResult[], extra: CheckResult[], otherOrder: readonly string[]): void {
  const before = lines.find((c) => c.name === "t2_tool_names");
  const after = lines.find((c) => c.name === "t2_tools_after");
  const permuted = (a: unknown, b: unknown): boolean => typeof a === "string" && typeof b === "string" && a.split(",").sort().join() === b.split(",").sort().join();
  if (after?.chargedTo !== "t2_tool_names" || !permuted(before?.actual, before?.expected)) return;
  for (const c of extra) {
    if (c.name !== "t2_tools_added" || c.status !== "fail" || c.chargedTo !== undefined || !otherOrder.includes(c.name)) continue;
    Object.assign(c, { chargedTo: "t2_tool_names", message: `${c.message ?? ""}\nEvery list it judged has the right tools in another order: t2_tool_names's mistake, and it costs nothing more here.` });
  }
}

/** The trace step each tool line reads (evidence/lines.ts). */
const TOOL_LINE_STEPS: Readonly<Record<string, number>> = { t2_tool_names: AT.list, t2_add_text: AT.add, t2_delete_db_code: AT.deleteDb, t2_outbox: AT.drain, t2_tools_after: AT.listAgain };

function judgeTask2(p: NonNullable<StatefulPlan["task2"]>, reply: SandboxReply, input: PlanInput, loaded: Record<string, string>, smaller?: ReadonlyMap<string, Failure>): TaskJudgement {
  const run = reply.runs[p.fixture];
  const failure = rootCause(run);
  const fx: Fixtures = { builders: {}, ...traceOutcomes(run) };
  const { checks, evidence } = lineChecks("task2", fx, failure);
  // The trace's lines after an error that closed the session (the page's delete_db refusal).
  if (input.behaviour && p.sessions && !failure) chargeClosedTrace(checks, TRACE_SESSION, fx.session, closingRulesOf(p.sessions, reply), TOOL_LINE_STEPS);
  chargeListAfter(checks);
  checks.push(stdoutCheck("task2", [run, ...(p.sessions ? p.sessions.groups.map((g) => reply.runs[g.run]) : [])], loaded));
  const stderr = run && run.status !== "skipped" ? run.stderr : "";
  const extra = [...(input.behaviour && p.sessions ? markToolOrderSlips(checks, markInitializeRefusals(markInitializeValueSlips(checks, server(p.sessions, reply, input.seed, smaller), fx.session?.[AT.initialize], wrongSteps(p.sessions, reply)), fx.session?.[AT.initialize], wrongSteps(p.sessions, reply))) : [])];
  const wrong = p.sessions ? wrongSteps(p.sessions, reply) : new Map();
  if (p.sessions) {
    const otherOrder = listedInOtherOrder(p.sessions, reply);
    chargeAddedOrder(checks, extra, otherOrder);
    chargeListAfterToRule(checks, extra, otherOrder);
    chargeLiveAddedOrder(extra, wrong, otherOrder);
    if (!failure) markSkippedRules(checks, extra, wrong, fx.session);
    if (!failure) markTabledRules(checks, extra, wrong);
    markListsBeyondOrder(checks, extra, wrong);
    chargeNotifyAdds(checks, extra, wrong);
    chargeAllowedRefusals(extra, wrong, p.sessions, reply);
  }
  chargeListsRefused(checks, extra, fx.session, wrong, AT);
  if (input.schema) {
    const sessions = [{ session: TRACE_SESSION, outcomes: fx.session ?? [] }];
    if (p.sessions) p.sessions.all.forEach((session, i) => sessions.push({ session, outcomes: sessionOutcomes(p.sessions!, reply, i).outcomes ?? [] }));
    extra.push(...serverSchemaChecks(sessions));
  }
  return { checks, evidence, ...(failure ? { failure } : {}), ...(stderr ? { stderr } : {}), ...(extra.length ? { extra } : {}) };
}

/**
 * A trace line left unread because its own call was the first not to send the trace's requests
 * (evidence/lines.ts UNSENT) shows t3_sent_methods' mistake again: charged there (a pump that
 * throws on list_changed instead of fetching lost t3_cache_after_pump beside it,
 * test/loop-costs.test.ts). Lines after that call stay unread and uncharged: a client forging
 * its record earns none of them (test/hostile/stateful.test.ts). A notification left out or added
 * is no call out of step (it takes no scripted reply: client/rules.ts): a connect without
 * notifications/initialized cost its three later lines beside t3_sent_methods.
 */
function chargeUnsentOps(checks: CheckResult[]): void {
  const sent = checks.find((c) => c.name === "t3_sent_methods");
  if (sent?.status !== "fail" || sent.chargedTo !== undefined) return;
  for (const c of checks) {
    if (c === sent || c.status !== "fail" || c.chargedTo !== undefined || !c.message?.includes(UNSENT)) continue;
    Object.assign(c, { chargedTo: "t3_sent_methods", message: `${c.message}\nThe mistake is t3_sent_methods's, and it costs nothing more here.` });
  }
}

function judgeTask3(p: NonNullable<StatefulPlan["task3"]>, reply: SandboxReply, input: PlanInput, loaded: Record<string, string>): TaskJudgement {
  const transportRun = reply.runs[p.transport.run];
  const traceRun = reply.runs[p.clients[0]!.run];
  const causes = [rootCause(transportRun), rootCause(traceRun)];
  const failure = causes.every((c) => c !== undefined) ? causes.find((c) => c.reason !== "crash") ?? causes[0] : undefined;
  const trace = client.record(traceRun);
  const traceScenario = p.clients[0]!.scenario;
  const matched = trace ? alignedOps(expected(traceScenario), trace) : 0;
  const transport = transportRun?.status === "ran" ? valueOf(transportRun.calls[0]) : undefined;
  const fx: Fixtures = { builders: {}, ...(trace ? { client: { outcomes: trace.outcomes ?? [], sent: trace.sent, matched } } : {}), ...(transport ? { transport: transport as Fixtures["transport"] } : {}) };
  const { checks, evidence } = lineChecks("task3", fx, failure);
  // A line read from one run is not the other run's to skip: a client that ran is read even when the transport did not.
  for (const c of checks) {
    const from = c.name === "t3_date_across" ? causes[0] : causes[1];
    if (!failure && from && c.status !== "pass") Object.assign(c, { status: "fail", actual: null, message: `This line has no value: ${from.message}` });
  }
  if (fx.client && !causes[1]) chargeUnsentOps(checks);
  checks.push(stdoutCheck("task3", [transportRun, ...[...new Set(p.clients.map((c) => c.run))].map((run) => reply.runs[run])], loaded));
  const extra = [...(input.behaviour ? client.checks(p, reply, input.seed) : []), ...(input.schema ? [clientSchemaCheck(client.allSent(p, reply))] : [])];
  return { checks, evidence, ...(failure ? { failure } : {}), ...(extra.length ? { extra } : {}) };
}

/** Every task's judgement; `smaller`: the server checks' smaller counterexamples the follow-up found (shrink-runs.ts). */
export function judge(plan: StatefulPlan, reply: SandboxReply, input: PlanInput, smaller?: ReadonlyMap<string, Failure>): Record<string, TaskJudgement> {
  const out: Record<string, TaskJudgement> = {};
  // What each task printed in its own fixture runs, for the tasks that load it.
  const loaded: Record<string, string> = {};
  if (plan.task1) loaded["task1.ts"] = printedBy(task1Runs(plan.task1, reply));
  if (plan.task2) loaded["task2.ts"] = printedBy([reply.runs[plan.task2.fixture]]);
  if (plan.task1) out["task1"] = judgeTask1(plan.task1, reply, input);
  if (plan.task2) out["task2"] = judgeTask2(plan.task2, reply, input, { "task1.ts": loaded["task1.ts"] ?? "" }, smaller);
  if (plan.task3) out["task3"] = judgeTask3(plan.task3, reply, input, loaded);
  return out;
}
