// The page's own run, each message again alone (issue 20: one mistake, one point). A function that
// keeps state between calls (a memo by tool name, arguments piled into a module-level object)
// answers the page's later messages wrong after its earlier ones, and each evidence line that
// reads one of them took its point: two to four points for one memo (state-mistakes-2026-12-06
// ch2-memo-tool-name, sl-args-assign, sl-memo-tool-name). When the task's state check failed
// beside such lines, a pack's recount sends the page's messages again, each to a module instance
// of its own in a context of its own; a line their answers there make right failed by the state
// the state check charges. Nothing is gained by it that the work did not earn: a line whose rule
// fails on other inputs (or after a count of calls, counted-calls.ts) loses its point through
// that rule all the same.
import type { CheckResult } from "../report/types.js";
import type { RunSpec, TaskFailure, WireCall } from "../sandbox/protocol.js";
import { failures } from "../sandbox/failures.js";
import { FailedCall } from "./failed-call.js";
import { chargeStateBetweenCalls } from "./fresh-instance.js";
import type { Probe, TaskJudgement } from "./types.js";

export interface PageAlone {
  spec: RunSpec;
  /** The run's k-th call is message order[k]. */
  order: number[];
}

/**
 * The run: each of `texts` alone, in the order of their `rank` (lowest first, else the page's):
 * what a message leaves on globalThis (a flag initialize sets, a question a first round asks) must
 * not reach a message that needs it.
 */
export function pageAloneRun(call: Pick<RunSpec, "entry" | "exportName">, texts: readonly string[], rank: (i: number) => number): PageAlone {
  const order = texts.map((_, i) => i).sort((a, b) => rank(a) - rank(b) || a - b);
  return { spec: { ...call, inputs: order.map((i) => texts[i]!), instance: "fresh", context: "fresh", stopOnFailure: false }, order };
}

/** A run's calls back in the order of the messages (`order` as pageAloneRun made it). */
export function inPageOrder<T>(calls: readonly T[], order: readonly number[]): (T | undefined)[] {
  const out: (T | undefined)[] = order.map(() => undefined);
  order.forEach((message, k) => { out[message] = calls[k]; });
  return out;
}

const NOTE = " Each message this line reads, given first to a module instance of its own, gives the line's accepted value: the difference is state kept between calls, charged by";

/**
 * `page` (a task's evidence checks and the rest) with every evidence line that failed, charged
 * nowhere, and passes in `alone` (the same lines computed from the answers alone) charged to
 * `state` when it failed and is charged nowhere itself.
 */
export function chargePageLinesToState(page: readonly CheckResult[], alone: readonly CheckResult[], state: CheckResult | undefined, exportName: string): CheckResult[] {
  if (state?.status !== "fail" || state.chargedTo !== undefined) return [...page];
  const right = new Set(alone.filter((c) => c.status === "pass").map((c) => c.name));
  const lines = page.filter((c) => c.kind === "evidence");
  const charged = new Map(chargeStateBetweenCalls(lines, state, right, exportName, `${NOTE} ${state.name}; it costs nothing more here.`).map((c) => [c.name, c]));
  return page.map((c) => charged.get(c.name) ?? c);
}

/** Whether a task's judgement asks for the run: its state check failed, charged nowhere, beside an evidence line charged nowhere. */
export function pageAloneAsked(checks: readonly CheckResult[], stateName: string): boolean {
  const own = (c: CheckResult): boolean => c.status === "fail" && c.chargedTo === undefined;
  return checks.some((c) => c.name === stateName && own(c)) && checks.some((c) => c.kind === "evidence" && own(c));
}

/** The probe, when `judgement`'s state check `stateName` failed beside one of its lines; `read`: each message's answer alone, read by `readCall`, in the page's order. */
export function pageAloneProbe<O>(run: PageAlone, judgement: TaskJudgement | undefined, stateName: string, readCall: (call: WireCall) => O): Probe<(O | undefined)[]> | undefined {
  if (!judgement || !pageAloneAsked([...judgement.checks, ...(judgement.extra ?? [])], stateName)) return undefined;
  return {
    runs: [run.spec],
    read: (reply) => {
      const r = reply.runs[0];
      return r?.status === "ran" ? inPageOrder(r.calls.map(readCall), run.order) : run.order.map(() => undefined);
    },
  };
}

const NOT_ANSWERED = failures.crash("no answer alone");

/** Each of `count` messages' value alone, a FailedCall where its call failed or was not made, as the lines read the page's. */
export function valuesAlone(alone: readonly ({ ok: true; value: unknown } | { ok: false; failure: TaskFailure } | undefined)[], count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => { const c = alone[i]; return c?.ok ? c.value : new FailedCall(i, c?.failure ?? NOT_ANSWERED); });
}

/**
 * `judgement` with its lines that `right` (the same lines from the answers alone) passes charged to
 * its state check `stateName`; not when the count probe counted one of its rules (`counted`): code
 * right on an instance's first call only is right on every page message alone too
 * (game-handle-first-call-only).
 */
export function chargeJudgementLines(judgement: TaskJudgement, right: readonly CheckResult[], stateName: string, exportName: string, counted?: ReadonlySet<string>): void {
  if (counted && [...judgement.checks, ...(judgement.extra ?? [])].some((c) => counted.has(c.name))) return;
  judgement.checks = chargePageLinesToState(judgement.checks, right, judgement.extra?.find((c) => c.name === stateName), exportName);
}
