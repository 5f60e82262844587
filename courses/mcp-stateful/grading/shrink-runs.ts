// Task 2's follow-up request (Pack.refine): for each server check that failed on a session's
// answers, the smaller sessions behaviour/shrink.ts cuts from its counterexample, each in a fresh
// instance as the first request's sessions ran (a check of two servers: each candidate together
// and each server alone, each run in a context of its own), judged as the first request's were.
// The smallest that fails the same check with the same wrong answer is shown in the original's
// place. A candidate that throws, stops, is answered rightly or wrongly in another way did not
// reproduce the failure; when none did, the original stands.
import type { FollowUp, PlanInput } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { RunSpec, SandboxReply } from "../../../src/sandbox/protocol.js";
import { candidates } from "../behaviour/shrink.js";
import { alone as aloneOf, sessionCode, type Outcome, type Session, type StepRule } from "../behaviour/session.js";
import { judge } from "./judge.js";
import { SERVER_RUN, type StatefulPlan } from "./plan.js";
import { counterexamples, judgeAlone, judgeSteps, outcomesOf, type Failure, type IdMistakes } from "./server-verdicts.js";

// Two servers side by side cost a run per candidate and one per server: fewer of them.
export const SIDE_BY_SIDE_CANDIDATES = 8;

/** A smaller counterexample: the failure, and the session cut after its wrong answer. */
export type Shrunk = Failure & { session: Session };

interface Try { session: Session; run: number; at: number; apart?: (number | undefined)[] }
interface Asked { check: string; judges: readonly StepRule[] | "envelope" | "alone"; first: Failure; size: number[]; tries: Try[]; ids: IdMistakes }

/** How big a counterexample reads: its steps, then its servers, then its code's length. */
const sizeOf = (session: Session, steps: number): number[] => [steps, session.servers.length, sessionCode(session, steps).length];
const smaller = (a: readonly number[], b: readonly number[]): boolean => {
  const k = a.findIndex((x, i) => x !== b[i]);
  return k >= 0 && a[k]! < b[k]!;
};

/** The candidate's failure, when it fails the check with the first failure's wrong answer (a throw instead is another failure). */
function reproduced(a: Asked, t: Try, reply: SandboxReply): Failure | undefined {
  const got = outcomesOf(reply.runs[t.run], t.at).outcomes;
  if (!got) return undefined;
  const alone = t.apart?.map((r) => (r === undefined ? [] : outcomesOf(reply.runs[r], 0).outcomes));
  if (alone?.some((x) => x === undefined)) return undefined;
  const f = a.judges === "alone" ? judgeAlone(t.session, got, alone as Outcome[][]) : judgeSteps(t.session, got, a.judges, a.ids);
  return f && f.expected === a.first.expected && f.actual === a.first.actual ? f : undefined;
}

/**
 * The follow-up's runs for a grading's failed server checks, and, from their reply, each check's
 * smallest counterexample that is smaller than the first; undefined when no check has one to cut.
 */
export function shrinkRuns(plan: StatefulPlan, reply: SandboxReply, input: PlanInput): { runs: RunSpec[]; smaller(reply: SandboxReply): Map<string, Shrunk> } | undefined {
  const p = plan.task2?.sessions;
  if (!input.behaviour || !p) return undefined;
  const runs: RunSpec[] = [];
  const asked: Asked[] = [];
  for (const { check, session, failure, ids } of counterexamples(p, reply)) {
    const sideBySide = check.judges === "alone";
    const sessions = candidates(session, sideBySide).slice(0, sideBySide ? SIDE_BY_SIDE_CANDIDATES : undefined);
    if (!sessions.length) continue;
    // A server alone is run once however many candidates leave it the same steps.
    const made = new Map<string, number>();
    const own = (s: Session): number => {
      const text = JSON.stringify(s);
      let run = made.get(text);
      if (run === undefined) made.set(text, run = runs.push({ ...SERVER_RUN, inputs: [text], instance: "fresh", context: "fresh", stopOnFailure: false }) - 1);
      return run;
    };
    let tries: Try[];
    // A server with no steps left answers nothing alone: no run.
    const apart = (s: Session): (number | undefined)[] => s.servers.map((_, k) => { const a = aloneOf(s, k); return a.steps.length ? own(a) : undefined; });
    if (sideBySide) tries = sessions.map((s) => ({ session: s, run: own(s), at: 0, apart: apart(s) }));
    else {
      const run = runs.push({ ...SERVER_RUN, inputs: sessions.map((s) => JSON.stringify(s)), instance: "fresh", stopOnFailure: false }) - 1;
      tries = sessions.map((s, at) => ({ session: s, run, at }));
    }
    asked.push({ check: check.name, judges: check.judges, first: failure, size: sizeOf(session, failure.steps), tries, ids });
  }
  if (!runs.length) return undefined;
  return {
    runs,
    smaller(second) {
      const out = new Map<string, Shrunk>();
      for (const a of asked) {
        let best: { failure: Shrunk; size: number[] } | undefined;
        for (const t of a.tries) {
          const f = reproduced(a, t, second);
          if (!f) continue;
          const size = sizeOf(t.session, f.steps);
          if (smaller(size, best?.size ?? a.size)) best = { failure: { ...f, session: { servers: t.session.servers, steps: t.session.steps.slice(0, f.steps) } }, size };
        }
        if (best) out.set(a.check, best.failure);
      }
      return out;
    },
  };
}

/** The pack's follow-up (Pack.refine): task 2's server checks judged again with the smaller counterexamples found. */
export function refine(plan: StatefulPlan, reply: SandboxReply, input: PlanInput): FollowUp | undefined {
  const shrink = shrinkRuns(plan, reply, input);
  const task2 = plan.task2;
  if (!shrink || !task2) return undefined;
  return {
    runs: shrink.runs,
    recheck(second): Record<string, CheckResult[]> {
      const smaller = shrink.smaller(second);
      if (!smaller.size) return {};
      // The first reply judged again, each counterexample the follow-up made smaller in its place.
      const again = judge({ runs: plan.runs, seed: plan.seed, behaviour: plan.behaviour, task2 }, reply, { ...input, schema: false }, smaller);
      return { task2: again["task2"]?.extra ?? [] };
    },
  };
}
