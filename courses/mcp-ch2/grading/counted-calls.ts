// Part of chapter 2's recount (recount.ts): state, or a count of calls? A handle whose rules fail on
// generated messages after earlier calls, but hold on each message alone in a fresh instance,
// keeps state between calls: one mistake (t2_fresh_instance), which the rules read through. Code
// right only for its first calls (a module counter, the time since its load) looks the same, and
// kept every family for that one point (cheats-2026-12-05d ch2-first-8-calls: 16/17). So a few
// failing messages are sent again, each to a fresh instance after as many notifications as calls
// came before it in the shared run (at most MOST_PADDING). A progress notification about no
// request changes no state a handle may keep (it is never answered); a rule that fails there too is
// broken by the number of calls, not by what they said: its own mistake, not read through the state.
import { callOf } from "../../../src/pack/types.js";
import type { PlanInput, TaskJudgement } from "../../../src/pack/types.js";
import { picked } from "../../../src/pack/interleave.js";
import type { RunSpec, SandboxReply } from "../../../src/sandbox/protocol.js";
import { breaksRule, failingInputs } from "../behaviour/judge.js";
import { planInputs } from "../behaviour/plan.js";
import { TASKS } from "../course/tasks.js";
import { readCalls } from "./outcomes.js";
import { FIXTURE_INPUTS, type GradingRequest } from "./request.js";

// A notification MCP has (progress on a request no one made), so that code cannot tell these calls
// from any other by a method only the grader sends, and count all but them.
const PADDING = JSON.stringify({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "p", progress: 1 } });
// The chapter's eight fixture calls and a margin: a count past that is no fixture's.
const MOST_PADDING = 40;
const MOST_MESSAGES = 24;
const PER_CHECK = 1;

export interface CountProbe {
  runs: RunSpec[];
  /** The rules whose messages failed after the notifications too. */
  read(reply: SandboxReply): ReadonlySet<string>;
}

/** The probe, when task 2's state check failed beside rules that hold on the messages alone. */
export function countProbe(plan: Pick<GradingRequest, "tasks">, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>): CountProbe | undefined {
  const r = plan.tasks.task2;
  const extra = first["task2"]?.extra ?? [];
  if (!input.behaviour || !r || r.generated === undefined || r.fresh === undefined || !extra.some((c) => c.name === "t2_fresh_instance" && c.status === "fail")) return undefined;
  const failed = new Set(extra.filter((c) => c.status === "fail" && c.kind === "behaviour").map((c) => c.name));
  const calls = picked(readCalls("task2", reply.runs[r.generated]), r.picks);
  const fresh = readCalls("task2", reply.runs[r.fresh]);
  if (!calls || !fresh) return undefined;
  const fixtures = FIXTURE_INPUTS.task2.length;
  const failing = failingInputs("task2", r.plan, calls, fixtures, input.seed);
  const { offsets } = planInputs(r.plan);
  const aloneOf = (g: number) => fresh[r.freshOrder ? r.freshOrder.indexOf(g) : g];
  const chosen: { k: number; i: number; before: number }[] = [];
  r.plan.forEach((planned, k) => {
    if (!failed.has(planned.check.name)) return;
    // Only messages the rule answers right alone: the others' failures are the rule's already.
    const alone = failing[k]!.filter((i) => !breaksRule("task2", planned, i, aloneOf(offsets[k]! + i))).slice(0, PER_CHECK);
    for (const i of alone) {
      const g = fixtures + offsets[k]! + i;
      if (chosen.length < MOST_MESSAGES) chosen.push({ k, i, before: Math.min(MOST_PADDING, r.picks?.[g] ?? g) });
    }
  });
  if (!chosen.length) return undefined;
  const inputs = chosen.flatMap(({ k, i, before }) => [...Array.from({ length: before }, () => PADDING), JSON.stringify(r.plan[k]!.inputs[i])]);
  const run: RunSpec = { ...callOf(TASKS.task2), inputs, groups: chosen.map((c) => c.before + 1), instance: "fresh", context: "fresh", stopOnFailure: false };
  return {
    runs: [run],
    read(second) {
      const out = readCalls("task2", second.runs[0]);
      const counted = new Set<string>();
      let at = -1;
      for (const { k, i, before } of chosen) {
        at += before + 1;
        if (out?.[at] && breaksRule("task2", r.plan[k]!, i, out[at])) counted.add(r.plan[k]!.check.name);
      }
      return counted;
    },
  };
}
