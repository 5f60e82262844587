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
import { judgeFreshInstance } from "../../../src/pack/fresh-instance.js";

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
    explained?: (i: number, shared: CallOutcome | undefined, fresh: CallOutcome | undefined) => boolean): CheckResult {
    return judgeFreshInstance(base(task), TASKS[task], inputs, shared, fresh, run, deepEqual, explained);
  },
};
