// State kept between calls, for a pack's functions that must keep none: each input also goes to a
// module instance of its own, and its answer there must be the one it got after the calls before
// it (compared with the student's own answers, not the model's: a wrong rule is the behaviour
// checks' business, and fails there once). When the answers differ, the rules judged on those
// inputs after earlier calls may fail for that one mistake: those that hold on the fresh
// instances' answers are charged to it (chargeStateBetweenCalls).
import type { CheckResult } from "../report/types.js";
import type { CallOutcome } from "../runner/outcome.js";
import type { WireRun } from "../sandbox/protocol.js";
import { unjudgedStatus } from "./verdict.js";

const SHOWN = 600;
const show = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};
const describe = (c: CallOutcome | undefined): string => (!c ? "(not called)" : c.ok ? show(c.value) : c.failure.message);

export type FreshCheckBase = Pick<CheckResult, "name" | "kind" | "title" | "hint">;

/** The check: `inputs`' answers after earlier calls (`shared`) against each alone in a fresh instance (`fresh`, from `run`). */
export function judgeFreshInstance(
  b: FreshCheckBase, call: { exportName: string; file: string }, inputs: readonly unknown[], shared: readonly (CallOutcome | undefined)[],
  fresh: readonly (CallOutcome | undefined)[] | undefined, run: WireRun | undefined, equal: (a: unknown, b: unknown) => boolean,
  explained: (i: number, shared: CallOutcome | undefined, fresh: CallOutcome | undefined) => boolean = () => false,
): CheckResult {
  if (!run || run.status === "skipped") return { ...b, status: "skip", message: "Not run: the run on the generated inputs did not finish." };
  if (run.status === "failed") return { ...b, status: unjudgedStatus(run.failure), message: `In a fresh module, ${call.file} did not load: ${run.failure.message}` };
  if (run.stopped) return { ...b, status: unjudgedStatus(run.stopped), message: `The fresh-module calls stopped: ${run.stopped.message}` };
  const same = (x: CallOutcome | undefined, y: CallOutcome | undefined): boolean => !!x && !!y && (x.ok && y.ok ? equal(x.value, y.value) : !x.ok && !y.ok);
  const differing = inputs.map((input, i) => ({ input, i })).filter(({ i }) => !same(shared[i], fresh?.[i]) && !explained(i, shared[i], fresh?.[i]));
  if (!differing.length) return { ...b, status: "pass", message: `${inputs.length} inputs, each alone in a fresh module: the same answers.` };
  const smallest = differing.reduce((a, x) => (show(x.input).length < show(a.input).length ? x : a));
  const shown = `${call.exportName}(${show(smallest.input)})`;
  return {
    ...b, status: "fail", expected: describe(shared[smallest.i]), actual: describe(fresh?.[smallest.i]),
    message: `${differing.length} of ${inputs.length} inputs got another answer alone in a fresh module. The smallest: ${shown} answered ${describe(fresh?.[smallest.i])} in a fresh module, but ${describe(shared[smallest.i])} after the calls before it. Its answer must depend on its input alone.`,
  };
}

/**
 * `behaviour` after a failed fresh-instance check: each failure of a rule in `holdsFresh` (it holds
 * on the same inputs' answers in fresh instances) is charged to that check, and every other
 * failure says the state may show in it too.
 */
export function chargeStateBetweenCalls(behaviour: readonly CheckResult[], fresh: CheckResult, holdsFresh: ReadonlySet<string>, exportName: string,
  note = ` Each of these inputs given first to a module instance of its own gets the rule's answer: the difference is state kept between calls, charged by ${fresh.name}; it costs nothing more here.`): CheckResult[] {
  const first = ` ${exportName} keeps state between calls (${fresh.name}), and these inputs came after earlier calls: fix that first.`;
  return behaviour.map((c) => (c.status !== "fail" || c.chargedTo !== undefined ? c
    : holdsFresh.has(c.name) ? { ...c, chargedTo: fresh.name, message: `${c.message ?? ""}${note}` }
    : { ...c, message: `${c.message ?? ""}${first}` }));
}

/**
 * Whether a fresh instance's call threw or stalled where the same input after earlier calls did
 * not: state the function keeps, whatever the rule's answers are. The chapter's runner calls it once
 * per process, so a function that fails on a module's first call unless it knows the input (the
 * page's) fails every real run but the page's. Wherever it failed: a handle it calls that keeps
 * state fails its own fresh-instance check, and the task is then judged again with a correct copy
 * of it (src/grading/stand-ins.ts); a handle handed a value no message is (null) on a module's
 * first call fails because of the caller's state.
 */
export function failsOnlyFresh(shared: readonly (CallOutcome | undefined)[], fresh: readonly (CallOutcome | undefined)[],
  explained: (i: number, shared: CallOutcome | undefined, fresh: CallOutcome | undefined) => boolean): boolean {
  return fresh.some((f, i) => !!f && !f.ok && !!shared[i]?.ok && !explained(i, shared[i], f));
}

/**
 * The check when the fresh instances' answers break the rule too: the difference is not state the
 * function keeps (its failures there are the rule's, or those of the code it calls, each charged
 * by its own check), so it is skipped, costing nothing.
 */
export function notOwnState(check: CheckResult): CheckResult {
  const { expected: _e, actual: _a, ...rest } = check;
  return { ...rest, status: "skip", message: `${check.message ?? ""} Its answers in fresh modules do not follow the rules either, so the difference is not state it keeps: not judged here.` };
}
