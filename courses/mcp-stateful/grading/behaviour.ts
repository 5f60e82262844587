// The behaviour checks' verdicts: each rule judged on every generated input against the model,
// failing with the smallest counterexample (for the server, the shortest failing session up to
// its first wrong answer, as code to paste) and the seed that makes it again.
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply, WireRun } from "../../../src/sandbox/protocol.js";
import { compareStep, same, shown } from "../behaviour/compare.js";
import { built, compareBuilt, kindOf, BUILDERS } from "../behaviour/messages.js";
import { VARIANTS } from "../behaviour/model.js";
import { SERVER_CHECKS } from "../behaviour/server-checks.js";
import { modelSession, sessionCode, type Outcome, type Session, type StepRule } from "../behaviour/session.js";
import { expected } from "../client/model.js";
import { alignedOps, cacheProblem, handshakeProblem, idsProblem, messagesProblem, outcomesProblem, type ClientRecord } from "../client/rules.js";
import { transportProblem, type TransportRecord } from "../client/transport.js";
import { rootCause, valueOf } from "./values.js";
import type { SessionsPlan, StatefulPlan } from "./plan.js";

interface Rule { name: string; title: string; hint: string }

function verdict(rule: Rule, seed: number, failure: { message: string; expected?: string; actual?: string } | undefined, judged: number): CheckResult {
  const base = { name: rule.name, kind: "behaviour", title: rule.title, hint: rule.hint } as const;
  if (failure) return { ...base, status: "fail", message: `${failure.message}\n(seed ${seed}: --seed ${seed} makes the same inputs)`, ...(failure.expected !== undefined ? { expected: failure.expected } : {}), ...(failure.actual !== undefined ? { actual: failure.actual } : {}) };
  if (judged === 0) return { ...base, status: "skip", message: "Nothing could be judged: the runs it needs did not run." };
  return { ...base, status: "pass" };
}

// ---- task 1 ----

const RULES_1 = {
  t1_builders: { name: "t1_builders", title: "The builders on generated ids (0 and \"\" too), methods and params (absent, or holding an id of their own)", hint: "Reread 'Three message shapes': leave params out when none is given, and never give a notification an id key." },
  t1_kinds: { name: "t1_kinds", title: "kindOf on generated shapes: id null, a method that is no string, both or neither of result and error", hint: "Decide by which keys are present (\"id\" in message), never by their values." },
};

export function messages(p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply, seed: number): CheckResult[] {
  let failure: { message: string; expected?: string; actual?: string } | undefined;
  let judged = 0;
  for (const builder of BUILDERS) {
    const run = reply.runs[p.builders[builder].run];
    if (run?.status !== "ran" || failure) continue;
    p.builders[builder].args.forEach((args, i) => {
      const call = run.calls[i];
      if (failure || !call) return;
      judged++;
      const want = built(builder, args);
      const code = `${builder}(${args.map((a) => shown(a)).join(", ")})`;
      if (!call.ok) failure = { message: `${code} failed: ${call.failure.message}`, expected: shown(want) };
      else {
        const why = compareBuilt(want, valueOf(call));
        if (why) failure = { message: `${code}: ${why}.`, expected: shown(want), actual: shown(valueOf(call)) };
      }
    });
  }
  const out = [verdict(RULES_1.t1_builders, seed, failure, judged)];
  failure = undefined;
  judged = 0;
  const kinds = reply.runs[p.kinds.run];
  if (kinds?.status === "ran") {
    for (const [i, message] of p.kinds.inputs.entries()) {
      const call = kinds.calls[i];
      if (!call) break;
      judged++;
      const got = valueOf(call);
      if (got !== kindOf(message)) { failure = { message: `kindOf(${shown(message)}) is "${kindOf(message)}"${call.ok ? "" : `; it failed: ${call.failure.message}`}.`, expected: kindOf(message), actual: call.ok ? shown(got) : "(no value)" }; break; }
    }
  }
  out.push(verdict(RULES_1.t1_kinds, seed, failure, judged));
  return out;
}

// ---- task 2 ----

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
 * The model's answers to a session, in the reading of an early initialized notification that
 * the code's answers follow best (either is accepted; one reading per session).
 */
function modelFor(session: Session, got: readonly Outcome[]): { outcomes: Outcome[]; rules: StepRule[] } {
  let best: { outcomes: Outcome[]; rules: StepRule[]; wrong: number } | undefined;
  for (const variant of VARIANTS) {
    const m = modelSession(session, variant);
    const wrong = session.steps.filter((step, j) => got[j] === undefined || compareStep(step, m.outcomes[j]!, got[j]!, "body") !== undefined).length;
    if (!best || wrong < best.wrong) best = { ...m, wrong };
  }
  return best!;
}

type Failure = { steps: number; message: string; expected?: string; actual?: string };
const shownOutcome = (o: Outcome | undefined): string => (o === undefined ? "(nothing)" : "threw" in o ? `threw ${o.threw.message}` : shown(o.value));

function judgeSteps(session: Session, got: readonly Outcome[], judges: readonly StepRule[] | "envelope"): Failure | undefined {
  const model = modelFor(session, got);
  for (let j = 0; j < session.steps.length; j++) {
    if (judges !== "envelope" && !judges.includes(model.rules[j]!)) continue;
    const why = got[j] === undefined ? "the session stopped before this step" : compareStep(session.steps[j]!, model.outcomes[j]!, got[j]!, judges === "envelope" ? "envelope" : "body");
    if (why === undefined) continue;
    return {
      steps: j + 1,
      message: `The last call of this session is answered wrongly:\n${sessionCode(session, j + 1)}\n→ ${why}.`,
      expected: shown((model.outcomes[j] as { value: unknown }).value),
      actual: shownOutcome(got[j]),
    };
  }
  return undefined;
}

/** Each server beside the other answers as it does alone. */
function judgeAlone(session: Session, got: readonly Outcome[], alone: readonly (readonly Outcome[])[]): Failure | undefined {
  const seen = session.servers.map(() => 0);
  for (let j = 0; j < session.steps.length; j++) {
    const k = session.steps[j]!.on ?? 0;
    const own = alone[k]![seen[k]!++];
    if (same(own, got[j])) continue;
    const name = (i: number): string => `server${i + 1}`;
    return {
      steps: j + 1,
      message: `${name(k)} answers this session's last call differently beside ${name(1 - k)} than alone: state leaks between instances (module variables, globalThis).\n${sessionCode(session, j + 1)}`,
      expected: `${shownOutcome(own)} (what ${name(k)} answers alone)`,
      actual: shownOutcome(got[j]),
    };
  }
  return undefined;
}

export function server(p: SessionsPlan, reply: SandboxReply, seed: number): CheckResult[] {
  const run = reply.runs[p.run];
  const results = p.all.map((_, i) => outcomesOf(run, i));
  const stopped = (i: number): Failure => ({ steps: p.all[i]!.steps.length, message: `This session:\n${sessionCode(p.all[i]!)}\nstopped: ${results[i]!.failed}` });
  return SERVER_CHECKS.map((check) => {
    let smallest: Failure | undefined;
    let judged = 0;
    const consider = (f: Failure | undefined): void => { judged++; if (f && (!smallest || f.steps < smallest.steps)) smallest = f; };
    if (check.judges === "alone") {
      for (const { session, together, apart } of p.alone) {
        const got = outcomesOf(reply.runs[together], 0).outcomes;
        const alone = apart.map((r) => outcomesOf(reply.runs[r], 0).outcomes);
        if (!got || alone.some((a) => !a)) continue;
        consider(judgeAlone(p.all[session]!, got, alone as Outcome[][]));
      }
    } else {
      p.all.forEach((session, i) => {
        // Two servers side by side are t2_isolation's; each alone is a session of its own here.
        if (session.servers.length > 1 && check.judges !== "envelope") return;
        const got = results[i]!.outcomes;
        if (!got) { if (check.judges !== "envelope") consider(stopped(i)); return; }
        consider(judgeSteps(session, got, check.judges as readonly StepRule[] | "envelope"));
      });
    }
    return verdict(check, seed, smallest, judged);
  });
}

// ---- task 3 ----

const RULES_3 = [
  { name: "t3_handshake", title: "connect sends initialize, then notifications/initialized (no id), before any other request; nothing after a refused initialize", hint: "Reread 'The stateful handshake': wait for initialize's response, then send the initialized notification." },
  { name: "t3_messages", title: "Every scenario's messages in order: a tools/list re-fetch exactly when pump drains list_changed, none otherwise", hint: "pump() calls notifications() once; only notifications/tools/list_changed makes it fetch tools/list again." },
  { name: "t3_ids", title: "Each request has a new id, a string or an integer", hint: "Number requests from a counter on the client." },
  { name: "t3_outcomes", title: "Results returned as they are (isError ones too); an error response thrown as McpError with its code", hint: "A tool's failure is content with isError: return it. A JSON-RPC error aborts the call: throw new McpError(code, message)." },
  { name: "t3_cache", title: "The tools cache after each call is the last tools/list's tools", hint: "listTools() and pump()'s re-fetch replace client.tools with the tools/list result." },
  { name: "t3_transport", title: "The transport sends every message, response and notification through JSON", hint: "send: JSON.parse(JSON.stringify(message)) to the server, and the same for its answer; notifications() drains the server's outbox the same way." },
] as const;

function record(run: WireRun | undefined): ClientRecord | undefined {
  if (run?.status !== "ran") return undefined;
  const call = run.calls[0];
  if (!call) return undefined;
  const parsed = (text: string): unknown => { try { return JSON.parse(text) as unknown; } catch { return text; } };
  const byOp: unknown[][] = [[]];
  for (const m of call.sent ?? []) {
    if (m.peer === 2) byOp.push([]);
    else if (m.peer === 0) byOp[byOp.length - 1]!.push(parsed(m.text));
  }
  const v = call.ok ? valueOf(call) : undefined;
  return { sent: byOp.flat(), byOp, ...(Array.isArray(v) ? { outcomes: v as ClientRecord["outcomes"] } : {}) };
}

function checks(p: NonNullable<StatefulPlan["task3"]>, reply: SandboxReply, seed: number): CheckResult[] {
  const fails = new Map<string, { size: number; message: string }>();
  const judged = new Map<string, number>();
  const note = (rule: string, size: number, message: string | undefined, judgedAny = true): void => {
    if (!judgedAny) return;
    judged.set(rule, (judged.get(rule) ?? 0) + 1);
    const had = fails.get(rule);
    if (message !== undefined && (!had || size < had.size)) fails.set(rule, { size, message });
  };
  for (const { run, scenario } of p.clients) {
    const r = record(reply.runs[run]);
    if (!r) continue;
    const e = expected(scenario);
    const ops = `ops: ${shown(scenario.ops)}`;
    const why = (m: string | undefined): string | undefined => (m === undefined ? undefined : `${m}.\n(${ops})`);
    const failed = !reply.runs[run] || reply.runs[run]!.status !== "ran" || !(reply.runs[run] as { calls: { ok: boolean }[] }).calls[0]?.ok;
    const stopped = failed ? `; the call failed: ${rootCause(reply.runs[run])?.message ?? "it threw"}` : "";
    const differs = messagesProblem(scenario.ops, e, r);
    const upTo = alignedOps(e, r);
    const outcomes = outcomesProblem(scenario.ops, e, r, upTo);
    note("t3_handshake", scenario.ops.length, why(handshakeProblem(e, r)));
    note("t3_messages", scenario.ops.length, why(differs?.why));
    // Judged only where an op sent as the model did: a scenario whose first op did not is t3_messages' alone.
    note("t3_ids", scenario.ops.length, why(idsProblem(e, r, upTo)), upTo > 0);
    note("t3_outcomes", scenario.ops.length, why(outcomes && `${outcomes}${stopped}`), upTo > 0);
    note("t3_cache", scenario.ops.length, why(cacheProblem(scenario.ops, e, r, upTo)), upTo > 0);
  }
  const t = reply.runs[p.transport.run];
  if (t?.status === "ran") {
    p.transport.probes.forEach((probe, i) => {
      const call = t.calls[i];
      if (!call) return;
      const v = call.ok ? (valueOf(call) as TransportRecord) : undefined;
      const problem = call.ok ? transportProblem(probe, v) : `it failed: ${call.failure.message}`;
      note("t3_transport", 1, problem === undefined ? undefined : `Sending ${shown(probe.message)}: ${problem}.`);
    });
  }
  return RULES_3.map((rule) => verdict(rule, seed, fails.get(rule.name), judged.get(rule.name) ?? 0));
}

/** Everything the client sent in every scenario, for the schema check. */
function allSent(p: NonNullable<StatefulPlan["task3"]>, reply: SandboxReply): unknown[] {
  return p.clients.flatMap(({ run }) => record(reply.runs[run])?.sent ?? []);
}

export const client = { record, checks, allSent };
