// A thread's reply, checked field by field before the grader reads it: its shape is the
// engine's, but every string in it came from the student's code, and a reply of any other shape
// is that submission's error.
import { failures } from "./failures.js";
import { PEER_LIMITS } from "./peers.js";
import type { FailureReason, PeerMessage, SandboxReply, SandboxRequest, TaskFailure, WireCall, WireRun } from "./protocol.js";

const REASONS = new Set<FailureReason>(["not-written", "missing-file", "syntax", "missing-export", "import-error", "refused-file", "throw", "promise", "not-json", "exit", "timeout", "crash", "out-of-memory", "too-large", "backstop", "budget"]);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown, cap: number): string | undefined => (typeof v === "string" && v.length <= cap ? v : undefined);

class Bad extends Error {}
const need = <T>(v: T | undefined): T => { if (v === undefined) throw new Bad(); return v; };

function failureOf(v: unknown): TaskFailure {
  if (!isObject(v) || !REASONS.has(v["reason"] as FailureReason)) throw new Bad();
  return { reason: v["reason"] as FailureReason, message: need(text(v["message"], 4000)) };
}

/** A call's peer messages: only in a run with peers (`peers` of them), each from one of them. */
function sentOf(v: unknown, peers: number): PeerMessage[] {
  if (peers === 0 || !Array.isArray(v) || v.length > PEER_LIMITS.messagesPerCall) throw new Bad();
  return v.map((m): PeerMessage => {
    if (!isObject(m) || typeof m["peer"] !== "number" || !Number.isInteger(m["peer"]) || m["peer"] < 0 || m["peer"] >= peers) throw new Bad();
    const message = { peer: m["peer"], text: need(text(m["text"], PEER_LIMITS.messageChars)) };
    return m["problem"] === undefined ? message : { ...message, problem: need(text(m["problem"], 300)) };
  });
}

function callOf(v: unknown, valueCap: number, peers: number): WireCall {
  if (!isObject(v)) throw new Bad();
  const sent = v["sent"] === undefined ? {} : { sent: sentOf(v["sent"], peers) };
  if (v["ok"] === true) {
    const value = need(text(v["value"], valueCap));
    const input = v["input"] === undefined ? undefined : need(text(v["input"], valueCap));
    return input === undefined ? { ok: true, value, ...sent } : { ok: true, value, input, ...sent };
  }
  if (v["ok"] === false) return { ok: false, failure: failureOf(v["failure"]), ...sent };
  throw new Bad();
}

function runOf(v: unknown, spec: SandboxRequest["runs"][number], request: SandboxRequest): WireRun {
  if (!isObject(v)) throw new Bad();
  if (v["status"] === "skipped") return { status: "skipped" };
  const outCap = request.limits.outputChars + 100;
  const stdout = need(text(v["stdout"], outCap));
  const stderr = need(text(v["stderr"], outCap));
  const durationMs = typeof v["durationMs"] === "number" && v["durationMs"] >= 0 ? v["durationMs"] : 0;
  const count = (name: string): Record<string, number> => (typeof v[name] === "number" && Number.isSafeInteger(v[name]) && (v[name] as number) >= 0 ? { [name]: v[name] as number } : {});
  const fuel = { ...count("fuel"), ...count("loadFuel") };
  if (v["status"] === "failed") return { status: "failed", failure: failureOf(v["failure"]), stdout, stderr, durationMs, ...fuel };
  if (v["status"] !== "ran" || !Array.isArray(v["calls"]) || v["calls"].length > spec.inputs.length) throw new Bad();
  // All of a run's answers together within the cap (the engine keeps to it; a reply past it is not its).
  const cap = request.limits.valueChars + 64;
  const calls = v["calls"].map((c) => callOf(c, cap, spec.peers?.length ?? 0));
  const total = calls.reduce((n, c) => n + (c.ok ? c.value.length + (c.input?.length ?? 0) : 0), 0);
  if (total > cap) throw new Bad();
  // The peers' record is capped apart, per run (peers.ts).
  const sentTotal = calls.reduce((n, c) => n + (c.sent ?? []).reduce((k, m) => k + m.text.length, 0), 0);
  if (sentTotal > PEER_LIMITS.runChars) throw new Bad();
  const stopped = v["stopped"] === undefined ? undefined : failureOf(v["stopped"]);
  const modules = Array.isArray(v["modules"]) ? v["modules"].filter((m): m is string => typeof m === "string" && m.length < 300).slice(0, 200) : undefined;
  return { status: "ran", calls, ...(stopped ? { stopped } : {}), ...(modules ? { modules } : {}), stdout, stderr, durationMs, ...fuel, ...count("largestCall"), ...count("largestLoad") };
}

export function checkReply(request: SandboxRequest, message: unknown): SandboxReply {
  const bad = (): SandboxReply => ({ runs: request.runs.map(() => ({ status: "failed", failure: failures.crash("the sandbox's reply could not be read"), stdout: "", stderr: "", durationMs: 0 })) });
  if (!isObject(message)) return bad();
  if (typeof message["error"] === "string") {
    return { runs: request.runs.map(() => ({ status: "failed", failure: failures.crash(message["error"] as string), stdout: "", stderr: "", durationMs: 0 })) };
  }
  const reply = message["reply"];
  if (!isObject(reply) || !Array.isArray(reply["runs"]) || reply["runs"].length !== request.runs.length) return bad();
  try {
    return { runs: reply["runs"].map((r, i) => runOf(r, request.runs[i]!, request)) };
  } catch (error) {
    if (error instanceof Bad) return bad();
    throw error;
  }
}
