// The grader's mock server and mock user for task 3's client, as the sandbox's scripted peers
// (RunSpec.peers): a short description of what the server answers, round by round, turned into
// the reply texts a peer sends back. The judge reads the same description, so what the server
// said is never taken from the student's side.

import type { PeerScript } from "../../../src/sandbox/protocol.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonRecord = { [key: string]: Json };

/** What the mock server answers to one request. */
export type ServerStep =
  /** A result, sent as it stands (resultType and all: an odd but valid result has none). */
  | { kind: "result"; result: JsonRecord }
  /** resultType "input_required" with these inputRequests (and requestState, when given). */
  | { kind: "input"; requests: JsonRecord; requestState?: string }
  /** A JSON-RPC error response. */
  | { kind: "error"; code: number; message: string; data?: Json };


/** An object whose keys are defined, never assigned, so "__proto__" is a key like any other. */
export function record(entries: readonly (readonly [string, Json])[]): JsonRecord {
  const out: JsonRecord = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

export const PROTOCOL_VERSION = "2026-07-28";
export const TOO_MANY_ROUNDS = "too many input rounds";
export const MAX_ROUNDS = 3;

export const textResult = (text: string, isError = false): JsonRecord =>
  ({ content: [{ type: "text", text }], isError, resultType: "complete" });

/** The chapter's confirm question (2.3), an elicitation form: one boolean under `field`, or the form given. */
export function confirmRequest(message: string, field = "confirm", form?: JsonRecord): JsonRecord {
  return {
    method: "elicitation/create",
    params: {
      mode: "form", message,
      requestedSchema: form ?? { type: "object", properties: record([[field, { type: "boolean" }]]), required: [field] },
    },
  };
}

// The id is a placeholder: the peer puts the received message's id in its place (echoId).
const PLACEHOLDER_ID = 0;

/** The response a step stands for, with the id it answers. */
export function responseOf(step: ServerStep, id: Json = PLACEHOLDER_ID): JsonRecord {
  if (step.kind === "error") {
    const error: JsonRecord = { code: step.code, message: step.message };
    if (step.data !== undefined) error["data"] = step.data;
    return { jsonrpc: "2.0", id, error };
  }
  if (step.kind === "result") return { jsonrpc: "2.0", id, result: step.result };
  const result: JsonRecord = { resultType: "input_required", inputRequests: step.requests };
  if (step.requestState !== undefined) result["requestState"] = step.requestState;
  return { jsonrpc: "2.0", id, result };
}

/** The server's step for its n-th request (from 0), as the peer picks it. */
export function stepAt(steps: readonly ServerStep[], n: number, repeatLast: boolean): ServerStep | undefined {
  if (n < steps.length) return steps[n];
  return repeatLast ? steps[steps.length - 1] : undefined;
}

/** The user's answer to the n-th question (from 0), as the peer picks it. */
export function answerAt(answers: readonly Json[], n: number, repeatLast: boolean): Json | undefined {
  if (n < answers.length) return answers[n];
  return repeatLast ? answers[answers.length - 1] : undefined;
}

export function serverPeer(steps: readonly ServerStep[], repeatLast = false): PeerScript {
  return { replies: steps.map((s) => JSON.stringify(responseOf(s))), echoId: true, ...(repeatLast ? { repeatLast } : {}) };
}

export function userPeer(answers: readonly Json[], repeatLast = false): PeerScript {
  return { replies: answers.map((a) => JSON.stringify(a)), ...(repeatLast ? { repeatLast } : {}) };
}

/** Whether the client must go round again on this step: resultType "input_required". */
export const asksForInput = (step: ServerStep | undefined): step is Extract<ServerStep, { kind: "input" }> => step?.kind === "input";

/** The inputRequests of a step that asks for input ({} for any other step). */
export const requestsOf = (step: ServerStep): JsonRecord => (step.kind === "input" ? step.requests : {});
