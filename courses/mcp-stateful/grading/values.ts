// Reading what came back: a call's value as plain data (what JSON cannot hold named in its
// place), and why a run gave nothing to judge.
import type { TaskFailure, WireCall, WireRun } from "../../../src/sandbox/protocol.js";
import { decodeValue, NotData } from "../../../src/sandbox/value.js";
import type { Outcome } from "../behaviour/session.js";

const NOT_DATA = "\u0000notData";

/** A call's value as the grader reads it; what JSON cannot hold is named in its place. */
export function valueOf(call: WireCall | undefined): unknown {
  if (!call?.ok) return undefined;
  const decoded = decodeValue(call.value);
  if (!decoded.ok) return { [NOT_DATA]: decoded.problem };
  const plain = (v: unknown): unknown => {
    if (v instanceof NotData) return { [NOT_DATA]: v.what };
    if (Array.isArray(v)) return v.map(plain);
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: plain(x), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  return plain(decoded.value);
}

const SIGNATURES: Record<string, string> = {
  LabServer: "a class named LabServer (export class LabServer { ... })",
  LabClient: "a class named LabClient (export class LabClient { ... })",
  InMemoryTransport: "a class named InMemoryTransport (export class InMemoryTransport { ... })",
};

/** Why a run gave nothing to judge, as the failure to show; undefined when its first call ran. */
export function rootCause(run: WireRun | undefined): TaskFailure | undefined {
  if (!run) return { reason: "crash", message: "it was not run" };
  if (run.status === "skipped") return { reason: "crash", message: "it was not run, because an earlier run of the task did not finish" };
  if (run.status === "failed") return run.failure;
  const first = run.calls[0];
  if (first && !first.ok) {
    const f = first.failure;
    if (f.reason !== "missing-export") return f;
    const name = Object.keys(SIGNATURES).find((n) => f.message.includes(`named ${n}.`));
    return name ? { ...f, message: f.message.replace(`a function named ${name}.`, `${SIGNATURES[name]}.`) } : f;
  }
  return run.stopped;
}

/**
 * The page's trace from its run, a step per call (plan.ts): each step's outcome, and where a
 * step's call failed (it never returned), a hole in `session` and why in `stops`.
 */
export function traceOutcomes(run: WireRun | undefined): { session?: Outcome[]; stops?: string[] } {
  if (run?.status !== "ran" || !run.calls.length) return {};
  const session: Outcome[] = [];
  const stops: string[] = [];
  run.calls.forEach((call, k) => {
    if (call.ok) session[k] = valueOf(call) as Outcome;
    else stops[k] = call.failure.message;
  });
  return { session, stops };
}
