// checkArgs is "a pure function" (task 1's text): the schema and the arguments it is given are the
// caller's, and handle goes on using them after the call. No check read them after a call, so a
// checkArgs that deleted the unexpected keys it found from args kept 41/41 (slips-round-2026-12-07p
// sl-mistake-checkargs-deletes-unexpected). Task 1's generated run echoes each call's arguments as
// they were after it (RunSpec.echoInputs): each must still be what was sent.
import type { CheckResult } from "../../../src/report/types.js";
import type { WireRun } from "../../../src/sandbox/protocol.js";
import { decodeValue } from "../../../src/sandbox/value.js";
import { sameJson } from "../evidence/reading.js";

const BASE = {
  name: "t1_args_unchanged", kind: "behaviour", title: "checkArgs leaves the schema and the arguments it is given as they were",
  hint: "checkArgs is a pure function: it reads schema and args and returns the problems. Collect them in a new list; do not delete, add or change keys of what you were given.",
} as const;

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text;
};

/** t1_args_unchanged on task 1's generated run: `sent`, the run's inputs as sent (JSON texts of [schema, args]). */
export function argsUnchanged(run: WireRun | undefined, sent: readonly string[], seed: number): CheckResult {
  if (run?.status !== "ran") return { ...BASE, status: "skip", message: "checkArgs's generated calls did not run." };
  const changed: { before: unknown; after: unknown }[] = [];
  let judged = 0;
  run.calls.forEach((call, k) => {
    if (!call.ok || call.input === undefined || sent[k] === undefined) return;
    const after = decodeValue(call.input);
    if (!after.ok) return;
    judged++;
    const before = JSON.parse(sent[k]!) as unknown;
    if (!sameJson(after.value, before)) changed.push({ before, after: after.value });
  });
  if (judged === 0) return { ...BASE, status: "skip", message: "No call of checkArgs returned, so none could be judged." };
  if (changed.length === 0) return { ...BASE, status: "pass", message: `${judged} calls tried (seed ${seed}).` };
  const smallest = changed.reduce((a, b) => (show(b.before).length < show(a.before).length ? b : a));
  const [schema, args] = smallest.before as [unknown, unknown];
  return {
    ...BASE, status: "fail", expected: show(smallest.before), actual: show(smallest.after),
    message: `${changed.length} of ${judged} calls changed what they were given (seed ${seed}, run again with --seed ${seed}). The smallest: checkArgs(${show(schema)}, ${show(args)}) left [schema, args] as ${show(smallest.after)}.`,
  };
}
