// Reads what the sandbox recorded of one call of the client: the messages handed to the mock
// server (peer 0) and the questions handed to ask (peer 1), in order, each parsed by the grader,
// and how the call ended. For callWithInput the record is laid out in rounds: each message to
// the server, the step of the script that answered it, and the questions asked after it.
import type { TaskFailure, WireCall, WireRun } from "../../../src/sandbox/protocol.js";
import { NotData, decodeValue } from "../../../src/sandbox/value.js";
import type { CallCase } from "./cases.js";
import { answerAt, responseOf, stepAt, type Json, type ServerStep } from "./mock-server.js";

export const SERVER = 0;
export const USER = 1;

export interface Sent {
  peer: number;
  text: string;
  /** Why the text is not all of the message (not JSON, or cut), as the sandbox said. */
  problem?: string;
  /** The message, when its text is JSON. */
  value?: unknown;
}

export type Outcome =
  | { kind: "returned"; value: unknown }
  | { kind: "threw"; name: string; message: string }
  | { kind: "failed"; failure: TaskFailure }
  | { kind: "not-run"; why: string };

export interface CallTrace { sent: Sent[]; outcome: Outcome }

function parsed(m: { peer: number; text: string; problem?: string }): Sent {
  const sent: Sent = { peer: m.peer, text: m.text, ...(m.problem !== undefined ? { problem: m.problem } : {}) };
  if (m.problem === undefined) {
    try { sent.value = JSON.parse(m.text) as unknown; } catch { /* the sandbox wrote it; left without a value */ }
  }
  return sent;
}

/** "callWithInput threw Error: too many input rounds (at task3.ts:9:11)." as its name and message. */
export function thrownOf(exportName: string, failure: TaskFailure): Outcome {
  const prefix = `${exportName} threw `;
  if (failure.reason !== "throw" || !failure.message.startsWith(prefix)) return { kind: "failed", failure };
  const text = failure.message.slice(prefix.length).replace(/\.$/, "").replace(/ \(at [^()]*:\d+(?::\d+)?\)$/, "");
  if (text.startsWith("the value ")) return { kind: "threw", name: "", message: text.slice("the value ".length) };
  const colon = text.indexOf(": ");
  return colon < 0 ? { kind: "threw", name: text, message: "" } : { kind: "threw", name: text.slice(0, colon), message: text.slice(colon + 2) };
}

function outcomeOf(exportName: string, call: WireCall): Outcome {
  if (!call.ok) return thrownOf(exportName, call.failure);
  const decoded = decodeValue(call.value);
  if (!decoded.ok) return { kind: "failed", failure: { reason: "not-json", message: decoded.problem } };
  return { kind: "returned", value: decoded.plain ? decoded.value : asSent(decoded.value) };
}

/** The value as JSON would carry it: a key whose value is undefined left out (what JSON cannot hold stays, to be shown). */
function asSent(value: unknown): unknown {
  if (value === null || typeof value !== "object" || value instanceof NotData) return value;
  if (Array.isArray(value)) return value.map(asSent);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) Object.defineProperty(out, key, { value: asSent(item), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The traces of a run's calls, one per input; a run that did not run gives each the reason. */
export function tracesOf(run: WireRun | undefined, exportName: string, inputs: number): CallTrace[] {
  const none = (why: string): CallTrace[] => Array.from({ length: inputs }, () => ({ sent: [], outcome: { kind: "not-run", why } }));
  if (!run || run.status === "skipped") return none("it was not run, because an earlier run of the task did not finish");
  if (run.status === "failed") return Array.from({ length: inputs }, () => ({ sent: [], outcome: { kind: "failed", failure: run.failure } }));
  return Array.from({ length: inputs }, (_, i) => {
    const call = run.calls[i];
    // The call in progress when the run was stopped (its time limit) left no record: it failed so.
    if (!call && run.stopped && i === run.calls.length) return { sent: [], outcome: { kind: "failed", failure: run.stopped } };
    if (!call) return { sent: [], outcome: { kind: "not-run", why: run.stopped ? `the run was stopped before it: ${run.stopped.message}` : "the run ended before it" } };
    return { sent: (call.sent ?? []).map(parsed), outcome: outcomeOf(exportName, call) };
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** What the mock server's peer handed back for a message: its reply with the message's id in it (echoId), as the sandbox does. */
export function replyTo(step: ServerStep | undefined, sent: Sent): unknown {
  if (!step || sent.problem?.startsWith("not JSON")) return undefined;
  const reply = responseOf(step);
  if (sent.problem !== undefined || !isRecord(sent.value) || !Object.hasOwn(sent.value, "id")) return reply;
  const id = sent.value["id"];
  if (id !== null && typeof id !== "string" && typeof id !== "number") return reply;
  return { ...reply, id };
}

export interface Ask { question: Sent; answer: Json | undefined }
export interface Round { message: Sent; step: ServerStep | undefined; reply: unknown; asks: Ask[] }
/** Questions asked before the first message to the server, then one round per message. */
export interface Rounds { early: Ask[]; rounds: Round[] }

export function roundsOf(trace: CallTrace, c: CallCase): Rounds {
  const early: Ask[] = [];
  const rounds: Round[] = [];
  let asked = 0;
  let served = 0;
  // A message that is not JSON is refused by its peer: it uses no reply of the script.
  const refused = (sent: Sent): boolean => sent.problem?.startsWith("not JSON") === true;
  for (const sent of trace.sent) {
    if (sent.peer === SERVER) {
      const step = refused(sent) ? undefined : stepAt(c.server, served++, c.serverRepeats === true);
      rounds.push({ message: sent, step, reply: replyTo(step, sent), asks: [] });
    } else if (sent.peer === USER) {
      const ask = { question: sent, answer: refused(sent) ? undefined : answerAt(c.answers, asked++, true) };
      (rounds.length ? rounds[rounds.length - 1]!.asks : early).push(ask);
    }
  }
  return { early, rounds };
}
