// Task 3's behaviour verdicts: every scenario's record (the peers', op by op) against the model
// client, and the transport's probes.
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply, WireRun } from "../../../src/sandbox/protocol.js";
import { PEER_LIMITS } from "../../../src/sandbox/peers.js";
import { shown } from "../behaviour/compare.js";
import { expected, type Json } from "../client/model.js";
import { cacheBeyond, exchangesOf, madeUpOutcome, type Exchange } from "../client/beyond.js";
import { alignedOps, cacheProblem, handshakeProblem, idsProblem, messagesProblem, outcomesProblem, startsAsModel, traceCrashes, unsurfacedError, type ClientRecord } from "../client/rules.js";
import { transportProblem, type TransportRecord } from "../client/transport.js";
import type { StatefulPlan } from "./plan.js";
import { rootCause, valueOf } from "./values.js";
import { FreshClients } from "./fresh-clients.js";
import { verdict } from "./verdict.js";

const RULES_3 = [
  { name: "t3_handshake", title: "connect sends initialize, then notifications/initialized (no id), before any other request; nothing after a refused initialize", hint: "Reread 'The stateful handshake': wait for initialize's response, then send the initialized notification." },
  { name: "t3_messages", title: "Every scenario's messages in order: a tools/list re-fetch exactly when pump drains list_changed, none otherwise", hint: "pump() calls notifications() once; only notifications/tools/list_changed makes it fetch tools/list again." },
  { name: "t3_ids", title: "Each request has a new id, a string or an integer", hint: "Number requests from a counter on the client." },
  { name: "t3_results", title: "Results returned as they are, isError ones too; pump() returns how many notifications it drained", hint: "A tool's failure is content with isError: return the result as it is, the model reads it. pump() returns the number of notifications drained, list_changed or not." },
  { name: "t3_errors", title: "An error response thrown as McpError with its code, in connect, listTools and callTool", hint: "A JSON-RPC error aborts the call: throw new McpError(code, message) as soon as the response is an error, before sending anything else." },
  { name: "t3_cache", title: "The tools cache after each call is the last tools/list's tools", hint: "listTools() and pump()'s re-fetch replace client.tools with the tools/list result." },
  { name: "t3_transport", title: "The transport sends every message, response and notification through JSON", hint: "send: JSON.parse(JSON.stringify(message)) to the server, and the same for its answer; notifications() drains the server's outbox the same way." },
] as const;

function record(run: WireRun | undefined, at = 0): ClientRecord | undefined {
  if (run?.status !== "ran") return undefined;
  const call = run.calls[at];
  if (!call) return undefined;
  const parsed = (text: string): unknown => { try { return JSON.parse(text) as unknown; } catch { return text; } };
  const byOp: unknown[][] = [[]];
  for (const m of call.sent ?? []) {
    if (m.peer === 2) byOp.push([]);
    else if (m.peer === 0) byOp[byOp.length - 1]!.push(parsed(m.text));
  }
  const v = call.ok ? valueOf(call) : undefined;
  return { sent: byOp.flat(), byOp, ...(Array.isArray(v) ? { outcomes: withCaches(v) } : {}) };
}

/** The driver writes a cache only where it changed ({same: true} where it did not): each op's, filled in. */
function withCaches(outcomes: unknown[]): NonNullable<ClientRecord["outcomes"]> {
  let cache: unknown;
  return outcomes.map((o) => {
    if (typeof o !== "object" || o === null) return o as never;
    const { same: unchanged, ...rest } = o as { same?: boolean; cache?: unknown };
    if (unchanged !== true) cache = rest.cache;
    return { ...rest, cache };
  });
}

function checks(p: NonNullable<StatefulPlan["task3"]>, reply: SandboxReply, seed: number): CheckResult[] {
  const fails = new Map<string, { size: number; message: string }>();
  const judged = new Map<string, number>();
  // Judgements on generated scenarios of more than the handshake: what a table of the page's
  // trace cannot answer. And the scenarios the client's code stopped or did not let run.
  const beyond = new Map<string, number>();
  const unrun: string[] = [];
  let generated = false;
  const errorNotes: { generated: boolean; size: number; strict: string | undefined; lenient: string | undefined; judged: boolean }[] = [];
  const fresh = new FreshClients();
  const note = (rule: string, size: number, message: string | undefined, judgedAny = true, onGenerated = generated): void => {
    if (!judgedAny) return;
    if (message !== undefined) fresh.hear(rule, message);
    if (fresh.held) return;
    judged.set(rule, (judged.get(rule) ?? 0) + 1);
    if (onGenerated && size > 1) beyond.set(rule, (beyond.get(rule) ?? 0) + 1);
    const had = fails.get(rule);
    if (message !== undefined && (!had || size < had.size)) fails.set(rule, { size, message });
  };
  // A continued call starts from the cache the client itself left (a stale one is the mistake of
  // the call that left it, judged there), as the model's next call starts from its own.
  const leftCache = new Map<number, unknown>();
  // And its ids: a continued call's are new beside every call's before it on that client (ids kept
  // in a byte, repeating past 255 requests, were judged 30 at a time: gaming-client-id-byte).
  const idsSeen = new Map<number, Set<unknown>>();
  // And what it sent and got: a result it kept from an earlier call of the same client is one it got.
  const exchanged = new Map<number, Exchange[]>();
  // Whether the client sent anything on the page's trace (the first scenario).
  const trace = p.clients[0];
  const pageSent = trace !== undefined && (record(reply.runs[trace.run], trace.call)?.sent.length ?? 0) > 0;
  // What the trace's ops threw (crashes, not McpErrors): the same throw of the same kind of op in a
  // generated scenario is the trace line's mistake, not the outcome rules' again.
  const crashes = trace === undefined ? new Set<string>() : traceCrashes(trace.scenario.ops, record(reply.runs[trace.run], trace.call));
  for (const [k, { run, call, scenario: planned }] of p.clients.entries()) {
    generated = k > 0;
    // A continued call goes on with the client of the call before; a fresh client's call (Scenario.freshClients) is judged as a first.
    const continued = call > 0 && !planned.freshClients;
    const freshLater = planned.freshClients === true && call > 0;
    fresh.begin(planned.freshClients === true, freshLater);
    const endCall = (): void => {
      const charged = fresh.end(run, freshLater);
      if (charged) note(charged[0], scenario.ops.length, charged[1]);
    };
    const r = record(reply.runs[run], call);
    const left = leftCache.get(run);
    leftCache.set(run, r?.outcomes?.at(-1)?.cache);
    const scenario = continued && left !== undefined ? { ...planned, startCache: left as Json[] } : planned;
    const again = call > 0 && !continued ? `; a new client's run ${call + 1} of these ops in the module instance of the run(s) before` : continued ? `; the same client's run ${call + 1} of these ops, after ${call} run(s) of them (its connect() called once, in the first)` : "";
    const ops = `ops: ${shown(scenario.ops)}${again}`;
    const cause = rootCause(reply.runs[run]);
    if (k > 0 && (!r || cause)) unrun.push(cause?.message ?? "it was not run");
    // A scenario the client's code did not let run (or finish) cannot be judged because of that
    // code: its ops' results are due and did not come, which t3_results charges (once), so that
    // a client that stalls on every op it does not know loses more than the ops it knows.
    if (!r) { note("t3_results", scenario.ops.length, `The scenario did not run: ${rootCause(reply.runs[run])?.message ?? "it was not run"}.\n(${ops})`); endCall(); continue; }
    const e = expected(scenario);
    const why = (m: string | undefined): string | undefined => (m === undefined ? undefined : `${m}.\n(${ops})`);
    const failed = !reply.runs[run] || reply.runs[run]!.status !== "ran" || !(reply.runs[run] as { calls: { ok: boolean }[] }).calls[call]?.ok;
    const stopped = failed ? `; the call failed: ${rootCause(reply.runs[run])?.message ?? "it threw"}` : "";
    // A scenario in which the client sent the server nothing where the model sends something, by a
    // client that did send on the page's trace, let no rule be judged on it either (right on the
    // trace, every op throwing at once everywhere else kept t3_ids and t3_cache:
    // cheats-round-2026-12-07k sf-client-throw-context-first-load, 15/18 against its honest
    // sibling's 14). A client that sent nothing on the trace either has its lines to pay.
    if (k > 0 && pageSent && !cause && r.sent.length === 0 && e.sent.length > 0) unrun.push(`its ops sent the server nothing (${ops})`);
    const cut = unsurfacedError(e, r);
    const differs = messagesProblem(scenario.ops, e, r, cut);
    // The mock's messages for one call ran out (PEER_LIMITS) on a client that sent more than the
    // model: the extra messages are t3_messages' mistake, and what the ops left unfinished would
    // have given is not judged (a refetch after each error failed t3_results and t3_cache on the
    // long scenario: helper 111's sf-mistake-calltool-refetches-after-error, seed 3).
    // Read from the peers' own record of the call, never from a text the client's code could write.
    const wire = reply.runs[run];
    const overLimit = differs !== undefined && wire?.status === "ran" && (wire.calls[call]?.sent?.length ?? 0) >= PEER_LIMITS.messagesPerCall;
    const aligned = alignedOps(e, r);
    const upTo = Math.min(aligned, cut);
    // The op whose error was not thrown is judged even where its extra messages misaligned it:
    // its own reply was the one meant. Not where it did not send its request first (a listTools
    // that returns its cache unasked): the server's error never reached it, and what it gave is
    // judged against the replies it got (client/beyond.ts), the request unsent t3_messages'.
    const alsoAt = cut <= aligned && startsAsModel(e, r, cut) ? cut : Infinity;
    const outcomes = (which: "results" | "errors", moreJudged = false): string | undefined => {
      const problem = outcomesProblem(scenario.ops, e, r, aligned, alsoAt, which, moreJudged, k > 0 ? crashes : undefined);
      return problem && `${problem}${stopped}`;
    };
    // A continued call's connect is the driver's (its messages the model's own): nothing of it is
    // the client's to pass, so its rules are judged from op 1 on, and its handshake not at all.
    const own = continued ? 1 : 0;
    // A scenario judges results (or errors) only where an op it reads was due to give one.
    const reads = (which: "results" | "errors"): boolean => e.outcomes.some((want, i) => i >= own && (i < aligned || i === alsoAt) && ("code" in want) === (which === "errors"));
    note("t3_handshake", scenario.ops.length, why(handshakeProblem(e, r)), own === 0);
    note("t3_messages", scenario.ops.length, why(differs?.why));
    // Judged only where an op sent as the model did: a scenario whose first op did not is t3_messages' alone.
    if (!continued) idsSeen.set(run, new Set());
    note("t3_ids", scenario.ops.length, why(idsProblem(e, r, upTo, idsSeen.get(run) ?? new Set(), own)), upTo > own);
    // Past the ops judged one by one, what an op gave and cached is judged against the replies
    // the client got (client/beyond.ts): a client that stops asking after N requests and answers
    // anyway loses each rule it stopped following.
    if (!continued) exchanged.set(run, []);
    const earlier = exchanged.get(run) ?? [];
    const madeUp = (which: "results" | "errors"): string | undefined => (aligned < e.outcomes.length ? madeUpOutcome(scenario.ops, e, r, aligned, which, earlier) : undefined);
    const madeUpResult = madeUp("results");
    const madeUpError = madeUp("errors");
    if (!overLimit) {
      note("t3_results", scenario.ops.length, why(outcomes("results") ?? madeUpResult ?? (failed ? `the client did not finish the scenario's ops${stopped}` : undefined)), reads("results") || failed || madeUpResult !== undefined);
      // Judged once every scenario's messages are: an op that sent more after its error response
      // is t3_messages' mistake where that rule failed (client/rules.ts outcomesProblem).
      const errors = { generated, size: scenario.ops.length, strict: why(outcomes("errors") ?? madeUpError), lenient: why(outcomes("errors", true) ?? madeUpError), judged: reads("errors") || madeUpError !== undefined };
      if (errors.judged && errors.strict !== undefined) fresh.hear("t3_errors", errors.strict);
      if (!fresh.held) errorNotes.push(errors);
    }
    exchanged.set(run, [...earlier, ...exchangesOf(e, r)]);
    const cache = overLimit ? undefined : cacheProblem(scenario.ops, e, r, upTo) ?? cacheBeyond(scenario.ops, e, r, upTo);
    note("t3_cache", scenario.ops.length, why(cache), !overLimit && (upTo > own || cache !== undefined));
    endCall();
  }
  const messagesWrong = fails.has("t3_messages");
  for (const n of errorNotes) note("t3_errors", n.size, messagesWrong ? n.lenient : n.strict, n.judged, n.generated);
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
  // A rule the client's code let be judged on no generated scenario but the handshake's was not
  // shown beyond the page's trace: it fails, with why (a table of the trace that stalls on
  // everything else passed every rule it was judged on).
  if (unrun.length) {
    for (const rule of SCENARIO_RULES) {
      if (fails.has(rule) || (beyond.get(rule) ?? 0) > 0) continue;
      fails.set(rule, { size: 0, message: `It could not be judged on any generated scenario beyond the handshake: ${unrun.length} of ${p.clients.length - 1} stopped or did not run (the first: ${unrun[0]}).` });
      judged.set(rule, Math.max(1, judged.get(rule) ?? 0));
    }
  }
  return RULES_3.map((rule) => verdict(rule, seed, fails.get(rule.name), judged.get(rule.name) ?? 0));
}

const SCENARIO_RULES = ["t3_handshake", "t3_messages", "t3_ids", "t3_results", "t3_errors", "t3_cache"];

/** Everything the client sent in every scenario, for the schema check. */
function allSent(p: NonNullable<StatefulPlan["task3"]>, reply: SandboxReply): unknown[] {
  return p.clients.flatMap(({ run, call }) => record(reply.runs[run], call)?.sent ?? []);
}

export const client = { record, checks, allSent };
