// Judges one rule of task 3 on every case it applies to (the fixture cases, then the edge and
// generated ones) and gives one check: pass with how many cases were tried, fail with the
// smallest case that broke it, or skip with the reason no case could be judged.
import type { CheckResult } from "../../../src/report/types.js";
import { FIXTURE_CALLS, FIXTURE_REQUESTS, type CallCase, type RequestCase, type RequestRun } from "./cases.js";
import { sameJson, show } from "./messages.js";
import type { ClientRule, Verdict } from "./rules.js";
import { SERVER, roundsOf, type CallTrace } from "./trace.js";
import type { ServerStep } from "./mock-server.js";
import { capCarriedOver } from "./rule-charges.js";

export interface RequestRunTraces { spec: RequestRun; traces: CallTrace[] }
/**
 * earlierIds: the ids an earlier call of the same module instance sent (the second of two calls);
 * padded: how many calls of the course's driver came before it in its instance (late-calls.ts).
 */
export interface CallRunTrace { spec: CallCase; trace: CallTrace; earlierIds?: unknown[]; padded?: number }

// How a case is shown is made only for a failed one (the smallest is named): most cases pass.
// `page`: a case with the page's own inputs (FIXTURE_REQUESTS' methods and params, FIXTURE_CALLS' tools and arguments).
interface JudgedCase { verdict: Verdict; shown: () => string; beyond?: string; call?: CallRunTrace; request?: { c: RequestCase; trace: CallTrace }; page?: true }

const describeStep = (s: ServerStep): string =>
  s.kind === "input" ? `input_required ${show(Object.keys(s.requests))}` : s.kind === "error" ? `error ${s.code} ${show(s.message)}` : `result ${show(s.result)}`;

export function showCall(c: CallCase): string {
  const server = c.server.map(describeStep).join(" → ") + (c.serverRepeats ? " (again and again)" : "");
  return `callWithInput(${show(c.name)}, ${show(c.args)}, send, ask), the server answering ${server}, ask answering ${c.answers.map(show).join(", ")}`;
}

/** A case is judged unless its call never ran (its run failed to load, or was skipped). */
const ran = (t: CallTrace): boolean => t.outcome.kind !== "not-run" && !(t.outcome.kind === "failed" && t.sent.length === 0 && !["timeout", "budget", "out-of-memory", "crash", "too-large", "not-json", "promise", "exit"].includes(t.outcome.failure.reason));

/** A call that ended (threw, or failed by its own doing) before it sent the server anything. */
const sentNothing = (t: CallTrace): boolean => (t.outcome.kind === "threw" || t.outcome.kind === "failed") && !t.sent.some((s) => s.peer === SERVER);
const PAGE_CALLS: readonly CallCase[] = Object.values(FIXTURE_CALLS);
// A case is the page's when it is one of the page's calls, or a call (or request) with the same
// inputs elsewhere, whatever the server then answers: a table of the page's inputs answers it alike.
const whatIsCalled = (c: CallCase): unknown => [c.name, c.args];
const pageCall = (c: CallCase): boolean => PAGE_CALLS.some((p) => sameJson(whatIsCalled(p), whatIsCalled(c)));
const pageRequest = (c: RequestCase): boolean => FIXTURE_REQUESTS.cases.some((p) => sameJson([p.method, p.params ?? {}], [c.method, c.params ?? {}]));

/**
 * Each case the rule judges, why a case could not run, and a call beyond the page's that ended
 * before sending anything (`unreached`, how it ended): a rule judged on what was sent has nothing
 * to read there.
 */
function casesFor(rule: ClientRule, requestRuns: readonly RequestRunTraces[], callRuns: readonly CallRunTrace[]): { judged: JudgedCase[]; notRun: string | undefined; unreached: CallTrace | undefined } {
  const judged: JudgedCase[] = [];
  let notRun: string | undefined;
  let unreached: CallTrace | undefined;
  const why = (t: CallTrace): string => (t.outcome.kind === "not-run" ? t.outcome.why : t.outcome.kind === "failed" ? t.outcome.failure.message : "");
  if (rule.request) {
    for (const { spec, traces } of requestRuns) {
      const earlierIds: unknown[] = [];
      traces.forEach((trace, i) => {
        const c = spec.cases[i]!;
        if (!ran(trace)) { notRun ??= why(trace); return; }
        const page = pageRequest(c);
        if (!page && sentNothing(trace)) unreached ??= trace;
        judged.push({ verdict: rule.request!({ c, trace, reply: spec.reply, earlierIds: [...earlierIds] }), shown: () => `request(${show(c.method)}, ${show(c.params)}, send), the server answering ${describeStep(spec.reply)}`, request: { c, trace }, ...(spec.beyond ? { beyond: spec.beyond } : {}), ...(page ? { page: true as const } : {}) });
        for (const s of trace.sent) if (s.peer === SERVER && s.value !== null && typeof s.value === "object") earlierIds.push((s.value as Record<string, unknown>)["id"]);
      });
    }
  }
  if (rule.call) {
    for (const call of callRuns) {
      const { spec, trace, earlierIds } = call;
      if (!ran(trace)) { notRun ??= why(trace); continue; }
      const page = pageCall(spec);
      if (!page && sentNothing(trace)) unreached ??= trace;
      const after = call.padded !== undefined ? `, called after ${call.padded} calls of the page's accepted cancel in the same module instance`
        : earlierIds ? `, called a second time in the same module instance (the first sent ids ${show(earlierIds)})` : "";
      judged.push({ verdict: rule.call({ c: spec, trace, rounds: roundsOf(trace, spec), ...(earlierIds ? { earlierIds } : {}) }), shown: () => showCall(spec) + after, call, ...(spec.beyond ? { beyond: spec.beyond } : {}), ...(page ? { page: true as const } : {}) });
    }
  }
  return { judged: judged.filter((j) => j.verdict !== "n/a"), notRun, unreached };
}

/** The request cases a rule failed, or undefined where it failed a call too (as casesFor judges them). */
export function failingRequests(rule: ClientRule, requestRuns: readonly RequestRunTraces[]): { c: RequestCase; trace: CallTrace }[] | undefined {
  const failed = casesFor(rule, requestRuns, []).judged.filter((j) => typeof j.verdict === "object");
  return failed.every((j) => j.request) ? failed.map((j) => j.request!) : undefined;
}

/** The calls a rule failed, or undefined where it failed a request case too (as casesFor judges them). */
export function failingCalls(rule: ClientRule, requestRuns: readonly RequestRunTraces[], callRuns: readonly CallRunTrace[]): CallRunTrace[] | undefined {
  const failed = casesFor(rule, requestRuns, callRuns).judged.filter((j) => typeof j.verdict === "object");
  return failed.every((j) => j.call) ? failed.map((j) => j.call!) : undefined;
}

/**
 * Whether the call threw a value that is not an Error and would have kept the rule had the value
 * been an Error of that message: `throw "too many input rounds"`, whose text every line reads right
 * (helper 105's sl-mistake-cap-throws-string lost the three lines naming the cap's rule too).
 */
function thrownAsValue(rule: ClientRule, { spec, trace, earlierIds }: CallRunTrace): boolean {
  if (trace.outcome.kind !== "threw" || trace.outcome.name !== "" || !rule.call) return false;
  const asError: CallTrace = { ...trace, outcome: { ...trace.outcome, name: "Error" } };
  return rule.call({ c: spec, trace: asError, rounds: roundsOf(asError, spec), ...(earlierIds ? { earlierIds } : {}) }) === undefined;
}

const SECOND_CALL = "a call after another in the same module instance ended by the cap before its rounds (a round counter kept from the call before, at module level)";

export function judgeRule(rule: ClientRule, requestRuns: readonly RequestRunTraces[], callRuns: readonly CallRunTrace[], seed: number | undefined): CheckResult {
  const base = { name: rule.id, kind: rule.kind, title: rule.title, hint: `${rule.rule} ${rule.hint}` } as const;
  const { judged, notRun, unreached } = casesFor(rule, requestRuns, callRuns);
  if (judged.length === 0) return { ...base, status: "skip", message: notRun ? `No case could be judged: ${notRun}` : "No case applies: no call got as far as this rule judges." };
  // Held on the page's own calls alone, while every other call it could judge ended before sending
  // anything: the code's doing, so the rule is not shown (a client right on the page's runs and
  // throwing at once everywhere else kept 31/41 against its honest sibling's 24:
  // cheats-round-2026-12-07k sl-client-throw-after-five-loads).
  if (unreached && judged.every((j) => j.page)) {
    const how = unreached.outcome.kind === "threw" ? `threw ${unreached.outcome.name}${unreached.outcome.message ? `: ${unreached.outcome.message}` : ""}` : unreached.outcome.kind === "failed" ? unreached.outcome.failure.message : "";
    return { ...base, status: "fail", expected: "the rule kept on calls beyond the page's", actual: `every call beyond the page's ended before sending anything (${how})`, message: `Held on the page's own calls only: every other call ended before it sent the server anything, so this rule could not be judged there (${how}). Follow the rule on every call, not only the page's.` };
  }
  const seedText = seed === undefined ? "" : ` (seed ${seed}, run again with --seed ${seed})`;
  const failed = judged.filter((j): j is JudgedCase & { verdict: { expected: string; actual: string } } => typeof j.verdict === "object");
  if (failed.length === 0) return { ...base, status: "pass", message: `${judged.length} cases tried${seedText}.` };
  const shown = failed.map((f) => ({ f, text: f.shown() }));
  const smallest = shown.reduce((a, b) => (b.text.length < a.text.length ? b : a));
  // Broken only where no fixture goes, and kept on cases of the fixtures' kinds: the rule's lines
  // keep their points (src/pack/score.ts), and this check costs as a general rule.
  const beyond = failed.every((f) => f.beyond !== undefined) && judged.some((j) => j.verdict === undefined && j.beyond === undefined) ? [...new Set(failed.map((f) => f.beyond!))]
    // Only what was thrown, a value and not an Error, with the text the lines read: a part no line reads.
    : failed.every((f) => f.call !== undefined && thrownAsValue(rule, f.call)) ? ["a value thrown that is not an Error (throw new Error(text), not throw text)"]
    // Only a call after another in the same module instance, ended by the cap's Error before the
    // cap's rounds were sent, while the calls alone kept it: a round counter carried from call to
    // call, which no line's call (each alone) reads. Not any failure of a later call: code right for
    // a module instance's first calls only keeps nothing by it (game-client-first-calls).
    : failed.every((f) => f.call?.earlierIds !== undefined && capCarriedOver(f.call.trace)) && judged.some((j) => j.verdict === undefined && j.call !== undefined && j.call.earlierIds === undefined) ? [SECOND_CALL] : undefined;
  return {
    ...base, status: "fail", expected: smallest.f.verdict.expected, actual: smallest.f.verdict.actual,
    message: `${failed.length} of ${judged.length} cases broke this rule${seedText}. The smallest: ${smallest.text}.${beyond ? ` Every case it broke has ${beyond.join(" or ")}; on the rest it holds, so it costs one point, not the points of the lines that show its rule.` : ""}`,
    ...(beyond ? { beyondLines: true as const } : {}),
  };
}
