// The fresh-instance check: each generated input also goes alone to a module instance of its
// own. The chapter's functions keep no state (handle's rules 3–7 hold before initialize too), so
// each answer must be the one the same input got after everything before it. Compared with the
// student's own answers, not the model's: a wrong rule is the behaviour checks' business, and
// fails there once, not twice.
import { TASKS, type TaskId } from "../course/tasks.js";
import { deepEqual, isObject } from "../evidence/reading.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { WireRun } from "../../../src/sandbox/protocol.js";
import { judgeFreshInstance } from "../../../src/pack/fresh-instance.js";
import { withoutSpecExtras } from "../../../src/json/spec-extras.js";

// What the specification lets an answer carry beyond the rules (an error's data, a result's _meta)
// is the server's own and not graded: a trace id drawn at random there is no state kept. handle's
// answers are compared without it, and so are serve's out lines, each read as JSON where it is.
const stripped = (answer: unknown): unknown => withoutSpecExtras(answer, {});
function servedStripped(value: unknown): unknown {
  if (!isObject(value) || !Array.isArray(value["out"])) return value;
  const out: unknown[] = value["out"];
  return { ...value, out: out.map((line) => { try { return typeof line === "string" ? { json: stripped(JSON.parse(line)) } : line; } catch { return line; } }) };
}
const SAME: Record<TaskId, (a: unknown, b: unknown) => boolean> = {
  task1: deepEqual,
  task2: (a, b) => deepEqual(stripped(a), stripped(b)),
  task3: (a, b) => deepEqual(servedStripped(a), servedStripped(b)),
};

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
    return judgeFreshInstance(base(task), TASKS[task], inputs, shared, fresh, run, SAME[task], explained);
  },
};
