// The count probe (issue 20: state as a switch). A handle whose rules fail on generated messages
// after earlier calls but hold on each alone keeps state between calls: one mistake, which the
// packs' rule families read through. Code right only for its first calls (a counter, the time
// since its load, "the rules for the page's 13 messages, nothing after") looks the same, and kept
// every family for that one point. So a failing input goes again to a fresh instance after as many
// calls as came before it in the shared run: for handle, the shared run's own calls with those
// that could have made it answer otherwise left out (probe-prefix.ts); for serve, empty lists of
// lines, since every list would pile up an honest serve's out and log never emptied
// (serve-module-arrays). A rule that fails there too was broken by the calls' number or kinds, not
// by what they said about it: a mistake of its own (each pack marks it notThrough its state check).

import type { RunSpec, WireRun } from "../sandbox/protocol.js";
import { unjudgedStatus } from "./verdict.js";

/** A notification MCP has, so that code cannot tell these calls from any other by a method only the grader sends. */
export const PADDING_NOTIFICATION = JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "p", progress: 1 } });

/** The most padding before one probed input: past any page's session and a run's generated inputs. */
export const MOST_PADDING = 2_000;

/** `before` padding calls (at most MOST_PADDING) of `call`. */
export const padding = (before: number, call: string): string[] => Array.from({ length: Math.min(MOST_PADDING, before) }, () => call);

/**
 * One run a probed input (its instances' calls, the probed input last), in a fresh context: each
 * gets a run's own work budget, so code that spins on the calls before cannot use up the others'
 * (one run for every probed input was stopped before its probed inputs, and counted nothing).
 */
export const groupRuns = (call: Omit<RunSpec, "inputs" | "instance" | "stopOnFailure">, runs: readonly (readonly string[][])[]): RunSpec[] =>
  runs.map((instances) => ({ ...call, inputs: instances.flat(), groups: instances.map((calls) => calls.length), instance: "fresh", context: "fresh", stopOnFailure: false }));

/**
 * Whether a group's run answered its probed input (its last), and if not, whose doing that was:
 * "fail" when the student's code kept it from an answer (it used up its budget on the padding,
 * stalled, or did not load: the probed rule is not followed after those calls), "error" when the
 * grader did (the clock's backstop, a run not made), which judges nothing.
 */
export function probedEnd(run: WireRun | undefined, size: number): "answered" | "fail" | "error" {
  if (!run || run.status === "skipped") return "error";
  if (run.status === "failed") return unjudgedStatus(run.failure);
  if (run.calls.length >= size) return "answered";
  return run.stopped ? unjudgedStatus(run.stopped) : "error";
}

/** The most instances made before a probed one: past any request's runs before a task's. */
const MOST_LOADS = 16;

/**
 * The most module instances the shared context made of any one module before run `before` (a
 * run in a context of its own made none there): as many come before the probed instance in a
 * probe's context, so that a count of loads kept on globalThis cannot tell the two apart
 * (cheats-2026-12-06d context-load-count: lazy from the third load of task1.ts in a context, which
 * the probe's page and probed instances never reached).
 */
export function loadsBefore(specs: readonly RunSpec[], runs: readonly (WireRun | undefined)[], before: number): number {
  const loads = new Map<string, number>();
  for (let i = 0; i < before; i++) {
    const spec = specs[i];
    const run = runs[i];
    if (!spec || spec.context === "fresh" || !run || run.status === "skipped") continue;
    const made = run.status === "failed" ? 1 : spec.instance === "fresh" ? spec.groups?.length ?? run.calls.length : 1;
    for (const module of run.status === "ran" ? run.modules ?? [spec.entry] : [spec.entry]) loads.set(module, (loads.get(module) ?? 0) + made);
  }
  return Math.max(0, ...loads.values());
}

/** A probe's instances with the first (the page's) made again until the probed one, the last, comes after `loads` others. */
export function afterLoads(instances: readonly string[][], loads: number): string[][] {
  const [page, ...rest] = instances;
  if (!page) return [...instances];
  return [...Array.from({ length: Math.max(1, Math.min(loads, MOST_LOADS) - rest.length + 1) }, () => page), ...rest];
}
