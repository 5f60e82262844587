// The fresh-instance check: each generated input also goes alone to a module instance of its
// own. The chapter's functions keep no state (handle's rules 3–7 hold before initialize too), so
// each answer must be the one the same input got after everything before it. Compared with the
// student's own answers, not the model's: a wrong rule is the behaviour checks' business, and
// fails there once, not twice.
import { TASKS, type TaskId } from "../course/tasks.js";
import { deepEqual } from "../evidence/reading.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { WireRun } from "../../../src/sandbox/protocol.js";
import { unjudgedStatus } from "../../../src/pack/verdict.js";

const SHOWN = 600;
const show = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};
const describe = (c: CallOutcome | undefined): string => (!c ? "(not called)" : c.ok ? show(c.value) : c.failure.message);
const same = (a: CallOutcome | undefined, b: CallOutcome | undefined): boolean =>
  !!a && !!b && (a.ok && b.ok ? deepEqual(a.value, b.value) : !a.ok && !b.ok);

function base(task: TaskId): Pick<CheckResult, "name" | "kind" | "title" | "hint"> {
  const { exportName, number } = TASKS[task];
  return {
    name: `t${number}_fresh_instance`, kind: "behaviour",
    title: `${exportName} answers each input the same in a fresh module as after earlier calls`,
    hint: task === "task2"
      ? "handle keeps no state: every rule holds for every message on its own, before initialize too. Remove module-level variables that change between calls (a flag set by initialize, a counter, a cache)."
      : `${exportName} keeps no state between calls: its answer depends on its input alone. Remove module-level variables that change between calls.`,
  };
}

export const freshCheck = {
  placeholder: (task: TaskId): Pick<CheckResult, "name" | "title" | "hint"> => {
    const { name, title, hint } = base(task);
    return { name, title, hint: hint! };
  },
  /** `explained`: whether the two answers to input i differ only as the handle serve calls does (its own check's business). */
  judge(task: TaskId, inputs: readonly unknown[], shared: CallOutcome[], fresh: CallOutcome[] | undefined, run: WireRun | undefined,
    explained: (i: number, shared: CallOutcome | undefined, fresh: CallOutcome | undefined) => boolean = () => false): CheckResult {
    const b = base(task);
    if (!run || run.status === "skipped") return { ...b, status: "skip", message: "Not run: the run on the generated inputs did not finish." };
    if (run.status === "failed") return { ...b, status: unjudgedStatus(run.failure), message: `In a fresh module, ${TASKS[task].file} did not load: ${run.failure.message}` };
    if (run.stopped) return { ...b, status: unjudgedStatus(run.stopped), message: `The fresh-module calls stopped: ${run.stopped.message}` };
    const differing = inputs.map((input, i) => ({ input, i })).filter(({ i }) => !same(shared[i], fresh?.[i]) && !explained(i, shared[i], fresh?.[i]));
    if (!differing.length) return { ...b, status: "pass", message: `${inputs.length} inputs, each alone in a fresh module: the same answers.` };
    const smallest = differing.reduce((a, x) => (show(x.input).length < show(a.input).length ? x : a));
    const call = `${TASKS[task].exportName}(${show(smallest.input)})`;
    return {
      ...b, status: "fail", expected: describe(shared[smallest.i]), actual: describe(fresh?.[smallest.i]),
      message: `${differing.length} of ${inputs.length} inputs got another answer alone in a fresh module. The smallest: ${call} answered ${describe(fresh?.[smallest.i])} in a fresh module, but ${describe(shared[smallest.i])} after the calls before it. Its answer must depend on its input alone.`,
    };
  },
};
