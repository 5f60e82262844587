// Turns the sandbox's reply into each task's checks: the evidence lines and output rules of the
// fixture run, then behaviour (against the model; serve against the handle it calls), the
// statelessness checks (fresh module instances) and the schema checks. Task 3 is client/task3.ts's.
import { chargeLinesAlone } from "../../../src/pack/line-by-line.js";
import { EVERY_LINE, excusedLines, rightOverOtherLines, sameKind, servedAlone } from "./serve-lines.js";
import { createHash } from "node:crypto";
import type { PlanInput, TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply, TaskFailure, WireCall, WireRun } from "../../../src/sandbox/protocol.js";
import { unjudgedStatus } from "../../../src/pack/verdict.js";
import { picked } from "../../../src/pack/interleave.js";
import { judgeChecks, verdict, type Judged, type Outcome, type PlannedCheck } from "../behaviour/check.js";
import { judgeClient } from "../client/task3.js";
import { acceptsPart, comparedPart, expectedPart, sameGraded, sameLine } from "../behaviour/compare.js";
import { LINES, MESSAGES, messageIndex } from "../course/fixtures.js";
import { evidenceChecks, outputChecks, type LoadedOutput } from "./judge-parts.js";
import { answersOf, answersWith, checkArgs, isObject, newServer, serveWith, type ArgsChecker } from "../behaviour/model.js";
import { describeInput, fixtureValues, readRun, readServeCall, type CallReader } from "./outcomes.js";
import { decodeValue } from "../../../src/sandbox/value.js";
import { FIXTURE_INPUTS, FRESH_LISTS_RULE, freshServeChecks, LINE_RULE_IDS, taskOf, type OwnTask, type StatelessPlan } from "./plan.js";
import { freshServe, judgeKindsAlone } from "./fresh-serve.js";
import { chargeNotificationEffects } from "./notification-effects.js";
import { chargeSkippedAsBlank } from "./skipped-as-blank.js";
import { BLANK_LINES_LOGGED, chargeServeSlip, NULL_WRITTEN, PARSE_ERROR_ID } from "./serve-slips.js";
import { chargeLineRulesToState, ROUNDS_CHECK, STATE_CHECK } from "./state-charges.js";
import { sameJson } from "../evidence/reading.js";
import { argsUnchanged } from "./args-pure.js";
import { schemaChecks } from "../schema/checks.js";
import { chargeReached } from "../../../src/pack/reached.js";
import { chargeFixtureSlips } from "./fixture-slips.js";
import { markDataFree } from "./data-free.js";
import { kindPath, markPathFree } from "./path-free.js";
import type { KindPath } from "../../../src/pack/answer-kinds.js";
import { chargeRepeatedSlips, failingAnswersOf, markLineValueSlips } from "./line-slips.js";
import { TASK1_FAMILIES, TASK2_FAMILIES, TASK4_FAMILIES } from "../evidence/rule-families.js";
import { chargeIsErrorThrough, chargeLinesToTask1, chargeReprReadThrough, chargeServeLinesToHandle } from "./read-through.js";
import { resolveCharges } from "../../../src/pack/charges.js";
import { chargeFailedCalls, failedAsCase, failedInBoth } from "../../../src/pack/failed-call.js";
import { chargeArgsParts, excusedArgsFailures } from "./args-failures.js";
import { chargeArgsRulesAlike } from "./args-mistakes.js";
import { oneKind } from "../../../src/pack/crash-kinds.js";
import { sameMessageCase } from "./message-case.js";
import { chargePageLines } from "./page-lines.js";
import { chargeRulesToState } from "./families-alone.js";

const NOT_RUN = "Not run: the code it needs did not run on its fixtures.";

/**
 * Whether serve's answer is the expected one: the same log, and out lines that are one JSON
 * message each, equal to the expected ones. `oneLine` false leaves a newline inside an out line
 * to the checks that hold it (below).
 */
export function sameServe(expected: unknown, actual: unknown, oneLine = true): boolean {
  const want = expected as { out: string[]; log: string[] };
  if (!isObject(actual) || !Array.isArray(actual["out"]) || !Array.isArray(actual["log"])) return false;
  const out = actual["out"] as unknown[];
  if (!sameJson(actual["log"], want.log) || out.length !== want.out.length) return false;
  // A response read as handle's checks read it: what a server may add beside the rules is its own.
  return out.every((line, i) => typeof line === "string" && !(oneLine && line.includes("\n")) && sameLine(line, want.out[i]));
}

/**
 * The comparison of serve's answers for a check: one response a line is t4_messages' rule (its
 * sessions answer the most messages); the other checks read what the lines read (ids, the parse
 * error line as JSON, the log), so an out line written over several lines
 * (JSON.stringify(response, null, 2)) costs one point, not one for each kind of line that has an
 * answer (serve-pretty-json) nor all three lines' rule too (it cost all of task 4).
 */
const serveComparison = (check: PlannedCheck["check"]) =>
  check.id === "t4_messages" ? (e: unknown, a: unknown) => sameServe(e, a) : (e: unknown, a: unknown) => sameServe(e, a, false);

const t2Answers = new WeakMap<readonly unknown[], ({ value: unknown } | undefined)[]>();
/** The model's answers to the fixtures then the generated messages, on one server (made once per plan with the model's own checkArgs). */
function sharedAnswers(generated: readonly unknown[], key: PlannedCheck[], check: ArgsChecker): ({ value: unknown } | undefined)[] {
  if (check !== checkArgs) return answersWith([...MESSAGES, ...generated], check);
  let answers = t2Answers.get(key);
  if (!answers) t2Answers.set(key, (answers = answersWith([...MESSAGES, ...generated], check)));
  return answers;
}

/** The student's checkArgs answers replayed, when their handle loaded their task1.ts; the model's otherwise. */
function argsChecker(plan: StatelessPlan, reply: SandboxReply): ArgsChecker {
  const fixture = reply.runs[plan.own.task2!.fixture];
  const outcomes = plan.argsOracle ? picked(readRun(taskOf("task1"), reply.runs[plan.argsOracle.run]), plan.argsOracle.picks) : undefined;
  if (fixture?.status !== "ran" || !(fixture.modules ?? []).includes("task1.ts") || !outcomes || !plan.argsOracle) return checkArgs;
  const answers = new Map(plan.argsOracle.keys.map((k, i) => [k, outcomes[i]]));
  return (schema, args) => {
    const o = answers.get(JSON.stringify([schema, args]));
    // An answer of the student's checkArgs that is no list of problems (a throw, junk) cannot
    // stand for theirs: the rules' answer does, so handle's checks are still judged (leaving them
    // unjudged let a handle importing a throwing checkArgs keep its lines for nothing).
    if (!o?.ok || !Array.isArray(o.value) || !o.value.every((p) => typeof p === "string")) return checkArgs(schema, args);
    return o.value as string[];
  };
}

/** A check of a line's own rule: the part its line reads, the same in the code's answer as in the model's. */
const readsTheSame = (check: PlannedCheck["check"]) => (want: unknown, actual: unknown): boolean =>
  sameJson(check.part!(comparedPart(actual, check.compare ?? "content")), want);

function placeholders(plan: PlannedCheck[], kind: string, message: string, status: CheckResult["status"] = "skip"): CheckResult[] {
  return plan.map((p) => ({ name: p.check.id, kind, title: p.check.title, hint: `${p.check.rule} ${p.check.hint}`, status, message }));
}

/**
 * Why a run of code that ran on its fixtures gave no answers (a module that throws when it is
 * loaded again, a fresh instance that does not load): the checks that needed it fail with this,
 * never skip, or code that breaks only outside the fixture run would lose nothing.
 */
function noAnswers(run: WireRun | undefined, what: string): { status: "fail" | "error"; message: string } {
  if (run?.status === "failed") return { status: unjudgedStatus(run.failure), message: `${what} did not load again, so this rule could not be judged: ${run.failure.message}` };
  return { status: "fail", message: `${what} gave no answers (the run before it did not finish), so this rule could not be judged.` };
}

/** handle's answers to the generated messages the fresh run sent, each alone in a fresh instance, by generated index. */
function aloneAnswers(plan: StatelessPlan, reply: SandboxReply): (Outcome | undefined)[] | undefined {
  const fresh = plan.fresh;
  const outcomes = fresh ? readRun(taskOf("task2"), reply.runs[fresh.run], true) : undefined;
  if (!fresh || !outcomes) return undefined;
  const alone: (Outcome | undefined)[] = [];
  fresh.order.forEach((g, k) => { alone[g] = outcomes[fresh.rounds.length + k]; });
  return alone;
}

const DATA_ALONE = {
  name: "t2_data_alone", kind: "behaviour", title: "A fresh server answers from ORDERS as the page's data has it",
  hint: "Rules 7–8: get_order_status reads status and eta from ORDERS, so a fresh server still has A101 \"processing\". Look for a status written in the code instead of read from ORDERS.",
};

/**
 * Checks that failed only by requests left unanswered (CheckResult.unanswered: a string id taken
 * for a notification, say) while t2_notifications, the rule of which messages are answered, failed
 * too: that mistake, charged there.
 */
function chargeUnanswered(checks: readonly CheckResult[]): CheckResult[] {
  const rule = checks.find((c) => c.name === "t2_notifications" && c.status === "fail");
  if (!rule) return [...checks];
  const to = rule.chargedTo ?? rule.name;
  // Where the rule's own unanswered inputs share no kind with a check's, that check's inputs were
  // left unanswered for another reason: code that answers nothing it cannot do (helper 75's
  // null-on-odd kept 38/41 with most families charged here).
  const sameKind = (c: CheckResult): boolean => rule.unansweredOn === undefined || oneKind([rule.unansweredOn, c.unansweredOn ?? []]);
  return checks.map((c) => (c !== rule && c.status === "fail" && c.chargedTo === undefined && c.unanswered && sameKind(c)
    ? { ...c, chargedTo: to, message: `${c.message ?? ""} Every one of them was left without a response, as t2_notifications found: that mistake, charged there; it costs nothing more here.`.trim() } : c));
}

function statelessChecks(plan: StatelessPlan, reply: SandboxReply, shared: Outcome[] | undefined, generated: readonly unknown[], seed: number, check: ArgsChecker, paths?: KindPath[]): CheckResult[] {
  const fresh = plan.fresh!;
  const task = taskOf("task2");
  const freshRun = reply.runs[fresh.run];
  const outcomes = readRun(task, freshRun, true);
  // Why the fresh run stopped before its last messages, where it did (its work budget, say).
  const stopped = freshRun?.status === "ran" ? freshRun.stopped?.message : undefined;
  const stateless = { name: ROUNDS_CHECK, kind: "behaviour", title: "Every round of cancel_order is answered alone, by a fresh server", hint: "2.3: \"The server keeps no memory between the two rounds. Everything it needs comes back in the retry.\" Look for a map or a variable outside handle that round 1 fills and the retry reads." };
  const independent = { name: "t2_no_session_state", kind: "behaviour", title: "handle answers the same in a fresh module instance as after earlier calls", hint: "Rules 1–12 decide every answer from the message and the data: nothing kept from earlier calls (a counter, a cache, a flag set by server/discover) may change it." };
  if (!outcomes || !shared) {
    const why = shared ? noAnswers(reply.runs[fresh.run], `${task.file}, in a fresh module instance,`) : { status: "skip" as const, message: NOT_RUN };
    return [{ ...stateless, ...why }, ...(generated.length ? [{ ...independent, ...why }] : [])];
  }
  const rounds = fresh.rounds;
  // A round alone must get the model's answer, or at least the code's own answer after its
  // first round: a wrong answer the code gives either way is another check's (no cascade).
  const roundsJudged: Judged = {
    expected: (i) => answersWith([rounds[i]], check)[0],
    accepts: (want, actual, i) => { const own = shared[fresh.shared[i]!]; return sameGraded(actual, want) || (own?.ok === true && sameGraded(actual, own.value)); }, stopped,
  };
  const alone = outcomes.slice(0, rounds.length);
  const checks = [verdict(stateless, "task2", rounds, alone, roundsJudged, seed, "answered differently when sent alone to a fresh module instance", " (alone, in a fresh module instance)")];
  // Its failing rounds' kinds, for the families that read through it (path-free.ts): a memo of the
  // rounds explains a retry asked again, not a version let through (cheats-2026-12-06f cancel-memo-lazy).
  paths?.push(kindPath(stateless.name, rounds, alone, (i) => roundsJudged.expected(i)?.value, (i, o) => o?.ok === true && roundsJudged.accepts(roundsJudged.expected(i)!.value, o.value, i)));
  if (generated.length) {
    // Back in the generated inputs' order (the fresh run sent every server/discover last).
    const alone: (Outcome | undefined)[] = [];
    fresh.order.forEach((g, k) => { alone[g] = outcomes[rounds.length + k]; });
    // Only the messages the fresh run sent (plan.ts freshSample) are judged here.
    const sent = new Set(fresh.order);
    const model = answersOf([...MESSAGES, ...generated]).slice(MESSAGES.length);
    checks.push(verdict(independent, "task2", generated, alone, {
      // Judged only where the rules give one answer either way (a cancelled order reads differently
      // later) and the code gave the rules' answer at least one way: an answer wrong both ways is
      // another check's (a version let through shows an earlier call's cancel, not a session).
      expected: (i) => {
        const s = shared[MESSAGES.length + i];
        if (!sent.has(i)) return undefined;
        if (!s?.ok || !sameJson(model[i], newServer()(generated[i]))) return undefined;
        const rules = (o: Outcome | undefined): boolean => o?.ok === true && acceptsPart("content")(expectedPart(model[i], "content")!.value, o.value);
        return rules(s) || rules(alone[i]) ? { value: s.value } : undefined;
      },
      accepts: sameGraded, stopped,
    }, seed, "were answered differently in a fresh module instance than after the earlier calls (expected: your own answer after them)", " (alone, in a fresh module instance)"));
    // The answers that depend on the orders' state (A101's status before and after its cancel)
    // are judged in the shared run after the page's session has cancelled A101, so no other
    // check reads A101 as the page's data has it: alone, in a fresh instance, they are judged here.
    const freshAnswer = (i: number): unknown => { if (!sent.has(i)) return undefined; const answer = newServer()(generated[i]); return sameJson(model[i], answer) ? undefined : answer; };
    const data: Judged = { expected: (i) => { const answer = freshAnswer(i); return answer === undefined ? undefined : expectedPart(answer, "content"); }, accepts: acceptsPart("content"), stopped };
    checks.push(verdict(DATA_ALONE, "task2", generated, alone, data, seed, "were answered differently from the page's data when sent alone to a fresh module instance", " (alone, in a fresh module instance)"));
    // Its failing calls' kinds, for the families that read through it (path-free.ts).
    paths?.push(kindPath(DATA_ALONE.name, generated, alone, freshAnswer, (i, o) => o?.ok === true && data.accepts(data.expected(i)!.value, o.value, i)));
  }
  return checks;
}

/**
 * Whether handle answered the oracle's probes as it answered them where it is judged: the same
 * messages of its generated run (plan.ts, PROBE_CHECKS), or else page requests under other ids as
 * the same requests in its fixture run, or, without that run, as the rules do. A handle that tells
 * the oracle's run apart and answers it otherwise cannot be what serve is judged against.
 */
function probesAgree(plan: StatelessPlan, reply: SandboxReply): boolean {
  const oracle = plan.oracle!;
  const calls = readRun(taskOf("task2"), reply.runs[oracle.run], true);
  const fixture = plan.own.task2 ? readRun(taskOf("task2"), reply.runs[plan.own.task2.fixture], true) : undefined;
  const judged = plan.own.task2?.generated !== undefined ? readRun(taskOf("task2"), reply.runs[plan.own.task2.generated], true) : undefined;
  const model = answersOf(MESSAGES);
  return oracle.probes.every(({ at, fixture: id, shared }) => {
    const got = calls?.[at];
    // A message of handle's own generated run: the same answer there, whatever the rules say.
    if (shared !== undefined) { const own = judged?.[shared]; return got?.ok === true && own?.ok === true && sameJson(got.value, own.value); }
    const i = messageIndex(id!);
    const own = fixture?.[i];
    const want = own?.ok ? own.value : model[i];
    return got?.ok === true && sameJson(contentOf(got.value), contentOf(want));
  });
}

/** What a probe's answer must share with the fixture's: what the checks compare of it (behaviour/compare.ts), its id aside. */
const contentOf = (answer: unknown): unknown => { const part = comparedPart(answer, "content"); return isObject(part) ? { ...part, id: null } : part; };

const expectations = new WeakMap<SandboxReply, (unknown | undefined)[]>();
/** serve's expected answers for the fixture LINES then each generated list (the plan's), made once per reply. */
function serveExpected(plan: StatelessPlan, reply: SandboxReply): (unknown | undefined)[] {
  let out = expectations.get(reply);
  if (!out) expectations.set(reply, (out = serveExpectations(plan, reply, [FIXTURE_INPUTS.task4[0] as unknown as unknown[], ...(plan.own.task4!.checks.flatMap((p) => p.inputs) as unknown[][])])));
  return out;
}

/** The oracle's run when serve is judged against the student's handle: serve loaded task2.ts, and handle answered the probes as in its fixture run. */
function standingOracle(plan: StatelessPlan, reply: SandboxReply): WireRun | undefined {
  const serveRun = plan.own.task4?.generated !== undefined ? reply.runs[plan.own.task4.generated] : undefined;
  const usesHandle = serveRun?.status === "ran" && (serveRun.modules ?? []).includes("task2.ts");
  const oracleRun = plan.oracle ? reply.runs[plan.oracle.run] : undefined;
  return usesHandle && oracleRun?.status === "ran" && !oracleRun.stopped && probesAgree(plan, reply) ? oracleRun : undefined;
}

/** Per list of serve's lines (LINES, then each generated list), how many of its messages the student's handle answered with undefined. */
function undefinedAnswers(plan: StatelessPlan, reply: SandboxReply): number[] {
  const run = standingOracle(plan, reply);
  if (run?.status !== "ran" || !plan.oracle) return [];
  const calls = picked(run.calls, plan.oracle.picks) ?? [];
  let at = 0;
  return plan.oracle.sizes.map((size) => calls.slice(at, (at += size)).filter((c) => c.ok && decodeValue(c.value).ok && (decodeValue(c.value) as { value: unknown }).value === undefined).length);
}

/** Reads serve's call for list i, its undefined items dropped where its handle answered undefined (outcomes.ts, readServeCall). */
const serveReader = (holes: readonly number[]): CallReader => (task, call, i) => readServeCall(task, call, holes[i] ?? 0);

/** serve's expected answers for the fixture LINES then each generated list: the student's handle replayed, or the model's. */
function serveExpectations(plan: StatelessPlan, reply: SandboxReply, lists: unknown[][]): (unknown | undefined)[] {
  const oracleRun = standingOracle(plan, reply);
  if (oracleRun && plan.oracle) {
    const answers = picked(readRun(taskOf("task2"), oracleRun, true), plan.oracle.picks) ?? [];
    let at = 0;
    return plan.oracle.sizes.map((size, g) => {
      const mine = answers.slice(at, (at += size));
      if (mine.length !== size || !mine.every((a) => a.ok)) return undefined;
      let next = 0;
      return serveWith(lists[g] as string[], () => (mine[next++] as { value: unknown }).value);
    });
  }
  const model = newServer();
  return lists.map((lines) => serveWith(lines as string[], model));
}

/** handle's rules on its generated inputs (index i), given the model's answers to the fixtures then those inputs. */
function handleRules(answers: readonly ({ value: unknown } | undefined)[], offset: number) {
  const expectedAt = (i: number, check: PlannedCheck["check"]) => {
    const answer = answers[offset + i];
    const expected = answer && expectedPart(answer.value, check.compare ?? "content");
    return expected && check.part ? { value: check.part(expected.value) } : expected;
  };
  const accepts = (check: PlannedCheck["check"]) => (check.part ? readsTheSame(check) : acceptsPart(check.compare ?? "content"));
  /** Whether answer o to generated input i is what check p's rule gives (true where the rule gives none). */
  const judges = (p: PlannedCheck, i: number, o: Outcome | undefined): boolean => {
    const want = expectedAt(i, p.check);
    return !want || (o?.ok === true && accepts(p.check)(want.value, o.value));
  };
  return { expectedAt, accepts, judges };
}

/** Whether handle's answer to generated input i is check p's rule's, with the checkArgs the judge uses (the count probe's judge: counted-calls.ts). */
export function handleJudge(plan: StatelessPlan, reply: SandboxReply): (p: PlannedCheck, i: number, o: Outcome | undefined) => boolean {
  const runs = plan.own.task2!;
  return handleRules(sharedAnswers(runs.checks.flatMap((p) => p.inputs), runs.checks, argsChecker(plan, reply)), MESSAGES.length).judges;
}

/**
 * Whether handle's answer to the last of `calls` (a count probe's instance, in order: counted-calls.ts)
 * is check p's rule's, by the model's answers to those same calls: the orders as those calls left
 * them (the probe leaves out the shared run's tools/call, a cancel among them).
 */
export function probeJudge(plan: StatelessPlan, reply: SandboxReply): (p: PlannedCheck, calls: readonly unknown[], o: Outcome | undefined) => boolean {
  const check = argsChecker(plan, reply);
  return (p, calls, o) => handleRules(answersWith([...calls], check), calls.length - 1).judges(p, 0, o);
}

/** Whether serve's call on generated list i breaks check p's rule, as the judge reads it (the count probe's: counted-serve.ts). */
export function serveFails(plan: StatelessPlan, reply: SandboxReply): (p: PlannedCheck, i: number, call: WireCall) => boolean {
  const expected = serveExpected(plan, reply);
  const holes = undefinedAnswers(plan, reply);
  const offset = FIXTURE_INPUTS.task4.length;
  return (p, i, call) => {
    const want = expected[offset + i];
    const o = readServeCall(taskOf("task4"), call, holes[offset + i] ?? 0);
    return want !== undefined && !(o.ok && serveComparison(p.check)(want, o.value));
  };
}

/** What the recount found (recount.ts): serve's failures that are a fixture line's mistake, handle's rules and serve's checks broken by a count of calls. */
export interface Recounted {
  sameMistake?: SameMistake; counted?: ReadonlySet<string>; countedServe?: ReadonlySet<string>;
  /** handle's answer to each page message alone, when its state check failed beside a line (page-lines.ts). */
  pageAlone?: readonly (Outcome | undefined)[];
  /** handle's rules whose failures its state explains, by their failing inputs alone (families-alone.ts). */
  byState?: ReadonlySet<string>;
  /** Those that fail alone too: a mistake of their own, which no more says the state is a count of calls than it is read through it. */
  ownAlone?: ReadonlySet<string>;
}

/** A failure of serve's on a generated list that is a fixture line's mistake seen again (trimmed-lines.ts). */
export type SameMistake = (input: unknown, failure: TaskFailure) => boolean;

function extraChecks(id: OwnTask, plan: StatelessPlan, reply: SandboxReply, input: PlanInput, fixtureRan: boolean, lines: readonly CheckResult[], checker: ArgsChecker, { sameMistake, counted, byState }: Recounted = {}): CheckResult[] {
  const runs = plan.own[id]!;
  const task = taskOf(id);
  const generatedRun = runs.generated !== undefined ? reply.runs[runs.generated] : undefined;
  const calls = picked(readRun(task, generatedRun, id === "task2", id === "task4" ? serveReader(undefinedAnswers(plan, reply)) : undefined), runs.picks);
  const generated = runs.checks.flatMap((p) => p.inputs);
  const checks: CheckResult[] = [];
  const offset = id === "task1" ? 0 : FIXTURE_INPUTS[id].length;
  // handle's line rules that fail by state alone, charged once statelessChecks judged the state.
  let lineRulesState: ((all: CheckResult[]) => CheckResult[]) | undefined;
  // Which failed families no failing input of which reads the orders (data-free.ts).
  let dataFree: ((all: CheckResult[]) => CheckResult[]) | undefined;
  // The checks judged apart from the plan that families read through, with their failing calls' kinds.
  const judgedPaths: KindPath[] = [];
  // handle's judges (its lines, behaviour, the stateless checks, the schema's errorDue) read one
  // checker (judgeOwn's) and, when made, one set of the model's answers.
  let model: ({ value: unknown } | undefined)[] | undefined;
  const modelAnswers = (): ({ value: unknown } | undefined)[] => (model ??= sharedAnswers(generated, runs.checks, checker));
  if (input.behaviour) {
    if (!calls && fixtureRan) { const why = noAnswers(generatedRun, `${task.file}, loaded in a fresh module for the generated inputs,`); checks.push(...placeholders(runs.checks, "behaviour", why.message, why.status)); }
    else if (!calls) checks.push(...placeholders(runs.checks, "behaviour", NOT_RUN));
    else if (id === "task1") {
      // A check with a part (t1_same_valid's) compares only what its line reads of each answer.
      const expectedAt = (i: number, check?: PlannedCheck["check"]) => {
        const [s, a] = generated[i] as [unknown, unknown];
        const value = checkArgs(s, a);
        return { value: check?.part ? check.part(value) : value };
      };
      const accepts = (check: PlannedCheck["check"]) => (check.part ? (want: unknown, actual: unknown) => sameJson(check.part!(actual), want) : sameJson);
      const excused = excusedArgsFailures(readRun(task, reply.runs[runs.fixture]));
      const alike = chargeArgsRulesAlike(lines, judgeChecks(runs.checks, calls, expectedAt, accepts, input.seed, excused), runs.checks, calls, expectedAt, input.seed, excused);
      // A family still wrong with a line's value slip written right is not read through it (line-slips.ts).
      checks.push(...markLineValueSlips(alike, lines, TASK1_FAMILIES, failingAnswersOf(runs.checks, calls,
        (p, k, o) => !(o?.ok && accepts(p.check)(expectedAt(p.offset + k, p.check).value, o.value)))));
      checks.push(argsUnchanged(generatedRun, plan.runs[runs.generated!]!.inputs, input.seed));
    }
    else if (id === "task2") {
      const { expectedAt, accepts, judges } = handleRules(modelAnswers(), offset);
      // A fixture message's failed call seen again (its branch: message-case.ts) is charged by its lines, not by a rule.
      const excused = failedAsCase(FIXTURE_INPUTS.task2, failedInBoth(calls.slice(0, offset), readRun(task, reply.runs[runs.fixture])), sameMessageCase);
      const shared = calls.slice(offset);
      // A rule whose inputs hold other rules' cases (BehaviourCheck.reachedBy): its failure may be theirs.
      const judged = chargeReached(judgeChecks(runs.checks, shared, expectedAt, accepts, input.seed, excused), runs.checks.flatMap((p) => (p.check.reachedBy
        ? [{ name: p.check.id, reachedBy: p.check.reachedBy, inputs: p.inputs, failing: p.inputs.flatMap((_, k) => (judges(p, p.offset + k, shared[p.offset + k]) ? [] : [k])) }] : [])));
      const loadsTask1 = generatedRun?.status === "ran" && (generatedRun.modules ?? []).includes("task1.ts");
      // A value written otherwise in handle's own messages first (an unknown name's too), then task 1's repr.
      const names = judged.find((c) => c.name === "t2_unknown_names");
      const written = names?.status === "fail" && names.chargedTo === undefined
        ? chargeReprReadThrough(runs.checks, judged, calls.slice(offset), expectedAt, accepts, input.seed, names.name, ["t2_version_check"]) : judged;
      const reprs = loadsTask1 ? chargeReprReadThrough(runs.checks, written, calls.slice(offset), expectedAt, accepts, input.seed) : written;
      const messages = chargeFixtureSlips(lines, calls.slice(0, offset), runs.checks, reprs, calls.slice(offset), expectedAt, accepts, input.seed);
      checks.push(...chargeIsErrorThrough(lines, runs.checks, messages, calls.slice(offset), expectedAt, input.seed));
      const failingAt = (p: PlannedCheck): number[] => p.inputs.flatMap((_, k) => (judges(p, p.offset + k, shared[p.offset + k]) ? [] : [k]));
      const failingAnswers = failingAnswersOf(runs.checks, shared, (p, k, o) => !judges(p, p.offset + k, o));
      dataFree = (all) => markPathFree(markLineValueSlips(markDataFree(all, runs.checks, failingAt), lines, TASK2_FAMILIES, failingAnswers), lines, runs.checks, failingAt, calls.slice(0, offset), shared, judgedPaths);
      lineRulesState = (all) => {
        // The fresh run's answers are read again only when state was found (most gradings: not).
        if (!all.some((c) => c.name === STATE_CHECK && c.status === "fail" && c.chargedTo === undefined)) return all;
        const alone = aloneAnswers(plan, reply);
        if (!alone) return all;
        const failing = (p: PlannedCheck): number[] => p.inputs.flatMap((_, k) => (judges(p, p.offset + k, shared[p.offset + k]) ? [] : [p.offset + k]));
        return chargeLineRulesToState(all, runs.checks, LINE_RULE_IDS, failing, (i) => alone[i], (p, i, o) => judges(p, i, o));
      };
    } else {
      const expected = serveExpected(plan, reply);
      // A fixture line's failed call seen again (its branch: a blank line, one that is not JSON...) is charged by its lines, not by a rule.
      const asLine = excusedLines(task, runs.perLine !== undefined ? reply.runs[runs.perLine] : undefined, reply.runs[runs.fixture]);
      const excused: SameMistake = sameMistake ? (list, failure) => asLine(list, failure) || sameMistake(list, failure) : asLine;
      const expectedAt = (i: number): { value: unknown } | undefined => (expected[offset + i] === undefined ? undefined : { value: expected[offset + i] });
      const shared = calls.slice(offset);
      const fails = (p: PlannedCheck, k: number, o: Outcome | undefined): boolean => {
        const want = expectedAt(p.offset + k);
        return want !== undefined && !(o?.ok && serveComparison(p.check)(want.value, o.value));
      };
      const failingOn = (outcomes: readonly (Outcome | undefined)[]) => (p: PlannedCheck): number[] => p.inputs.flatMap((_, k) => (fails(p, k, outcomes[p.offset + k]) ? [k] : []));
      // A rule whose lists hold another rule's case (a line met twice: BehaviourCheck.reachedBy): its failure may be that one's.
      const reached = (list: CheckResult[], outcomes: readonly (Outcome | undefined)[]): CheckResult[] => chargeReached(list, runs.checks.flatMap((p) => (p.check.reachedBy
        ? [{ name: p.check.id, reachedBy: p.check.reachedBy, inputs: p.inputs, failing: failingOn(outcomes)(p) }] : [])));
      const judge = (planned: PlannedCheck[], outcomes: readonly (Outcome | undefined)[]) => judgeChecks(planned, outcomes, expectedAt, serveComparison, input.seed, excused);
      const judged = reached(judge([...runs.checks], shared), shared);
      const rule = runs.checks.find((p) => p.check.id === FRESH_LISTS_RULE);
      // A family still wrong with a line's value slip written right is not read through it (line-slips.ts).
      const slipsMarked = (list: CheckResult[], outcomes: readonly (Outcome | undefined)[]): CheckResult[] => markLineValueSlips(list, lines, TASK4_FAMILIES, failingAnswersOf(runs.checks, outcomes, fails));
      const parseLine = lines.find((c) => c.name === "t4_parse_error_line" && c.status === "fail")?.actual ?? undefined;
      // One slip in how serve writes, shown by a line and again by every list (serve-slips.ts).
      const serveSlips = (list: CheckResult[], outcomes: readonly (Outcome | undefined)[]): CheckResult[] =>
        [BLANK_LINES_LOGGED(LINES), NULL_WRITTEN, PARSE_ERROR_ID].reduce((all, slip) => chargeServeSlip(all, runs.checks, outcomes, fails, lines, slip), list);
      if (runs.fresh === undefined || !rule) checks.push(...serveSlips(slipsMarked(chargeSkippedAsBlank(judged, runs.checks, shared, failingOn(shared), parseLine), shared), shared));
      else {
        // The fresh run's lists are freshServeChecks' in order: each one's holes are that list's in serve's order.
        const holes = undefinedAnswers(plan, reply);
        const freshPlanned = freshServeChecks(runs.checks);
        const at = freshPlanned.flatMap((p) => p.inputs.map((_, k) => p.offset + k));
        const fresh = readRun(task, reply.runs[runs.fresh], false, (t, c, k) => readServeCall(t, c, holes[offset + at[k]!] ?? 0));
        const holds = (outcomes: readonly (Outcome | undefined)[]): boolean =>
          judgeChecks([{ ...rule, offset: 0 }], outcomes, (k) => expectedAt(rule.offset + k), serveComparison, input.seed, excused)[0]!.status === "pass";
        const withState = freshServe(rule, reply.runs[runs.fresh], fresh?.slice(0, rule.inputs.length), shared, judged, holds, excused);
        const alone = new Map(fresh ? at.map((g, k) => [g, fresh[k]] as const) : []);
        const kinds = freshPlanned.filter((p) => p !== rule);
        const byKind = judgeKindsAlone(withState, kinds, shared, alone, judge, counted);
        checks.push(...serveSlips(slipsMarked(chargeSkippedAsBlank(reached(byKind.checks, byKind.outcomes), runs.checks, byKind.outcomes, failingOn(byKind.outcomes), parseLine), byKind.outcomes), byKind.outcomes));
      }
    }
  }
  if (id === "task2") {
    const fixture = readRun(task, reply.runs[runs.fixture], true);
    checks.push(...statelessChecks(plan, reply, calls ?? (fixtureRan ? fixture : undefined), input.behaviour ? generated : [], input.seed, checker, judgedPaths));
    if (lineRulesState) checks.splice(0, checks.length, ...lineRulesState(checks));
    if (dataFree) checks.splice(0, checks.length, ...dataFree(checks));
    checks.splice(0, checks.length, ...chargeUnanswered(checks));
    if (plan.effects !== undefined) checks.splice(0, checks.length, ...chargeNotificationEffects(checks, readRun(task, reply.runs[plan.effects], true), input.seed));
    // A rule that failed after as many calls in a fresh instance as came before (counted-calls.ts)
    // was broken by their number, not by state: its own mistake, not read through the state's check.
    if (byState) checks.splice(0, checks.length, ...chargeRulesToState(checks, byState));
    if (counted) checks.splice(0, checks.length, ...checks.map((c) => (counted.has(c.name) && c.status === "fail" && c.chargedTo === undefined ? { ...c, notThrough: [...(c.notThrough ?? []), STATE_CHECK] } : c)));
    if (input.schema) {
      const inputs = runs.inputs ?? MESSAGES;
      const outcomes = calls ?? (fixtureRan ? fixture : undefined);
      // The model's answer to each input (the fixtures', then the generated ones'): where an error
      // is due, a result is the behaviour checks' mistake, and its shape is not the schema's too.
      const due = input.behaviour ? modelAnswers().map((a) => a?.value) : answersOf(MESSAGES);
      const errorDue = (i: number): boolean => { const a = due[i]; return isObject(a) && Object.hasOwn(a, "error"); };
      const exchanges = outcomes ? outcomes.map((outcome, i) => ({ input: inputs[i], outcome, errorDue: errorDue(i) })) : [];
      checks.push(...schemaChecks(exchanges).map((c) => (outcomes ? c : { ...c, status: "skip" as const, message: NOT_RUN })));
    }
  }
  const stopped = generatedRun?.status === "ran" ? generatedRun.stopped : undefined;
  if (!stopped) return checks;
  // A check judged on inputs answered before the stop keeps its verdict (the evidence lines' own
  // rules run first); every other fails with the reason, or is an error when the stop was the
  // grader's (src/pack/verdict.ts). Code that stalls on every input it does not know passes nothing.
  const status = unjudgedStatus(stopped);
  const judged = (c: CheckResult): boolean => c.status === "pass" || (status === "fail" && c.status === "fail" && !c.actual?.startsWith("(not called"));
  return checks.map((c) => (judged(c) ? c : { ...c, status, message: `The run on the generated inputs stopped, so this rule could not be judged on all of its inputs: ${stopped.message}` }));
}

/** What the other tasks this task's fixture run loaded printed in their own fixture runs. */
function loadedOutput(plan: StatelessPlan, reply: SandboxReply, run: WireRun | undefined, id: OwnTask): LoadedOutput {
  const out: LoadedOutput = { stdout: {}, stderr: {} };
  if (run?.status !== "ran") return out;
  for (const other of ["task1", "task2", "task4"] as const) {
    const file = taskOf(other).file;
    const theirs = plan.own[other] ? reply.runs[plan.own[other]!.fixture] : undefined;
    if (other === id || !(run.modules ?? []).includes(file) || !theirs || theirs.status === "skipped") continue;
    out.stdout[file] = theirs.stdout;
    out.stderr[file] = theirs.stderr;
  }
  return out;
}

/** The lines that read every answer of their task's fixtures: a count, an envelope field of every result. */
const EVERY_ANSWER = {
  task1: ["t1_valid_count"],
  task2: ["t2_responses", "t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints"],
};

function judgeOwn(id: OwnTask, plan: StatelessPlan, reply: SandboxReply, input: PlanInput, recounted?: Recounted): TaskJudgement {
  const task = taskOf(id);
  const runs = plan.own[id];
  if (!runs) {
    const failure: TaskFailure = { reason: "missing-file", message: `${task.file} is not in the submission.` };
    return { checks: evidenceChecks(id, { failure }, task.exportName).checks, evidence: {}, failure };
  }
  const run = reply.runs[runs.fixture];
  const inputs = FIXTURE_INPUTS[id] as readonly unknown[];
  const perLine = runs.perLine !== undefined ? reply.runs[runs.perLine] : undefined;
  const read = fixtureValues(task, run, id === "task2", (i) => describeInput(task.exportName, inputs[i]), id === "task4" ? serveReader(undefinedAnswers(plan, reply)) : undefined);
  // serve's one call failed at one or two of its lines: read line by line (serve-lines.ts).
  const alone = id === "task4" && "failure" in read && run?.status === "ran" && !run.stopped ? servedAlone(task, perLine) : undefined;
  const outcome = alone ? { values: [alone] } : read;
  const lines = evidenceChecks(id, outcome, task.exportName);
  const { evidence } = lines;
  const checker = id === "task2" ? argsChecker(plan, reply) : checkArgs;
  // serve's lines read handle's answers: where they are what serve's rules give with the student's
  // handle (the oracle's answers, judged against in the plan), handle's mistake is task 2's (judgeAll).
  const served = id === "task4" && !alone && plan.oracle && plan.own.task4?.generated !== undefined && "values" in outcome ? chargeServeLinesToHandle(lines.checks, serveExpected(plan, reply)[0], outcome.values[0]) : lines.checks;
  // One slip shown by several of the page's lines is charged by the first (line-slips.ts).
  const checks = chargeRepeatedSlips(checker === checkArgs ? served : chargeLinesToTask1(served, checker));
  checks.push(...outputChecks(task, run, !("failure" in outcome), loadedOutput(plan, reply, run, id)));
  const judgement: TaskJudgement = { checks, evidence };
  if ("failure" in outcome) judgement.failure = outcome.failure;
  if (run && run.status !== "skipped" && run.stderr) judgement.stderr = run.stderr;
  judgement.extra = extraChecks(id, plan, reply, input, !("failure" in outcome), checks, checker, recounted);
  if ("values" in outcome && id !== "task4") chargeFailedCalls(judgement, outcome.values, EVERY_ANSWER[id]);
  if (alone) {
    chargeLinesAlone(judgement, alone.answers, EVERY_LINE, (key) => rightOverOtherLines(task, key, alone, perLine, input.seed), { sameKind });
  }
  if ("values" in outcome && id === "task1") judgement.checks = chargeArgsParts(judgement.checks, judgement.extra, outcome.values);
  return judgement;
}

// The judgement is a function of the options, which files there are (they fix the plan) and the
// replies alone: a class's identical replies (most of a class's correct answers are) are judged
// once. Keyed by a hash of what the judging reads (not the runs' durations), bounded.
const judged = new Map<string, Record<string, TaskJudgement>>();
const JUDGED_ENTRIES = 256;
const FILES = ["task1.ts", "task2.ts", "task3.ts", "task4.ts"];

export function judge(plan: StatelessPlan, reply: SandboxReply, input: PlanInput): Record<string, TaskJudgement> {
  const hash = createHash("sha256").update(JSON.stringify([input.tasks, input.behaviour, input.schema, input.seed, FILES.map((f) => input.has(f))]));
  hash.update(JSON.stringify(reply.runs, (key, value: unknown) => (key === "durationMs" ? undefined : value)));
  const key = hash.digest("hex");
  let out = judged.get(key);
  if (!out) {
    out = judgeAll(plan, reply, input);
    if (judged.size >= JUDGED_ENTRIES) judged.delete(judged.keys().next().value!);
    judged.set(key, out);
  }
  return out;
}

/** The judgement with what the recount found (recount.ts); not kept. */
export const judgeWith = (plan: StatelessPlan, reply: SandboxReply, input: PlanInput, recounted: Recounted): Record<string, TaskJudgement> => judgeAll(plan, reply, input, recounted);

function judgeAll(plan: StatelessPlan, reply: SandboxReply, input: PlanInput, recounted: Recounted = {}): Record<string, TaskJudgement> {
  const out: Record<string, TaskJudgement> = {};
  for (const id of input.tasks) {
    if (id === "task3") out[id] = judgeClient(plan.client, reply, input);
    else if (id === "task1" || id === "task2" || id === "task4") out[id] = judgeOwn(id, plan, reply, input, id === "task4" ? { sameMistake: recounted.sameMistake, counted: recounted.countedServe } : id === "task2" ? { counted: recounted.counted, byState: recounted.byState } : undefined);
  }
  const handle = out["task2"];
  const task1 = [...(out["task1"]?.checks ?? []), ...(out["task1"]?.extra ?? [])];
  if (handle?.extra) handle.extra = resolveCharges(handle.extra, "task1", task1, (target) => `Up to the version's repr, handle answers by its rules: the repr is task 1's pyRepr, whose mistake ${target} charges; it costs task 2 nothing more.`);
  if (handle) handle.checks = resolveCharges(handle.checks, "task1", task1, (target) => `It is what the rules give with the checkArgs handle calls: the problems are task 1's checkArgs', whose mistake ${target} charges; it costs task 2 nothing more.`);
  // A rule that fails alone too is its own mistake, not a count of calls the lines would read through.
  const counted = recounted.counted && recounted.ownAlone ? new Set([...recounted.counted].filter((name) => !recounted.ownAlone!.has(name))) : recounted.counted;
  if (handle && recounted.pageAlone) chargePageLines(handle, recounted.pageAlone, counted?.size ? counted : undefined);
  const serve = out["task4"];
  if (serve) {
    serve.checks = resolveCharges(serve.checks, "task2", [...(handle?.checks ?? []), ...(handle?.extra ?? [])], (target) => `It is what serve's rules give with the answers of the handle it calls: handle's mistake, which ${target} charges; it costs task 4 nothing more.`);
  }
  return out;
}
