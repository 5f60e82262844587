// A fixture call that failed while the calls around it answered (issue 20: one mistake, one
// point). A handle that throws on the unknown tool, or returns a Promise for one message, broke
// the rule of that message: the lines that read its answer fail, naming the failure, and the
// lines that read the other answers are judged as usual. The chapter's runner would have stopped
// at the throw; a task stopped there would lose every line for one message's mistake.
import type { CheckResult } from "../report/types.js";
import type { TaskFailure } from "../sandbox/protocol.js";
import { failsTheTask } from "../sandbox/failures.js";

/** Stands in a fixture run's values where a call gave no value: what a line meets when it reads it. */
export class FailedCall {
  /** `failure`: as the lines that read the call show it, naming the input. */
  constructor(readonly index: number, readonly failure: TaskFailure) {}
}

type Read = { ok: true; value: unknown } | { ok: false; failure: TaskFailure };

/**
 * The fixture run's values with each failed call as a FailedCall, or, when the failure is the
 * task's (failsTheTask, or a run stopped), the first failed call's index. `calls` are read
 * already; `stopped` is the run's stop; `named(i, failure)`: the failure as a line shows it.
 */
export function fixtureCalls(calls: readonly Read[], stopped: TaskFailure | undefined, named: (index: number, failure: TaskFailure) => TaskFailure): { values: unknown[] } | { failedAt: number } | { stopped: TaskFailure } {
  const first = calls.findIndex((c) => !c.ok);
  if (first >= 0 && (stopped || failsTheTask(calls))) return { failedAt: first };
  if (stopped) return { stopped };
  return { values: calls.map((c, i) => (c.ok ? c.value : new FailedCall(i, named(i, c.failure)))) };
}

/** The failed calls among a run's values. */
export const failedCalls = (values: readonly unknown[]): FailedCall[] => values.filter((v): v is FailedCall => v instanceof FailedCall);

/**
 * A line that reads every answer (a count of responses) fails at a failed call as the line that
 * reads that call's answer does: one mistake. With every failed call failing a line of its own
 * (or, for a call no line reads alone, a line that reads every answer: each such call its own),
 * the other lines that read every answer are charged there. Its rules' checks are not: code that throws on every input it has not seen would
 * keep such lines' points by also throwing on one fixture. The other lines that read a failed
 * call stay failed: what the call never answered, they never saw. `rightOtherwise(line)`: whether
 * a line that reads every answer is right over the others (each failed call taken as the rules
 * answer it); one that is not shows a mistake of its own, and is not charged elsewhere.
 * `causes.oneCause(a, b)`: two failed calls no line reads alone that are one mistake (the same kind of
 * input failing at the same place: two blank lines), paid for by one line.
 * `causes.branchAnswered(f)`: whether the code answers f's branch (its case and the kind of answer
 * the rules give it) by the rules on other inputs. Failed calls whose branches it answers, failing
 * at one place, broke no rule of those branches: one mistake in what the inputs share (a handle
 * that reads an optional argument as always given fails a valid call and an invalid one without
 * it), so every line that reads them is paid for by the first. A call whose branch fails
 * everywhere (no validation at all) keeps each of its lines: that is the work left undone.
 * `causes.mistakeOf(f)`: which of several such mistakes f is (a pack that tells them apart): the
 * calls of one place merge only within one mistake, each mistake paid for once.
 * `causes.branchWhy`: how the pack knows, as the charged lines say it.
 */
export function chargeFailedCalls(judged: { checks: CheckResult[] }, values: readonly unknown[], everyAnswer: readonly string[], rightOtherwise: (line: string) => boolean = () => true,
  causes: { oneCause?: (a: FailedCall, b: FailedCall) => boolean; branchAnswered?: (f: FailedCall) => boolean; mistakeOf?: (f: FailedCall) => string; branchWhy?: string } = {}): void {
  const failed = failedCalls(values);
  if (!failed.length) return;
  const { oneCause, branchAnswered, mistakeOf = () => "" } = causes;
  const own = (c: CheckResult): boolean => c.status === "fail" && c.chargedTo === undefined && (!everyAnswer.includes(c.name) || rightOtherwise(c.name));
  const reads = (c: CheckResult, f: FailedCall): boolean => c.message?.startsWith(f.failure.message) === true;
  // A line that reads every answer fails at the first failed call it meets, and reads them all.
  const readsAll = (c: CheckResult): boolean => c.kind === "evidence" && own(c) && everyAnswer.includes(c.name) && failed.some((f) => reads(c, f));
  const owner = new Map<FailedCall, string>();
  for (const f of failed) {
    const line = judged.checks.find((c) => c.kind === "evidence" && own(c) && !everyAnswer.includes(c.name) && reads(c, f));
    if (line) owner.set(f, line.name);
  }
  // A failed call no line reads alone (no fixture line is its): the first line that reads every
  // answer and is no other call's payer pays for it. Failed calls more than such lines charge nothing.
  for (const f of failed) {
    if (owner.has(f)) continue;
    const twin = oneCause && [...owner.keys()].find((g) => oneCause(f, g));
    if (twin) { owner.set(f, owner.get(twin)!); continue; }
    const payers = new Set(owner.values());
    const first = judged.checks.find((c) => readsAll(c) && !payers.has(c.name));
    if (!first) return;
    owner.set(f, first.name);
  }
  // The calls of one mistake whose branches the code answers elsewhere: the first one's payer pays for all.
  const group = new Map<FailedCall, FailedCall>();
  if (branchAnswered) {
    const answered = failed.filter(branchAnswered);
    for (const f of answered) group.set(f, answered.find((g) => sameFailure(g.failure, f.failure) && mistakeOf(g) === mistakeOf(f))!);
  }
  const payerOf = (f: FailedCall): string | undefined => {
    const first = group.get(f);
    return first ? failed.filter((g) => group.get(g) === first).map((g) => owner.get(g)).find((o) => o !== undefined) : owner.get(f);
  };
  for (const f of group.keys()) { const p = payerOf(f); if (p) owner.set(f, p); }
  const payers = new Set(owner.values());
  const to = owner.get(failed[0]!)!;
  const sharedPayer = (c: CheckResult): string | undefined => {
    if (c.kind !== "evidence" || !own(c) || everyAnswer.includes(c.name)) return undefined;
    const f = [...group.keys()].find((g) => reads(c, g));
    const p = f && owner.get(f);
    return p !== undefined && p !== c.name ? p : undefined;
  };
  // A payer whose message names another failed call says which one it pays for.
  const paysFor = new Map([...owner].filter(([f, line]) => everyAnswer.includes(line)).map(([f, line]) => [line, f]));
  judged.checks = judged.checks.map((c) => {
    const shared = sharedPayer(c);
    if (shared) return { ...c, chargedTo: shared, message: `${c.message ?? ""} The same mistake as the call ${shared} reads: it fails at the same place, ${causes.branchWhy ?? "on an input of a kind your code answers by the rules elsewhere, so what the inputs share is the cause"}. Charged by ${shared}; it costs nothing more here.`.trim() };
    const pays = paysFor.get(c.name);
    if (pays && !reads(c, pays)) return { ...c, message: `${c.message ?? ""} It is charged here for another call no line reads alone: ${pays.failure.message}`.trim() };
    return readsAll(c) && !payers.has(c.name)
      ? { ...c, chargedTo: to, message: `${c.message ?? ""} The same failed call, charged by ${to}; it costs nothing more here.`.trim() } : c;
  });
}

/**
 * The values as a line reads them: reading a failed call's place throws `missing(call)`, so every
 * line that reads that answer (alone, or counting every answer) has no value, and says why, while
 * the lines that read only the other answers are computed as usual.
 */
export function guarded(values: readonly unknown[], missing: (call: FailedCall) => Error): unknown[] {
  if (!values.some((v) => v instanceof FailedCall)) return values as unknown[];
  return new Proxy(values as unknown[], {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (value instanceof FailedCall) throw missing(value);
      return value;
    },
  });
}

/**
 * What identifies a failure's cause: for a throw, the function, the error's name and the place it
 * was thrown from (its message may name the input); for a call stopped at its own budget, the
 * function alone (the interrupt lands anywhere in the loop); otherwise the whole message.
 */
function throwSite(message: string): string {
  const thrown = /(?:^|: )(\S+) threw (\w+)\b.* \(at ([^()]+)\)\.?$/s.exec(message);
  if (thrown) return `${thrown[1]} ${thrown[2]} ${thrown[3]}`;
  const stopped = /(?:^|: )(\S+) never returned for this input\b/.exec(message);
  return stopped ? `${stopped[1]} never returned` : message;
}

/** Whether two failures have one cause (throwSite): a throw at the same place, whatever input each names. */
export const sameFailure = (a: TaskFailure, b: TaskFailure): boolean => throwSite(a.message) === throwSite(b.message);

export type FixtureOutcome = { ok: true } | { ok: false; failure: TaskFailure } | undefined;

/**
 * The replayed fixture calls' outcomes (a generated run's first calls) as failedAsCase reads them:
 * a failure stands only where the run the lines read (`lines`, undefined when it gave no calls)
 * failed at that call too, or had stopped before it. Code that answered the page's run and threw
 * on the same calls loaded again (it told the runs apart: a flag left at load, the clock's first
 * reading) has no failure its lines charge, so none excuses its generated failures: such cheats
 * kept 36/41 and 15/17 against honest siblings' 25 and 8 (cheats-round-2026-12-07k).
 */
export function failedInBoth(replay: readonly FixtureOutcome[], lines: readonly FixtureOutcome[] | undefined): FixtureOutcome[] {
  return replay.map((o, i) => (o !== undefined && !o.ok && lines?.[i]?.ok === true ? { ok: true } : o));
}

/**
 * Whether a generated input's failure is a fixture call's, seen again: `sameCase(fixture, input)`
 * says the input holds the case of a fixture whose call failed, and its call failed as that
 * one's did (the same throw site). That mistake is charged by the lines that read the fixture
 * call; a rule check does not charge it again. Code that fails only where it has not seen an
 * input gains nothing: its fixture calls answered, so nothing of theirs excuses a generated one.
 */
export function failedAsCase<I>(fixtures: readonly I[], outcomes: readonly FixtureOutcome[], sameCase: (fixture: I, input: unknown) => boolean): (input: unknown, failure: TaskFailure) => boolean {
  const failed = fixtures.flatMap((fixture, i) => {
    const outcome = outcomes[i];
    return outcome && !outcome.ok ? [{ fixture, site: throwSite(outcome.failure.message) }] : [];
  });
  return (input, failure) => failed.length > 0 && failed.some((f) => f.site === throwSite(failure.message) && sameCase(f.fixture, input));
}
