// Task 3, the client: the runs it needs (request and callWithInput against the grader's mock
// server and mock user, peers of the sandbox, so the record of what the client sent is made
// outside its reach) and its judgement from what came back: the evidence lines of the fixture
// runs, the output check, and with behaviour checks on, every rule on the fixture cases and
// seeded generated ones.
import { makeRandom } from "../../../src/pack/random.js";
import type { PlanInput, TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { RunSpec, SandboxReply, TaskFailure, WireRun } from "../../../src/sandbox/protocol.js";
import {
  FIXTURE_CALLS, FIXTURE_REQUESTS, generatedCalls, generatedRequestRuns, type CallCase, type FixtureCall, type RequestRun,
} from "./cases.js";
import { argumentsSentOtherwise, CLIENT_EVIDENCE, Missing, type ClientFixtures } from "./evidence.js";
import { own, show } from "./messages.js";
import { CLIENT_RULES } from "./rules.js";
import { chargeDroppedAnswers } from "./dropped-answers.js";
import { chargeDeclinedThrows, chargeNoQuestionThrows } from "./throws-after-ask.js";
import { chargeAskedWhenDone, chargeCallerMetaKept, chargeResentOnError, chargeSecondCalls } from "./rule-charges.js";
import { clientSchemaCheck, type SentBy } from "./schema.js";
import { SERVER, roundsOf, tracesOf, type CallTrace } from "./trace.js";
import { failingCalls, failingRequests, judgeRule, showCall, type CallRunTrace, type RequestRunTraces } from "./verdicts.js";
import { serverPeer, userPeer } from "./mock-server.js";
import { notThroughAddedKeys } from "./extra-keys.js";
import { manyRequestsRun, withManyRequests } from "./many-requests.js";
import { drawLate, lateRun, type LateCase } from "./late-calls.js";

export { CLIENT_EVIDENCE } from "./evidence.js";
export { CLIENT_RULES } from "./rules.js";

export const CLIENT_TASK = { id: "task3", file: "task3.ts", request: "request", call: "callWithInput" } as const;

export interface ClientPlan {
  /** Absent when task 3 is not graded or its file is not there. */
  fixture?: { request: number; calls: Record<FixtureCall, number> };
  /** With behaviour checks: the generated runs, with the seed they were made from. */
  generated?: { seed: number; requests: { run: number; spec: RequestRun }[]; calls: { run: number; spec: CallCase }[]; twice?: { run: number; spec: CallCase }; many?: number; late?: (LateCase & { run: number })[] };
}

const FIXTURE_NAMES = Object.keys(FIXTURE_CALLS) as FixtureCall[];
/**
 * How many times the `twice` run calls the confirmed cancel in one module instance. As many as the
 * work budget lets the reference be graded in (test/fuel-budget.test.ts: 24 calls take the
 * stateless reference's total from 69 to 73 of 75), each through the peers. A client right for
 * more calls than this is seen by the late cases, each after 41 to 56 calls a driver makes inside
 * the sandbox (late-calls.ts), and ids that repeat only past 255 requests (many-requests.ts).
 */
export const AGAIN = 24;

// Two arguments before the peers (send; send and ask): a case without params calls
// request(method, undefined, send), as the page's request("server/discover") does.
function requestRun(spec: RequestRun, after?: RunSpec["after"]): RunSpec {
  return {
    entry: CLIENT_TASK.file, exportName: CLIENT_TASK.request, instance: "shared", stopOnFailure: false,
    inputs: spec.cases.map((c) => JSON.stringify(c.params === undefined ? [c.method] : [c.method, c.params])), arity: 2,
    peers: [serverPeer([spec.reply], true)], ...(after ? { after } : {}),
  };
}

function callRun(spec: CallCase, after?: RunSpec["after"], times = 1): RunSpec {
  return {
    entry: CLIENT_TASK.file, exportName: CLIENT_TASK.call, instance: "shared", stopOnFailure: false,
    inputs: Array.from({ length: times }, () => JSON.stringify([spec.name, spec.args])), arity: 2,
    peers: [serverPeer(spec.server, spec.serverRepeats === true), userPeer(spec.answers, true)], ...(after ? { after } : {}),
  };
}

// A batch grades every student with one seed: the generated cases are made once per seed.
const generatedBySeed = new Map<number, { requests: RequestRun[]; calls: CallCase[]; late: LateCase[] }>();
function generated(seed: number): { requests: RequestRun[]; calls: CallCase[]; late: LateCase[] } {
  let made = generatedBySeed.get(seed);
  if (!made) {
    if (generatedBySeed.size >= 16) generatedBySeed.clear();
    const random = makeRandom(seed);
    const requests = generatedRequestRuns(random);
    const calls = generatedCalls(random);
    // A stream of its own: the cases above are what they were.
    generatedBySeed.set(seed, made = { requests, calls, late: drawLate(calls, random.fork(0x1a7e)) });
  }
  return made;
}

export function planClient(input: PlanInput, runs: RunSpec[]): ClientPlan {
  if (!input.tasks.includes(CLIENT_TASK.id) || !input.has(CLIENT_TASK.file)) return {};
  const request = runs.push(requestRun(FIXTURE_REQUESTS)) - 1;
  // A callWithInput that hangs on the first fixture costs its time limit once, not once per
  // fixture and generated case: the rest run only if that run finished.
  const accept = runs.push(callRun(FIXTURE_CALLS.accept)) - 1;
  const calls = { accept } as Record<FixtureCall, number>;
  for (const name of FIXTURE_NAMES) if (name !== "accept") calls[name] = runs.push(callRun(FIXTURE_CALLS[name], { run: accept, need: "finished" })) - 1;
  const plan: ClientPlan = { fixture: { request, calls } };
  if (input.behaviour) {
    const made = generated(input.seed);
    plan.generated = {
      seed: input.seed,
      requests: made.requests.map((spec) => ({ run: runs.push(requestRun(spec, { run: request, need: "finished" })) - 1, spec })),
      calls: made.calls.map((spec) => ({ run: runs.push(callRun(spec, { run: calls.accept, need: "finished" })) - 1, spec })),
      // The confirmed cancel again and again in one module instance: each call's ids are new too,
      // and a client right only for a module's first calls is seen (each other run is one call in
      // a fresh instance: one that gave up after its second kept every point, game-client-first-calls).
      // Judged as the page's accepted flow too (t3_same_cancel_flows): it is that flow, again.
      twice: { run: runs.push(callRun(FIXTURE_CALLS.accept, { run: calls.accept, need: "finished" }, AGAIN)) - 1, spec: { ...FIXTURE_CALLS.accept, variantOf: "accept" } },
      // request called MANY times in one instance: ids that wrap (many-requests.ts).
      many: runs.push(manyRequestsRun(CLIENT_TASK.file, CLIENT_TASK.request, { run: request, need: "finished" })) - 1,
      // A case of each rule that asks, late in its module instance (late-calls.ts): the last runs.
      late: made.late.map((late) => ({ ...late, run: runs.push(lateRun(late, CLIENT_TASK.file, CLIENT_TASK.call, { run: calls.accept, need: "finished" })) - 1 })),
    };
  }
  return plan;
}

// ---- judging ----

const SIGNATURES: Record<string, string> = {
  request: "request(method: string, params: JsonObject | undefined, send: Send): JsonRpcResponse",
  callWithInput: "callWithInput(name: string, args: JsonObject, send: Send, ask: Ask): ToolResult",
};

// The engine knows no course: the export's signature is added here.
function withSignature(failure: TaskFailure): TaskFailure {
  if (failure.reason !== "missing-export") return failure;
  let message = failure.message;
  for (const [name, signature] of Object.entries(SIGNATURES)) message = message.replace(`a function named ${name}.`, `a function named ${name} with the signature ${signature}.`);
  return { ...failure, message };
}

/**
 * Why a run gave nothing to judge (its file would not load, its export is missing or still the
 * starter's), as the failure to show; undefined when it ran.
 */
function rootCause(run: WireRun | undefined): TaskFailure | undefined {
  if (!run) return { reason: "crash", message: "it was not run" };
  if (run.status === "skipped") return { reason: "crash", message: "it was not run, because an earlier run of the task did not finish" };
  if (run.status === "failed") return withSignature(run.failure);
  const failures = run.calls.map((c) => (c.ok ? undefined : c.failure));
  return failures.length > 0 && failures.every((f) => f?.reason === "not-written") ? failures[0] : undefined;
}

function fixturesOf(plan: Required<ClientPlan>["fixture"], reply: SandboxReply): ClientFixtures {
  const calls = {} as ClientFixtures["calls"];
  for (const name of FIXTURE_NAMES) {
    const trace = tracesOf(reply.runs[plan.calls[name]], CLIENT_TASK.call, 1)[0]!;
    calls[name] = { trace, rounds: roundsOf(trace, FIXTURE_CALLS[name]) };
  }
  return { requests: tracesOf(reply.runs[plan.request], CLIENT_TASK.request, FIXTURE_REQUESTS.cases.length), calls };
}

function evidenceChecks(fx: ClientFixtures, causes: Record<"request" | FixtureCall, string | undefined>): { checks: CheckResult[]; evidence: Record<string, string> } {
  const evidence: Record<string, string> = {};
  const checks = CLIENT_EVIDENCE.map(({ line, run, compute, diagnose }): CheckResult => {
    const base = { name: line.key, kind: "evidence", title: line.title, expected: line.accepted, hint: line.hint } as const;
    const cause = causes[run];
    if (cause) return { ...base, status: "skip", message: `This line has no value: ${cause}` };
    // A call that did not return or throw (stopped at its time limit, say): the line reads a call that never ended.
    const traces = run === "request" ? fx.requests : [fx.calls[run].trace];
    const stopped = traces.map((t) => t.outcome).find((o) => o.kind === "failed");
    if (stopped?.kind === "failed") return { ...base, status: "fail", actual: null, message: `This line has no value: ${stopped.failure.message}` };
    let actual: string | undefined;
    let missing: string | undefined;
    try { actual = compute(fx); } catch (error) {
      if (!(error instanceof Missing)) throw error;
      missing = error.message;
    }
    if (actual !== undefined) evidence[line.key] = actual;
    if (actual === line.accepted) return { ...base, status: "pass", actual };
    const why = diagnose?.(actual, fx) ?? (actual === undefined ? `This line could not be computed: ${missing?.replace(/\.$/, "")}.` : `Expected ${line.accepted}, got ${actual}.`);
    return { ...base, status: "fail", actual: actual ?? null, message: why };
  });
  return { checks: checks.map((check, i) => {
    const through = check.status === "fail" ? CLIENT_EVIDENCE[i]!.readsThrough?.find((t) => checks.find((c) => c.name === t.line)?.status === "fail" && t.when(fx)) : undefined;
    if (!through) return check;
    return { ...check, chargedTo: through.line, message: `${check.message ?? ""} It shows ${through.line}'s mistake again, charged there: it costs nothing more.` };
  }), evidence };
}

/**
 * A page line that could not be read because its call sent its arguments otherwise, beside the
 * failed rule of sending a call's arguments as given: one mistake, that rule's (slips-round-2026-
 * 12-08s sl-mistake-empty-arguments-omitted, the error call's {} left out: 39 before). In place.
 */
function chargeArgumentsLines(lines: CheckResult[], rules: readonly CheckResult[], fx: ClientFixtures): void {
  const rule = rules.find((c) => c.name === ARGUMENTS_RULE && c.status === "fail" && c.chargedTo === undefined);
  if (!rule) return;
  lines.forEach((c, i) => {
    // The evidence lines only: the output rules judged on the page's calls follow them in the list.
    const line = CLIENT_EVIDENCE.find((e) => e.line.key === c.name);
    if (!line || c.status !== "fail" || c.chargedTo !== undefined || !argumentsSentOtherwise(fx, line.run)) return;
    lines[i] = { ...c, chargedTo: ARGUMENTS_RULE, message: `${c.message ?? ""} Its call sent its arguments otherwise, ${ARGUMENTS_RULE}'s mistake, charged there: it costs nothing more.` };
  });
}
const ARGUMENTS_RULE = "t3_same_call_each_round";

function skippedAll(message: string): CheckResult[] {
  return CLIENT_EVIDENCE.map(({ line }) => ({ name: line.key, kind: "evidence", title: line.title, status: "skip", expected: line.accepted, hint: line.hint, message }));
}

export function judgeClient(plan: ClientPlan, reply: SandboxReply, input: PlanInput): TaskJudgement {
  if (!plan.fixture) {
    const failure: TaskFailure = { reason: "missing-file", message: `${CLIENT_TASK.file} is not in the submission.` };
    return { checks: skippedAll(`${CLIENT_TASK.file} is missing.`), evidence: {}, failure };
  }
  const fixtureRuns = [plan.fixture.request, ...FIXTURE_NAMES.map((n) => plan.fixture!.calls[n])].map((i) => reply.runs[i]);
  const rootCauses = fixtureRuns.map(rootCause);
  const causes = { request: rootCauses[0]?.message } as Record<"request" | FixtureCall, string | undefined>;
  FIXTURE_NAMES.forEach((n, i) => { causes[n] = rootCauses[i + 1]?.message; });
  const fx = fixturesOf(plan.fixture, reply);
  const { checks, evidence } = evidenceChecks(fx, causes);

  const fixtureRequests: RequestRunTraces[] = [{ spec: FIXTURE_REQUESTS, traces: fx.requests }];
  const fixtureCalls: CallRunTrace[] = FIXTURE_NAMES.map((n) => ({ spec: FIXTURE_CALLS[n] as CallCase, trace: fx.calls[n].trace }));
  for (const rule of CLIENT_RULES.filter((r) => r.kind === "output")) checks.push(judgeRule(rule, fixtureRequests, fixtureCalls, undefined));

  const judgement: TaskJudgement = { checks, evidence };
  // The task did not run when no fixture run did (a syntax error, say, or both exports still the starter's).
  if (rootCauses.every((c) => c !== undefined)) judgement.failure = rootCauses.find((c) => c.reason !== "crash") ?? rootCauses[0]!;
  const stderr = fixtureRuns.map((r) => (r && r.status !== "skipped" ? r.stderr : "")).join("");
  if (stderr) judgement.stderr = stderr;

  const g = input.behaviour ? plan.generated : undefined;
  const generatedCalls: CallRunTrace[] = g ? g.calls.map(({ run, spec }) => ({ spec, trace: tracesOf(reply.runs[run], CLIENT_TASK.call, 1)[0]! })) : [];
  if (g?.twice) {
    // Each call after the first judged with the ids of every call before it in the instance.
    const traces = tracesOf(reply.runs[g.twice.run], CLIENT_TASK.call, AGAIN) as CallTrace[];
    const earlierIds: unknown[] = [];
    traces.forEach((trace, i) => {
      generatedCalls.push(i === 0 ? { spec: g.twice!.spec, trace } : { spec: g.twice!.spec, trace, earlierIds: [...earlierIds] });
      earlierIds.push(...trace.sent.filter((s) => s.peer === SERVER).map((s) => own(s.value, "id")));
    });
  }
  // A late call is a call after others in its instance (earlierIds: their ids are the driver's, not recorded).
  for (const { run, spec, padding } of g?.late ?? []) generatedCalls.push({ spec, trace: tracesOf(reply.runs[run], CLIENT_TASK.call, 1)[0]!, earlierIds: [], padded: padding });
  const extra: CheckResult[] = [];
  if (g) {
    const requestRuns: RequestRunTraces[] = [...fixtureRequests, ...g.requests.map(({ run, spec }) => ({ spec, traces: tracesOf(reply.runs[run], CLIENT_TASK.request, spec.cases.length) }))];
    const rules = CLIENT_RULES.filter((r) => r.kind === "behaviour").map((rule) => withManyRequests(judgeRule(rule, requestRuns, [...fixtureCalls, ...generatedCalls], g.seed), g.many === undefined ? undefined : reply.runs[g.many]));
    const declined = fixtureCalls[FIXTURE_NAMES.indexOf("decline")]!;
    const calls = [...fixtureCalls, ...generatedCalls];
    // Each rule's failing calls and requests, judged again only once (several charges ask).
    const once = <T>(judge: (rule: (typeof CLIENT_RULES)[number]) => T): ((name: string) => T | undefined) => {
      const seen = new Map<string, T | undefined>();
      return (name) => {
        if (!seen.has(name)) { const rule = CLIENT_RULES.find((r) => r.id === name); seen.set(name, rule ? judge(rule) : undefined); }
        return seen.get(name);
      };
    };
    const failing = once((rule) => failingCalls(rule, requestRuns, calls));
    const requests = once((rule) => failingRequests(rule, requestRuns));
    // One mistake, one point: the rules that show one already shown are charged where it shows.
    let charged = chargeDroppedAnswers(checks, rules, declined, calls);
    charged = chargeDeclinedThrows(checks, charged, declined, failing);
    charged = chargeNoQuestionThrows(charged, failing, calls);
    charged = chargeCallerMetaKept(chargeSecondCalls(charged, failing), requests);
    charged = chargeResentOnError(checks, charged, requests);
    charged = chargeAskedWhenDone(charged, failing);
    chargeArgumentsLines(checks, charged, fx);
    extra.push(...notThroughAddedKeys(checks, charged));
  }
  if (input.schema) {
    const messages: SentBy[] = [
      ...fx.requests.flatMap((t, i) => t.sent.filter((s) => s.peer === SERVER).map((sent) => ({ sent, call: `request(${show(FIXTURE_REQUESTS.cases[i]!.method)}, …)` }))),
      ...[...fixtureCalls, ...generatedCalls].flatMap(({ spec, trace }) => trace.sent.filter((s) => s.peer === SERVER).map((sent) => ({ sent, call: showCall(spec) }))),
    ];
    extra.push(clientSchemaCheck(messages));
  }
  if (extra.length) judgement.extra = extra;
  return judgement;
}
