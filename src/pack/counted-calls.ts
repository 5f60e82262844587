// The count probe's padding (issue 20: state as a switch). A handle whose rules fail on generated
// messages after earlier calls but hold on each alone keeps state between calls: one mistake,
// which the packs' rule families read through. Code right only for its first calls (a counter, the
// time since its load, "the rules for the page's 13 messages, nothing after") looks the same, and
// kept every family for that one point. So a failing input goes again to a fresh instance after
// as many calls as came before it in the shared run, each a call that changes nothing a student's
// code keeps: for handle a progress notification about no request (never answered), for serve an
// empty list of lines. A memo, a cache that fills and evicts, out and log never emptied (honest
// state mistakes, one point each) are left as a fresh instance has them, so a rule that fails
// there too was broken by the calls' number, not by what they said: a mistake of its own (each
// pack marks it notThrough its state check). Padding with requests of the earlier calls' kinds
// would also reach a counter of tools/call alone, but it fills such caches and piles up such
// output: it charged serve-module-arrays more than a point for its one mistake.

import type { RunSpec, WireRun } from "../sandbox/protocol.js";
import { unjudgedStatus } from "./verdict.js";

/** A notification MCP has, so that code cannot tell these calls from any other by a method only the grader sends. */
export const PADDING_NOTIFICATION = JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "p", progress: 1 } });

/** The most padding before one probed input: past any page's session and a run's generated inputs. */
export const MOST_PADDING = 2_000;

/** `before` padding calls (at most MOST_PADDING) of `call`. */
export const padding = (before: number, call: string): string[] => Array.from({ length: Math.min(MOST_PADDING, before) }, () => call);

/** Ids no fixture or generated message carries (every pack draws its ids below a billion). */
const PADDING_IDS = 2_000_000_000;

/**
 * handle's padding before `probed` (JSON text): `before` times (at most MOST_PADDING) a progress
 * notification and then a request, the first of `requests` whose method the probed message does
 * not have, each under an id of its own that no other message has. A counter of requests alone
 * (notifications answered first, then `calls += 1`, a natural way to write it) skipped padding of
 * notifications only (cheats-2026-12-06b progress-blind: ch2 16/17, stateless 40/41). A request
 * of another method under a new id leaves what honest state keeps as it was for the probed
 * message: a memo by the whole message or by its id has no entry for it, one that forgets the id
 * has none for its method.
 */
export function handlePadding(before: number, probed: string, requests: readonly ((id: number) => string)[]): string[] {
  const method = (JSON.parse(probed) as { method?: unknown } | null)?.method;
  const request = requests.find((make) => (JSON.parse(make(0)) as { method?: unknown }).method !== method) ?? requests[0];
  const n = Math.min(MOST_PADDING, before);
  return Array.from({ length: 2 * n }, (_, k) => (k % 2 === 0 || !request ? PADDING_NOTIFICATION : request(PADDING_IDS + (k >> 1))));
}

/**
 * One run a probed group (its padding, then the probed input), each in a fresh instance and
 * context: each gets a run's own work budget, so code that spins on the padding cannot use up
 * the others' (one run for every group was stopped before its probed inputs, and counted nothing).
 */
export const groupRuns = (call: Omit<RunSpec, "inputs" | "instance" | "stopOnFailure">, groups: readonly string[][]): RunSpec[] =>
  groups.map((inputs) => ({ ...call, inputs: [...inputs], groups: [inputs.length], instance: "fresh", context: "fresh", stopOnFailure: false }));

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
