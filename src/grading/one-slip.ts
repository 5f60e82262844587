// One slip in how answers are written, one point (issue 20; the slips: src/pack/answer-slips.ts).
// When a judgement lost points and the code's answers carry a slip the pack names, the submission
// is judged again with the slip undone in every value it returned, fixtures and unseen inputs
// alike: the judgement of the code with that one slip fixed, as fair and as hard to fool as the
// first. The slip then costs one point over that judgement: each failure it no longer shows is
// charged to one of them, each it still shows costs as it costs there. So a slip in a helper every
// answer goes through costs one point however many rules it breaks, and a slip beside a handle
// that answers only the fixtures hides none of the handle's mistakes (helper 95's lazy handles
// with is_error or content as one object kept the lines they broke). Asked only of failing code.
import type { Pack, PackPlan, TaskJudgement } from "../pack/types.js";
import type { AnswerSlip, Asked, AskedBy } from "../pack/answer-slips.js";
import { askedIn, slipsIn, undoSlip } from "../pack/slip-undo.js";
import { scoreTask } from "../pack/score.js";
import type { CheckResult } from "../report/types.js";
import type { RunSpec, SandboxReply } from "../sandbox/protocol.js";
import { decodeValue } from "../sandbox/value.js";

type Judged = Record<string, TaskJudgement>;

/** The reply with the slip undone in every plain value a call returned; `changed`: how many answers. */
export function undoInReply(reply: SandboxReply, slip: AnswerSlip, specs: readonly RunSpec[] = []): { reply: SandboxReply; changed: number } {
  let changed = 0;
  const runs = reply.runs.map((run, r) => {
    if (run.status !== "ran") return run;
    const calls = run.calls.map((call, c) => {
      if (!call.ok) return call;
      const decoded = decodeValue(call.value);
      // Only plain data: a value with undefined or a function in it is judged as it is.
      if (!decoded.ok || !decoded.plain) return call;
      const undone = undoSlip(decoded.value, slip, askedBy(specs[r]?.inputs[c]));
      if (!undone.changed) return call;
      changed += undone.changed;
      return { ...call, value: `J${JSON.stringify(undone.value)}` };
    });
    return { ...run, calls };
  });
  return { reply: { runs }, changed };
}

/** The slips some plain value in the reply carries: each value read once. */
export function slipsInReply(reply: SandboxReply, slips: readonly AnswerSlip[], specs: readonly RunSpec[] = []): AnswerSlip[] {
  const found = new Set<AnswerSlip>();
  reply.runs.forEach((run, r) => {
    if (run.status !== "ran") return;
    run.calls.forEach((call, c) => {
      if (!call.ok || found.size === slips.length) return;
      const decoded = decodeValue(call.value);
      if (decoded.ok && decoded.plain) slipsIn(decoded.value, slips, found, askedBy(specs[r]?.inputs[c]));
    });
  });
  return slips.filter((s) => found.has(s));
}

// What a call was given (its input's JSON text), read once and only when a slip asks.
function askedBy(input: string | undefined): AskedBy {
  let asked: Asked | undefined;
  return () => {
    if (asked) return asked;
    let value: unknown;
    try { value = input === undefined ? undefined : JSON.parse(input); } catch { value = undefined; }
    return (asked = askedIn(value));
  };
}

const all = (j: TaskJudgement): CheckResult[] => [...j.checks, ...(j.extra ?? [])];

/** Points a judgement lost, each task as the policy scores its checks. */
export function pointsLost(pack: Pick<Pack, "score">, judged: Judged): number {
  return Object.values(judged).reduce((n, j) => { const p = scoreTask({ checks: all(j) }, pack.score); return n + p.maxScore - p.score; }, 0);
}

// What a check's charge is made of: taken from the judgement with the slip undone.
const CHARGE_FIELDS = ["chargedTo", "beyondLines", "crashed", "crashedOn", "unansweredOn", "ownMistake", "notThrough", "unanswered"] as const;
function chargedAs(first: CheckResult, again: CheckResult): CheckResult {
  const out: Record<string, unknown> = { ...first };
  for (const k of CHARGE_FIELDS) { if (again[k] === undefined) delete out[k]; else out[k] = again[k]; }
  return out as unknown as CheckResult;
}

function notThroughSlips(c: CheckResult, at: readonly { name: string }[]): CheckResult {
  const names = at.map((s) => s.name).filter((name) => name !== c.name && !(c.notThrough ?? []).includes(name));
  return names.length ? { ...c, notThrough: [...(c.notThrough ?? []), ...names] } : c;
}

const sameShape = (a: Judged, b: Judged): boolean => {
  const tasks = Object.keys(a);
  return tasks.length === Object.keys(b).length && tasks.every((t) => {
    const x = b[t] ? all(b[t]!) : [];
    const y = all(a[t]!);
    return x.length === y.length && y.every((c, i) => c.name === x[i]!.name && c.kind === x[i]!.kind);
  });
};

const worse = (before: Judged, after: Judged): boolean =>
  Object.keys(before).some((t) => { const b = all(before[t]!); return all(after[t]!).some((c, i) => c.status === "fail" && b[i]!.status !== "fail"); });

const fixes = (before: Judged, after: Judged): boolean =>
  Object.keys(before).some((t) => { const b = all(before[t]!); return all(after[t]!).some((c, i) => c.status === "pass" && b[i]!.status === "fail"); });

/** One slip undone: the judgement of the code with it (and the slips before it) undone. */
export interface SlipStep { slip: AnswerSlip; judged: Judged }

/**
 * The first judgement with each slip counted once, or undefined where that changes nothing. Each
 * step's judgement has one more slip undone. A failure the last no longer shows is charged to one
 * of those the step that fixed it first no longer shows (that slip, one point), a failure it still
 * shows carries its charges; together they cost the last judgement's points and a point a slip, or
 * as little above that as the policy allows. `mayRaise` false (the undoing did not reach every
 * answer): only a judgement that costs less than the first is taken.
 */
export function countedOnce(pack: Pick<Pack, "score">, first: Judged, steps: readonly SlipStep[], mayRaise = true): Judged | undefined {
  const last = steps.at(-1)?.judged;
  if (!last || steps.some((s) => !sameShape(first, s.judged))) return undefined;
  const lost = pointsLost(pack, first);
  const floor = pointsLost(pack, last) + steps.length;
  const passesAt = (t: string, i: number): number => steps.findIndex((s) => all(s.judged[t]!)[i]!.status === "pass");
  const fixedBy = steps.map((_, k) => Object.keys(first).flatMap((t) => all(first[t]!).flatMap((c, i) => (c.status === "fail" && passesAt(t, i) === k ? [{ t, name: c.name }] : []))));
  if (fixedBy.some((f) => f.length === 0)) return undefined;
  const build = (at: readonly { t: string; name: string }[]): Judged => {
    const mark = (t: string, list: readonly CheckResult[], offset: number): CheckResult[] => list.map((c, n) => {
      if (c.status !== "fail") return c;
      const k = passesAt(t, offset + n);
      // A failure the slips' undoing still shows is no slip's: not read through the checks that
      // carry them (a family reading through a failing line would go free beside it).
      if (k < 0) { const a = all(last[t]!)[offset + n]!; return a.status === "fail" ? notThroughSlips(chargedAs(c, a), at) : c; }
      const slipAt = at[k]!;
      if (t !== slipAt.t || c.name !== slipAt.name) return { ...c, chargedTo: slipAt.name };
      const others = fixedBy[k]!.length - 1;
      const note = `One slip in how the answers are written: ${steps[k]!.slip.says}. With it undone, ${others} more check${others === 1 ? "" : "s"} pass: the slip is counted once, here.`;
      const { chargedTo: _, ...own } = c;
      return { ...own, message: c.message ? `${c.message} ${note}` : note };
    });
    return Object.fromEntries(Object.entries(first).map(([t, j]) => [t, { ...j, checks: mark(t, j.checks, 0), ...(j.extra ? { extra: mark(t, j.extra, j.checks.length) } : {}) }]));
  };
  // Each slip where it costs a point: of its failures, the one that, its own, leaves the count
  // least at or above the floor (a failure the policy charges nothing beside others costs none).
  const at = fixedBy.map((f) => f[0]!);
  for (let k = 0; k < steps.length; k++) {
    const least = floor - (steps.length - 1 - k);
    // Where none reaches it (the failure's line is one whose point the slip's undoing leaves
    // taken by a rule), the one that comes nearest. A failure the first judgement charged to no
    // other check first: the slip shows there, not in one that reads through another's.
    const tried = fixedBy[k]!.map((c) => {
      at[k] = c;
      return { c, n: pointsLost(pack, build(at)), own: all(first[c.t]!).find((x) => x.name === c.name)?.chargedTo === undefined };
    });
    const rank = (x: { n: number; own: boolean }): number => (x.n >= least ? -1000 + x.n : -x.n) * 2 + (x.own ? 0 : 1);
    at[k] = tried.reduce((a, b) => (rank(b) < rank(a) ? b : a)).c;
  }
  const counted = build(at);
  const n = pointsLost(pack, counted);
  // Never less than the judgement with the slips undone and a point a slip; more where the first
  // charged less than that (the slip hid other mistakes), as near to it as the policy allows.
  // Only where the slips were undone in every answer (none left in a line no writer gives back):
  // a failure the undoing did not reach is the slip's still, not a mistake of its own.
  return mayRaise ? (n >= floor || n > lost ? counted : undefined) : n >= floor && n < lost ? counted : undefined;
}

/**
 * The judgement with each slip the pack names counted once, the best of them taken one after
 * another (two slips cost two points). A slip counts where undoing it makes a failing check pass
 * and no passing one fail (a slip whose undoing breaks a rule is not only in how answers are
 * written). `judgeUndone` judges the submission from a reply with one more slip undone (the pack's
 * judge and recount, its requests' replies undone alike).
 */
export async function slipsCountedOnce<P extends PackPlan>(
  pack: Pack<P>, reply: SandboxReply, specs: readonly RunSpec[], judged: Judged,
  judgeUndone: (reply: SandboxReply, undo: (r: SandboxReply, specs: readonly RunSpec[]) => SandboxReply) => Promise<Judged>,
): Promise<Judged> {
  if (!pack.slips?.length || pointsLost(pack, judged) < 1) return judged;
  const slips = slipsInReply(reply, pack.slips, specs);
  const steps: SlipStep[] = [];
  const undoAll = (list: readonly AnswerSlip[]) => (r: SandboxReply, asked: readonly RunSpec[]): SandboxReply => list.reduce((x, s) => undoInReply(x, s, asked).reply, r);
  for (let round = 0; round < 3; round++) {
    const before = steps.at(-1)?.judged ?? judged;
    const lostBefore = pointsLost(pack, before);
    if (lostBefore < 1) break;
    const done = steps.map((s) => s.slip);
    let pick: SlipStep & { lost: number } | undefined;
    // The reply with this round's slips undone, once for every candidate.
    const base = undoAll(done)(reply, specs);
    for (const slip of slips) {
      if (done.includes(slip)) continue;
      const { reply: without, changed } = undoInReply(base, slip, specs);
      if (!changed) continue;
      // A judgement that fails on the undone values is the grader's trouble, never the student's:
      // that slip is not counted, and the first judgement stands.
      const again = await judgeUndone(without, undoAll([...done, slip])).catch(() => undefined);
      if (!again) continue;
      if (!sameShape(before, again) || worse(before, again) || !fixes(before, again)) continue;
      const lost = pointsLost(pack, again);
      if (!pick || lost < pick.lost) pick = { slip, judged: again, lost };
    }
    if (!pick) break;
    steps.push({ slip: pick.slip, judged: pick.judged });
  }
  // Fewer slips where the last would not count as one point (its failures all charged elsewhere).
  for (let n = steps.length; n > 0; n--) {
    const done = steps.slice(0, n).map((s) => s.slip);
    const left = slipsInReply(undoAll(done)(reply, specs), done, specs);
    const counted = countedOnce(pack, judged, steps.slice(0, n), left.length === 0);
    if (counted) return counted;
  }
  return judged;
}
