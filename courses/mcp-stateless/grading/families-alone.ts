// Part of the pack's recount (recount.ts): handle's rules read alone, when it keeps state. A slip of
// state kept between calls (a version test by a module-level regex with the g flag, whose
// lastIndex refuses every other well-versioned request: ch2-sl-round-2026-12-07d) showed in every
// family and line rule whose inputs came after earlier calls, and the count probe (counted-calls.ts)
// took them for a count of calls, since every call before the probed one moved the regex too:
// 31/41 for one slip. So when t2_no_session_state failed beside such rules, a few failing inputs
// of each go again, each alone to a fresh module instance (most gradings find no state and pay
// nothing for it). A rule they all follow there failed by the state, charged to it, when its
// failures after earlier calls are one and the same wrong answer (its id aside) and it gave the
// rules' answer otherwise to inputs of its own after earlier calls too: the state switching one
// answer on and off, not a handle right only for its first calls (gaming-lazy-after-13, whose
// families fail with each rule's own wrong answers, or with one refusal for every input). A rule
// that fails alone too is a mistake of its own beside the state.
import { callOf, type PlanInput, type Probe, type TaskJudgement } from "../../../src/pack/types.js";
import { picked } from "../../../src/pack/interleave.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { sameJson } from "../evidence/reading.js";
import { TASK2_FAMILIES } from "../evidence/rule-families.js";
import { FIXTURE_INPUTS, LINE_RULE_IDS, taskOf, type StatelessPlan } from "./plan.js";
import { readCall, readRun } from "./outcomes.js";
import { STATE_CHECK } from "./state-charges.js";

/** Failing inputs sent alone a rule, spread over its failures; and the most in all (a follow-up stays small). */
const PER_RULE = 4;
const MOST_INPUTS = 64;

const HANDLE = taskOf("task2");
const ruleIds = (): Set<string> => new Set([...Object.keys(TASK2_FAMILIES), ...LINE_RULE_IDS]);
const unpaid = (checks: readonly CheckResult[], name: string): boolean => checks.some((c) => c.name === name && c.status === "fail" && c.chargedTo === undefined);

/** What the rules read through the state: each rule's failing inputs (generated indices) with its answers after earlier calls and alone. */
export interface RulesAlone { alone: ReadonlyMap<number, Outcome | undefined> }

type Judges = (p: PlannedCheck, i: number, o: Outcome | undefined) => boolean;

const spread = <T>(list: readonly T[], most: number): T[] => (list.length <= most ? [...list] : Array.from({ length: most }, (_, k) => list[Math.floor((k * list.length) / most)]!));

/** The probe, when t2_no_session_state failed beside handle's family or line rules; `read`: each sent input's answer alone, by generated index. */
export function rulesAloneProbe(plan: StatelessPlan, reply: SandboxReply, input: PlanInput, first: Record<string, TaskJudgement>, judges: () => Judges): Probe<RulesAlone> | undefined {
  const runs = plan.own.task2;
  const extra = first["task2"]?.extra ?? [];
  if (!input.behaviour || !runs || runs.generated === undefined || !unpaid(extra, STATE_CHECK)) return undefined;
  const ids = ruleIds();
  const rules = runs.checks.filter((p) => ids.has(p.check.id) && unpaid(extra, p.check.id));
  if (!rules.length) return undefined;
  const calls = picked(readRun(HANDLE, reply.runs[runs.generated], true), runs.picks)?.slice(FIXTURE_INPUTS.task2.length);
  if (!calls) return undefined;
  const judge = judges();
  const sent = new Set<number>();
  for (const p of rules) {
    const failing = p.inputs.flatMap((_, k) => (judge(p, p.offset + k, calls[p.offset + k]) ? [] : [p.offset + k]));
    for (const g of spread(failing, PER_RULE)) if (sent.size < MOST_INPUTS) sent.add(g);
  }
  if (!sent.size) return undefined;
  const generated = runs.checks.flatMap((p) => p.inputs);
  // Every server/discover last: a flag it sets on globalThis must not reach a message that needs it.
  const isDiscover = (g: number): boolean => (generated[g] as { method?: unknown } | null)?.method === "server/discover";
  const order = [...sent].sort((a, b) => Number(isDiscover(a)) - Number(isDiscover(b)) || a - b);
  const spec = { ...callOf(HANDLE), inputs: order.map((g) => JSON.stringify(generated[g])), instance: "fresh" as const, context: "fresh" as const, stopOnFailure: false };
  return {
    runs: [spec],
    read: (again) => {
      const run = again.runs[0];
      const out = new Map<number, Outcome | undefined>();
      order.forEach((g, k) => out.set(g, run?.status === "ran" && run.calls[k] ? readCall(HANDLE, run.calls[k], true) : undefined));
      return { alone: out };
    },
  };
}

const withoutId = (o: Outcome | undefined): unknown => {
  if (!o?.ok || typeof o.value !== "object" || o.value === null || Array.isArray(o.value)) return o?.ok ? o.value : undefined;
  const { id: _id, ...rest } = o.value as Record<string, unknown>;
  return rest;
};

/**
 * What the answers alone show: `byState`, the rules whose failures the state explains; `ownAlone`,
 * those that fail alone too, a mistake of their own beside the state (not a count of calls either).
 */
export interface StateRules { byState: ReadonlySet<string>; ownAlone: ReadonlySet<string> }

/**
 * The rule failures the state explains: each failing rule whose sampled failing inputs all get the
 * rules' answer alone (`judgesAlone`: by the rules' answer to that input alone, the orders as the
 * page's data has them), and whose failures after earlier calls are one wrong answer (or that
 * input's answer alone: the orders as the state left them), beside inputs of its own answered
 * otherwise by the rules after earlier calls.
 */
export function rulesFailedByState(checks: readonly CheckResult[], planned: readonly PlannedCheck[], shared: readonly (Outcome | undefined)[], found: RulesAlone, judges: Judges, judgesAlone: Judges): StateRules {
  const out = { byState: new Set<string>(), ownAlone: new Set<string>() };
  if (!unpaid(checks, STATE_CHECK)) return out;
  const ids = ruleIds();
  for (const p of planned) {
    if (!ids.has(p.check.id) || !unpaid(checks, p.check.id)) continue;
    const at = p.inputs.map((_, k) => p.offset + k);
    const failing = at.filter((g) => !judges(p, g, shared[g]));
    const sent = failing.filter((g) => found.alone.has(g));
    if (!sent.length) continue;
    if (!sent.every((g) => judgesAlone(p, g, found.alone.get(g)))) { out.ownAlone.add(p.check.id); continue; }
    // An answer the rules give that input alone is the orders as the state left them (a cancel refused earlier).
    const slipped = failing.filter((g) => !judgesAlone(p, g, shared[g]));
    const wrong = slipped.length ? withoutId(shared[slipped[0]!]) : undefined;
    if (wrong === undefined || !slipped.every((g) => sameJson(withoutId(shared[g]), wrong))) continue;
    if (at.some((g) => judges(p, g, shared[g]) && shared[g]?.ok === true && !sameJson(withoutId(shared[g]), wrong))) out.byState.add(p.check.id);
  }
  return out;
}

/** `checks` with the rules the state explains charged to t2_no_session_state. */
export function chargeRulesToState(checks: readonly CheckResult[], byState: ReadonlySet<string>): CheckResult[] {
  if (!byState.size) return [...checks];
  const note = ` Some of its failing inputs, each given first to a module instance of its own, get the rule's answer, and after earlier calls it gives the rule's answer or always the same wrong one: state kept between calls switching that answer on and off, charged by ${STATE_CHECK}; it costs nothing more here.`;
  return checks.map((c) => (byState.has(c.name) && c.status === "fail" && c.chargedTo === undefined ? { ...c, chargedTo: STATE_CHECK, message: `${c.message ?? ""}${note}` } : c));
}
