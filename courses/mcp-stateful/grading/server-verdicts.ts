// Task 2's behaviour verdicts: each check judges, in every one-server session, the steps its rules
// decide, against the model (either reading of an early initialized, one per session); the
// shortest failing session up to its first wrong answer is shown as code to paste, or a smaller
// one the follow-up request found (grading/shrink-runs.ts). t2_isolation compares each of two
// servers side by side with itself alone.
import { crashKinds } from "../../../src/pack/crash-kinds.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply, WireRun } from "../../../src/sandbox/protocol.js";
import { compareStep, judgedPart, same, shown } from "../behaviour/compare.js";
import { VARIANTS } from "../behaviour/model.js";
import { SERVER_CHECKS, type ServerCheck } from "../behaviour/server-checks.js";
import { modelSession, sessionCode, type Outcome, type Session, type Step, type StepRule } from "../behaviour/session.js";
import { TRACE_CONFIG } from "../course/fixtures.js";
import { UNSUPPORTED_VERSIONS } from "../behaviour/generate.js";
import { falsyIdCause, falsyIdRule, looksReused, refusesFalsyIds } from "./falsy-ids.js";
import { chargeGateSlips, chargeNullIdGate } from "./gate-slips.js";
import { chargeStaleLists } from "./stale-lists.js";
import { answerKind, byStringId, stringIdCause, stringIdMistake } from "./string-ids.js";
import { closedCause, closedSteps, closingRules, refusalReasons, type RefusalReasons } from "./closed-by-error.js";
import { POISONED_CAUSE, poisonedSteps, RECLOSED_CAUSE, reclosedSteps, REFUSED_AS_LIVE_CAUSE, refusedAsLiveSteps, REGATED_CAUSE, regatedSteps } from "./regated.js";
import { MIXED_GATE_CAUSE, mixedGateSteps, ruleHabits, type RuleHabits } from "./mixed-gate.js";
import { TOOL_LOOKUP_CAUSE, toolLookupRule } from "./tool-lookup.js";
import { OPTIONAL_ARG_CAUSE, optionalArgRule } from "./optional-args.js";
import type { SessionsPlan } from "./plan.js";
import { rootCause, valueOf } from "./values.js";
import { verdict } from "./verdict.js";

/** The session's outcomes from its call; a call that failed gives none (the message says why). */
export function outcomesOf(run: WireRun | undefined, i: number): { outcomes?: Outcome[]; failed?: string } {
  if (run?.status !== "ran") return { failed: rootCause(run)?.message ?? "it did not run" };
  const call = run.calls[i];
  if (!call) return { failed: run.stopped?.message ?? "the run stopped before this session" };
  if (!call.ok) return { failed: call.failure.message };
  const v = valueOf(call);
  return Array.isArray(v) ? { outcomes: v as Outcome[] } : { failed: `the driver gave ${shown(v)}` };
}

/**
 * Session i's outcomes, from the run of its check's group (a step per call). `stalled`: a step of
 * this session never returned (stopped at its own work budget, or the run stopped there): the
 * outcomes of the steps before it, in `outcomes`, and the stop's `failed` message. A session the stopped run never reached has
 * `failed` and `unreached`.
 */
export function sessionOutcomes(p: SessionsPlan, reply: SandboxReply, i: number): { outcomes?: Outcome[]; failed?: string; stalled?: boolean; unreached?: boolean } {
  const group = p.groups.find((g) => i >= g.from && i < g.from + g.count);
  const run = group ? reply.runs[group.run] : undefined;
  if (!group || run?.status !== "ran") return { failed: rootCause(run)?.message ?? "it did not run" };
  const at = p.all.slice(group.from, i).reduce((n, s) => n + s.steps.length, 0);
  const outcomes: Outcome[] = [];
  for (let k = 0; k < p.all[i]!.steps.length; k++) {
    const call = run.calls[at + k];
    if (!call) {
      const failed = run.stopped?.message ?? "the run stopped before this session";
      return k === 0 && run.calls.length < at ? { failed, unreached: true } : { outcomes, failed, stalled: true };
    }
    // A step stopped at its own work budget (a loop that never ends): the session stalls there,
    // as a session the run stopped at; the run went on with the sessions after it.
    if (!call.ok) return call.failure.reason === "timeout" ? { outcomes, failed: call.failure.message, stalled: true } : { failed: call.failure.message };
    outcomes.push(valueOf(call) as Outcome);
  }
  return { outcomes };
}

/**
 * The model's answers to a session, in the reading of an early initialized notification that
 * the code's answers follow best (either is accepted; one reading per session).
 */
function modelFor(session: Session, got: readonly Outcome[], habits?: RuleHabits): { outcomes: Outcome[]; rules: StepRule[] } {
  let best: { outcomes: Outcome[]; rules: StepRule[]; wrong: number } | undefined;
  for (const variant of VARIANTS) {
    const m = modelSession(session, variant);
    // A step answered as the server answers its rule's steps everywhere (an unknown tool's wrong
    // code) says nothing of the reading: it is that rule's mistake in either.
    const habitual = (j: number): boolean => habits?.get(m.rules[j]!)?.has(answerKind(got[j]) ?? "") === true;
    const wrong = session.steps.filter((step, j) => got[j] === undefined || (compareStep(step, m.outcomes[j]!, got[j]!, "body") !== undefined && !habitual(j))).length;
    if (!best || wrong < best.wrong) best = { ...m, wrong };
  }
  return best!;
}

export type Failure = { steps: number; message: string; expected?: string; actual?: string };
const shownOutcome = (o: Outcome | undefined): string => (o === undefined ? "(nothing)" : "threw" in o ? `threw ${o.threw.message}` : shown(o.value));

type Model = ReturnType<typeof modelFor>;

/**
 * What the server does wrong by a request's id alone, read from all its sessions: it refuses ids 0
 * and "" (falsy-ids.ts, t2_notifications'), and the mistake it makes on string ids alone
 * (string-ids.ts, t2_envelope's); and, beside them, how it answers each rule's steps wrongly where
 * the gate plays no part (mixed-gate.ts ruleHabits); and the error rules after whose answers it
 * closes its session (closed-by-error.ts closingRules).
 */
export interface IdMistakes { falsy: boolean; strings: string | undefined; habits?: RuleHabits; closers?: ReadonlySet<StepRule>; refusals?: RefusalReasons }
export const NO_ID_MISTAKES: IdMistakes = { falsy: false, strings: undefined };

/** A step's reading apart from the rules a check judges: its rule, and what it is wrong by. */
interface StepReading { j: number; rule: StepRule; byId: boolean; cause: string }

/**
 * Each step's reading of a session, once for all the checks that judge it: the windows (regated.ts,
 * mixed-gate.ts) read the whole session and do not depend on the check (with the answers' comparisons,
 * compare.ts, the stateful judge's largest cost: docs/speed.md).
 */
const readings = new WeakMap<Model, { got: readonly Outcome[]; ids: IdMistakes; stalled: string | undefined; steps: StepReading[] }>();
function stepReadings(session: Session, got: readonly Outcome[], ids: IdMistakes, stalled: string | undefined, model: Model): StepReading[] {
  const known = readings.get(model);
  if (known && known.got === got && known.ids === ids && known.stalled === stalled) return known.steps;
  const regated = regatedSteps(session, got, model);
  const asLive = refusedAsLiveSteps(session, got, model);
  const mixed = mixedGateSteps(session, got, model, ids.habits);
  const reclosed = reclosedSteps(session, got, model);
  const closed = closedSteps(session, got, model, ids.closers, ids.refusals);
  const poisoned = poisonedSteps(session, got, model);
  const steps: StepReading[] = [];
  for (let j = 0; j < session.steps.length; j++) {
    // A session that stalled: its steps are judged up to the one that never returned.
    if (stalled !== undefined && j > got.length) break;
    const step = session.steps[j]!;
    // Wrong by its string id alone: the envelope's step, whatever method it called.
    const byId = byStringId(step, got[j], model.outcomes[j], ids.strings);
    // Refused for its falsy id (falsy-ids.ts) before any window's reading: an initialize under ""
    // after an initialized the model did not take was t2_initialize_again's too (falsy-id-refused, seed 7).
    const falsy = falsyIdRule(step, model.rules[j]!, got[j], model.outcomes[j], ids.falsy, looksReused(session, j));
    const byFalsyId = falsy !== model.rules[j];
    const rule = byFalsyId ? falsy : poisoned?.steps.has(j) ? model.rules[poisoned.from]! : closed.has(j) ? closed.get(j)!.rule : reclosed.has(j) ? "gate" : regated.has(j) || asLive.has(j) ? "initializeAgain" : mixed.has(j) ? "gate" : optionalArgRule(toolLookupRule(falsy, got[j], step), got[j], session, j);
    const cause = byId ? stringIdCause(step) : byFalsyId ? falsyIdCause(step, got[j]) : poisoned?.steps.has(j) ? POISONED_CAUSE : closed.has(j) ? closedCause(closed.get(j)!) : reclosed.has(j) ? RECLOSED_CAUSE : regated.has(j) ? REGATED_CAUSE : asLive.has(j) ? REFUSED_AS_LIVE_CAUSE : mixed.has(j) ? MIXED_GATE_CAUSE : rule === "toolUnknown" && rule !== model.rules[j] ? TOOL_LOOKUP_CAUSE : rule === "toolMissingArg" && rule !== model.rules[j] ? OPTIONAL_ARG_CAUSE : rule !== model.rules[j] ? falsyIdCause(step, got[j]) : "";
    steps.push({ j, rule, byId, cause });
  }
  readings.set(model, { got, ids, stalled, steps });
  return steps;
}

/** Each step of a session the rules `judges` decide, in order, with why its answer is wrong (undefined: right). */
function* judgedSteps(session: Session, got: readonly Outcome[], judges: readonly StepRule[] | "envelope", ids: IdMistakes, stalled: string | undefined, model: Model): Generator<{ j: number; why: string | undefined; rule: StepRule }> {
  for (const { j, rule, byId, cause } of stepReadings(session, got, ids, stalled, model)) {
    if (got[j] === undefined && judges === "envelope") continue;
    if (judges !== "envelope" && (byId || !judges.includes(rule))) continue;
    const compared = (part: "envelope" | "body"): string | undefined => compareStep(session.steps[j]!, model.outcomes[j]!, got[j]!, part);
    const why = got[j] === undefined ? (stalled !== undefined ? `it never returned: ${stalled}` : "the session stopped before this step") : judges !== "envelope" ? compared("body") : compared("envelope") ?? (byId ? compared("body") : undefined);
    yield { j, why: why === undefined ? undefined : `${why}.${cause}`, rule };
  }
}

/** A session's steps against the model; `ids`: what the server does wrong by a request's id alone (IdMistakes), charged to its own check. */
export function judgeSteps(session: Session, got: readonly Outcome[], judges: readonly StepRule[] | "envelope", ids = NO_ID_MISTAKES, stalled?: string, model = modelFor(session, got, ids.habits)): Failure | undefined {
  for (const { j, why } of judgedSteps(session, got, judges, ids, stalled, model)) {
    if (why === undefined) continue;
    return {
      steps: j + 1,
      message: `The last call of this session is answered wrongly:\n${sessionCode(session, j + 1)}\n→ ${why}`,
      expected: shown((model.outcomes[j] as { value: unknown }).value),
      actual: shownOutcome(got[j]),
    };
  }
  return undefined;
}

/** A step of a kind no fixture shows: an initialize asking a version no server supports (generate.ts, 2099-01-01 or 2025-11-25). */
const ofNoFixturesKind = (step: Step): boolean => {
  const message = step.op === "handle" ? step.message : undefined;
  if (message === null || typeof message !== "object" || (message as Record<string, unknown>)["method"] !== "initialize") return false;
  const params = (message as Record<string, unknown>)["params"];
  return params !== null && typeof params === "object" && UNSUPPORTED_VERSIONS.includes((params as Record<string, unknown>)["protocolVersion"]);
};

/** Of a session's steps judged by `judges`: whether one went wrong beyond the fixtures' kinds, one went wrong otherwise, one of their kinds went right. */
function kindsOfFailure(session: Session, got: readonly Outcome[], judges: readonly StepRule[] | "envelope", ids: IdMistakes, stalled: string | undefined, model: Model): { beyond: boolean; within: boolean; rightWithin: boolean; otherOrder: boolean; serverInfoOnly: boolean } {
  const out = { beyond: false, within: false, rightWithin: false, otherOrder: true, serverInfoOnly: true };
  for (const { j, why } of judgedSteps(session, got, judges, ids, stalled, model)) {
    const beyond = ofNoFixturesKind(session.steps[j]!);
    if (why === undefined) { if (!beyond) out.rightWithin = true; } else if (beyond) out.beyond = true; else out.within = true;
    if (why !== undefined && !sameNamesInOtherOrder(got[j], model.outcomes[j])) out.otherOrder = false;
    if (why !== undefined && (got[j] === undefined || compareStep(session.steps[j]!, model.outcomes[j]!, withServerInfoOf(got[j]!, model.outcomes[j]), "body") !== undefined)) out.serverInfoOnly = false;
  }
  return out;
}

/**
 * An initialize answer with the model's serverInfo in place of its own: the part of initialize's
 * result no line reads (t2_init_version and t2_init_capabilities read the others), so a rule
 * broken there alone leaves those lines their points (serverinfo-client-info lost 2).
 */
function withServerInfoOf(got: Outcome, want: Outcome | undefined): Outcome {
  const result = (o: Outcome | undefined): Record<string, unknown> | undefined => {
    const value = o !== undefined && "value" in o ? (o.value as { result?: unknown } | null) : undefined;
    const r = value?.result;
    return r !== null && typeof r === "object" && !Array.isArray(r) ? (r as Record<string, unknown>) : undefined;
  };
  const mine = result(got), theirs = result(want);
  if (!mine || !theirs || !Object.hasOwn(theirs, "serverInfo") || !("value" in got)) return got;
  return { ...got, value: { ...(got.value as object), result: { ...mine, serverInfo: theirs["serverInfo"] } } } as Outcome;
}

/** The tool names of a tools/list answer, or undefined. */
const listNames = (o: Outcome | undefined): string[] | undefined => {
  const value = o !== undefined && "value" in o ? (o.value as { result?: { tools?: unknown } } | null) : undefined;
  const tools = value?.result?.tools;
  return Array.isArray(tools) ? tools.map((t) => String((t as { name?: unknown } | null)?.name)) : undefined;
};
/** Whether a tools/list answer lists the model's tools, each once, in another order. */
function sameNamesInOtherOrder(got: Outcome | undefined, want: Outcome | undefined): boolean {
  const a = listNames(got), b = listNames(want);
  return a !== undefined && b !== undefined && a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
}

/** Each server beside the other answers as it does alone (what no rule judges, an error's message say, left out: judgedPart). */
export function judgeAlone(session: Session, got: readonly Outcome[], alone: readonly (readonly Outcome[])[]): Failure | undefined {
  const seen = session.servers.map(() => 0);
  for (let j = 0; j < session.steps.length; j++) {
    const k = session.steps[j]!.on ?? 0;
    const own = alone[k]![seen[k]!++];
    if (same(judgedPart(own), judgedPart(got[j]))) continue;
    const name = (i: number): string => `server${i + 1}`;
    return {
      steps: j + 1,
      message: `${name(k)} answers this session's last call differently beside ${name(1 - k)} than alone: state leaks between instances (module variables, globalThis, the config object two servers were given).\n${sessionCode(session, j + 1)}`,
      expected: `${shownOutcome(own)} (what ${name(k)} answers alone)`,
      actual: shownOutcome(got[j]),
    };
  }
  return undefined;
}

/** A check's smallest failure; `session` (when a session's answers failed it, not a run that stopped): the session it was cut from. */
export interface Found {
  check: ServerCheck; smallest?: Failure & { session?: Session }; judged: number;
  /** Every failure beyond the fixtures' kinds, and one of their kinds judged right. */
  beyond?: true;
  /** Every failure a tools/list that lists the right tools in another order. */
  otherOrder?: true;
  /** Every failure a throw or a step that never returned (CheckResult.crashed). */
  crashed?: true;
  /** With `crashed`, where every failure was a throw: the kinds of step they threw on (src/pack/crash-kinds.ts). */
  crashedOn?: string[];
  /**
   * Every step it judged wrong, in every session (gate-slips.ts reads what explains them);
   * undefined when a failure was no answered step's (a step that never returned, a session that
   * stopped, two servers beside each other).
   */
  wrong?: WrongStep[];
}

/** A step a check judged wrong: its session, the code's answers, the step's index, the rule it was judged by and the model's answer there. */
export interface WrongStep { session: Session; got: readonly Outcome[]; j: number; rule: StepRule; want: Outcome }

interface Judged { found: Found[]; ids: IdMistakes }

// The judge, the follow-up's plan and its recheck read the same reply: judged once (a reply is never changed).
const judgedReplies = new WeakMap<SandboxReply, WeakMap<SessionsPlan, Judged>>();

function smallestFailures(p: SessionsPlan, reply: SandboxReply): Judged {
  let byPlan = judgedReplies.get(reply);
  if (!byPlan) judgedReplies.set(reply, byPlan = new WeakMap());
  let judged = byPlan.get(p);
  if (!judged) byPlan.set(p, judged = judgeSessions(p, reply));
  return judged;
}

function judgeSessions(p: SessionsPlan, reply: SandboxReply): Judged {
  const results = p.all.map((_, i) => sessionOutcomes(p, reply, i));
  const habits = ruleHabits(p.all.flatMap((session, i) => (results[i]!.outcomes ? [{ session, got: results[i]!.outcomes! }] : [])));
  // The model's answers once per session (every check judges every session against them).
  const models = p.all.map((session, i) => (results[i]!.outcomes ? modelFor(session, results[i]!.outcomes!, habits) : undefined));
  const answered = p.all.flatMap((session, i) => {
    const got = results[i]!.outcomes;
    return got && session.servers.length === 1 ? [{ session, got, want: models[i]!.outcomes }] : [];
  });
  const strings = stringIdMistake(answered);
  const modelled = p.all.flatMap((session, i) => (results[i]!.outcomes ? [{ session, got: results[i]!.outcomes!, model: models[i]! }] : []));
  const refusals = refusalReasons(modelled, strings);
  const ids: IdMistakes = { falsy: refusesFalsyIds(answered), strings, habits, closers: closingRules(modelled, refusals), refusals };
  const stopped = (i: number): Failure => ({ steps: p.all[i]!.steps.length, message: `This session:\n${sessionCode(p.all[i]!)}\nstopped: ${results[i]!.failed}` });
  const pageClient = (i: number): boolean => p.all[i]!.servers.every((config) => same(config, TRACE_CONFIG));
  const groupOf = (i: number): string | undefined => p.groups.find((g) => i >= g.from && i < g.from + g.count)?.name;
  // The rules each session's steps hold (as judged where it has answers; the page's reading where
  // it has none), up to the step that never returned, that one included: it is its rule's
  // failure. Without it, a server looping on a tool the allow-list refuses passed t2_tool_errors
  // wherever that call was the session's first step of the rule (test/loop-costs.test.ts).
  const rules = p.all.map((session, i) => {
    const r = results[i]!;
    const all = models[i]?.rules ?? modelSession(session, "page").rules;
    return r.stalled ? all.slice(0, r.outcomes!.length + 1) : all;
  });
  const found = SERVER_CHECKS.map((check): Found => {
    let smallest: Found["smallest"];
    let judged = 0;
    // Whether every failure was a throw or a step that never returned (CheckResult.crashed); the
    // steps that threw or never returned, while every failure is one (CheckResult.crashedOn: a run
    // that stopped before a session says no step), and every step answered.
    let crashed = true;
    let thrownOn: Step[] | undefined = [];
    const answered: Step[] = [];
    let wrong: WrongStep[] | undefined = [];
    const consider = (f: Failure | undefined, session?: Session, crash = true, steps?: WrongStep[], threw?: Step): void => {
      judged++;
      if (!f) return;
      crashed &&= crash;
      thrownOn = crash && threw && thrownOn ? [...thrownOn, threw] : undefined;
      wrong = steps && wrong ? [...wrong, ...steps] : undefined;
      if (!smallest || f.steps < smallest.steps) smallest = session ? { ...f, session } : f;
    };
    if (check.judges === "alone") {
      for (const { session, together, apart } of p.alone) {
        const got = outcomesOf(reply.runs[together], 0).outcomes;
        const alone = apart.map((r) => outcomesOf(reply.runs[r], 0).outcomes);
        if (!got || alone.some((a) => !a)) continue;
        consider(judgeAlone(p.all[session]!, got, alone as Outcome[][]), p.all[session], false);
      }
    } else {
      const judges = check.judges;
      const holds = (i: number): boolean => judges === "envelope" || rules[i]!.some((r) => judges.includes(r));
      let saw = false;
      let unseen: Failure | undefined;
      // The check's own sessions: when none of them reached a step of its rules (each stalled
      // before, or was never reached), steps of other checks' sessions (an addTool that returns
      // nothing) are no evidence that its rules hold.
      let sawOwn = false;
      let ownUnseen: Failure | undefined;
      // Whether a session of a client other than the page's reached a step of its rules; the first
      // of those sessions that stopped before one. Judged under the page's config alone, while
      // every other client's session stopped first, a check has judged nothing beyond the fixture
      // (gaming-round-2026-12-07r sf-cheat-stall-*-off-trace-config kept 3 and 5 of task 2's 8).
      let sawBeyondPage = false;
      let stoppedBeyondPage: Failure | undefined;
      // Whether a session's steps, all of them, hold a step of its rules: one that stopped before
      // them and would never have reached them says nothing of this check.
      const wouldHold = (i: number): boolean => judges !== "envelope" && (models[i]?.rules ?? modelSession(p.all[i]!, "page").rules).some((r) => judges.includes(r));
      // Whether every failure is beyond the fixtures' kinds (CheckResult.beyondLines), and one of their kinds went right.
      // (Not judged for the envelope: its failure is never a list's order or serverInfo alone.)
      const judgesKinds = judges !== "envelope";
      const kinds = { beyond: false, within: false, rightWithin: false, otherOrder: judgesKinds, serverInfoOnly: judgesKinds };
      p.all.forEach((session, i) => {
        // Two servers side by side are t2_isolation's; each alone is a session of its own here.
        if (session.servers.length > 1 && judges !== "envelope") return;
        const { outcomes: got, stalled, unreached } = results[i]!;
        if (got) {
          // A session that stalled before any step of this check's rules judged nothing of them:
          // as a session never reached, it fails the check only if no session judged its rules
          // (a server that never returns outside the trace passed every rule it was not asked).
          if (stalled && !holds(i)) {
            if (!stoppedBeyondPage && !pageClient(i) && wouldHold(i)) stoppedBeyondPage = stopped(i);
            if (!unseen && judges !== "envelope") unseen = stopped(i);
            if (!ownUnseen && groupOf(i) === check.name) ownUnseen = stopped(i);
            return;
          }
          saw ||= holds(i);
          sawBeyondPage ||= holds(i) && !pageClient(i);
          if (groupOf(i) === check.name && holds(i)) sawOwn = true;
          // A step that never returned (a loop that never ends spent the run's fuel) is the
          // failure of the check of its rule alone (cost 8 when every check charged the sessions
          // the stopped run never answered); no shrinking of it (every candidate would stall).
          const f = judgeSteps(session, got, judges, ids, stalled ? results[i]!.failed : undefined, models[i]);
          const at = f === undefined ? undefined : got[f.steps - 1];
          const steps = f && !stalled ? [...judgedSteps(session, got, judges, ids, undefined, models[i]!)].filter((s) => s.why !== undefined).map(({ j, rule }) => ({ session, got, j, rule, want: models[i]!.outcomes[j]! })) : undefined;
          answered.push(...session.steps.slice(0, got.length));
          // The step it threw on, or the one it never returned from: the kinds of input of a crash.
          const stalledStep = stalled && f?.steps === got.length + 1 ? session.steps[got.length] : undefined;
          consider(f, stalledStep ? undefined : session, at === undefined || "threw" in at, steps, at !== undefined && "threw" in at ? session.steps[f!.steps - 1] : stalledStep);
          if (judges !== "envelope") {
            const k = f ? kindsOfFailure(session, got, judges, ids, stalled ? results[i]!.failed : undefined, models[i]!) : undefined;
            if (k) { kinds.beyond ||= k.beyond; kinds.within ||= k.within; kinds.rightWithin ||= k.rightWithin; kinds.otherOrder &&= k.otherOrder; kinds.serverInfoOnly &&= k.serverInfoOnly; } else if (holds(i)) kinds.rightWithin = true;
          }
          return;
        }
        // A session the stopped run never reached, or one that failed as a whole (its servers
        // could not be made): its own check's failure, unless unreached; another check's only
        // when no session answered a step of its rules: a server that never returns outside the
        // trace keeps no check's point.
        if (judges === "envelope") return;
        kinds.within = true;
        kinds.otherOrder = false;
        kinds.serverInfoOnly = false;
        if (groupOf(i) === check.name && !unreached) consider(stopped(i));
        else if (!unseen && holds(i)) unseen = stopped(i);
        if (!ownUnseen && groupOf(i) === check.name) ownUnseen = stopped(i);
        if (!stoppedBeyondPage && holds(i) && !pageClient(i)) stoppedBeyondPage = stopped(i);
      });
      if (!saw && unseen) { kinds.within = true; kinds.otherOrder = false; kinds.serverInfoOnly = false; consider(unseen); }
      else if (!sawOwn && ownUnseen) { kinds.within = true; kinds.otherOrder = false; kinds.serverInfoOnly = false; consider(ownUnseen); }
      else if (!sawBeyondPage && stoppedBeyondPage && judges !== "envelope") { kinds.within = true; kinds.otherOrder = false; kinds.serverInfoOnly = false; consider(stoppedBeyondPage); }
      // The wrong steps go with these too: a refused initialize of the unknown version alone is
      // beyond the fixtures' kinds, and grading/init-refusals.ts reads them.
      const steps = wrong ? { wrong } : {};
      if (smallest && ((kinds.beyond && !kinds.within && kinds.rightWithin) || (smallest.session && kinds.serverInfoOnly))) return { check, smallest, judged, beyond: true, ...steps };
      if (smallest?.session && kinds.otherOrder) return { check, smallest, judged, otherOrder: true, ...steps };
    }
    const crash = smallest && crashed ? { crashed: true as const, ...(thrownOn ? { crashedOn: crashKinds(thrownOn, answered.filter((step) => !thrownOn!.includes(step))) } : {}) } : {};
    return { check, ...(smallest ? { smallest, ...(wrong ? { wrong } : {}) } : {}), judged, ...crash };
  });
  return { found, ids };
}

/** Each failing check's counterexample, a session cut after its first wrong answer (grading/shrink-runs.ts makes it smaller). */
export function counterexamples(p: SessionsPlan, reply: SandboxReply): { check: ServerCheck; session: Session; failure: Failure; ids: IdMistakes }[] {
  const { found, ids } = smallestFailures(p, reply);
  return found.flatMap(({ check, smallest }) => {
    if (!smallest?.session) return [];
    const { session, ...failure } = smallest;
    return [{ check, session: { servers: session.servers, steps: session.steps.slice(0, failure.steps) }, failure, ids }];
  });
}

/** The checks every failure of which is a tools/list listing the right tools in another order. */
export function listedInOtherOrder(p: SessionsPlan, reply: SandboxReply): string[] {
  return smallestFailures(p, reply).found.filter((f) => f.otherOrder).map((f) => f.check.name);
}

/** The error rules after whose answers the server closes its session (IdMistakes.closers). */
export function closingRulesOf(p: SessionsPlan, reply: SandboxReply): ReadonlySet<StepRule> {
  return smallestFailures(p, reply).ids.closers ?? new Set();
}

/** Every step each check judged wrong (Found.wrong), by check. */
export function wrongSteps(p: SessionsPlan, reply: SandboxReply): Map<string, readonly WrongStep[] | undefined> {
  return new Map(smallestFailures(p, reply).found.map((f) => [f.check.name, f.wrong]));
}

/** Every server check's verdict; `smaller`, by check: a smaller counterexample of the same failure, shown in its place. */
export function server(p: SessionsPlan, reply: SandboxReply, seed: number, smaller?: ReadonlyMap<string, Failure>): CheckResult[] {
  const { found } = smallestFailures(p, reply);
  const verdicts = found.map(({ check, smallest, judged, beyond, crashed, crashedOn }) => {
    const result = verdict(check, seed, smallest && (smaller?.get(check.name) ?? smallest), judged, beyond);
    return crashed && result.status === "fail" ? { ...result, crashed, ...(crashedOn ? { crashedOn } : {}) } : result;
  });
  const wrong = wrongSteps(p, reply);
  return chargeStaleLists(chargeNullIdGate(chargeGateSlips(verdicts, wrong), wrong), wrong);
}
