// A thread's reply, checked field by field before the grader reads it: its shape is the
// engine's, but every string in it came from the student's code, and a reply of any other shape
// is that submission's error.
import { failures } from "./failures.js";
import type { FailureReason, SandboxReply, SandboxRequest, TaskFailure, WireCall, WireRun } from "./protocol.js";

const REASONS = new Set<FailureReason>(["not-written", "missing-file", "syntax", "missing-export", "import-error", "refused-file", "throw", "promise", "not-json", "exit", "timeout", "crash", "out-of-memory", "too-large"]);
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const text = (v: unknown, cap: number): string | undefined => (typeof v === "string" && v.length <= cap ? v : undefined);

class Bad extends Error {}
const need = <T>(v: T | undefined): T => { if (v === undefined) throw new Bad(); return v; };

function failureOf(v: unknown): TaskFailure {
  if (!isObject(v) || !REASONS.has(v["reason"] as FailureReason)) throw new Bad();
  return { reason: v["reason"] as FailureReason, message: need(text(v["message"], 4000)) };
}

function callOf(v: unknown, valueCap: number): WireCall {
  if (!isObject(v)) throw new Bad();
  if (v["ok"] === true) {
    const value = need(text(v["value"], valueCap));
    const input = v["input"] === undefined ? undefined : need(text(v["input"], valueCap));
    return input === undefined ? { ok: true, value } : { ok: true, value, input };
  }
  if (v["ok"] === false) return { ok: false, failure: failureOf(v["failure"]) };
  throw new Bad();
}

function runOf(v: unknown, spec: SandboxRequest["runs"][number], request: SandboxRequest): WireRun {
  if (!isObject(v)) throw new Bad();
  if (v["status"] === "skipped") return { status: "skipped" };
  const outCap = request.limits.outputChars + 100;
  const stdout = need(text(v["stdout"], outCap));
  const stderr = need(text(v["stderr"], outCap));
  const durationMs = typeof v["durationMs"] === "number" && v["durationMs"] >= 0 ? v["durationMs"] : 0;
  if (v["status"] === "failed") return { status: "failed", failure: failureOf(v["failure"]), stdout, stderr, durationMs };
  if (v["status"] !== "ran" || !Array.isArray(v["calls"]) || v["calls"].length > spec.inputs.length) throw new Bad();
  // All of a run's answers together within the cap (the engine keeps to it; a reply past it is not its).
  const cap = request.limits.valueChars + 64;
  const calls = v["calls"].map((c) => callOf(c, cap));
  const total = calls.reduce((n, c) => n + (c.ok ? c.value.length + (c.input?.length ?? 0) : 0), 0);
  if (total > cap) throw new Bad();
  const stopped = v["stopped"] === undefined ? undefined : failureOf(v["stopped"]);
  const modules = Array.isArray(v["modules"]) ? v["modules"].filter((m): m is string => typeof m === "string" && m.length < 300).slice(0, 200) : undefined;
  return { status: "ran", calls, ...(stopped ? { stopped } : {}), ...(modules ? { modules } : {}), stdout, stderr, durationMs };
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
