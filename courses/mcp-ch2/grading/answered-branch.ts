// Which branches of handle's dispatch the student's code answers by the rules on generated inputs
// (issue 20: one mistake, one point; src/pack/failed-call.ts chargeFailedCalls). A branch is a
// message's case (fixture-case.ts: initialize, a call of logs_search, ...) and the kind of answer
// the rules give it (a result, a tool error by the problems it names, a JSON-RPC error by its
// code). A handle that throws
// on every call of logs_search without a limit fails the page's valid call (id 3) and its invalid
// one (id 5) at one place, while it answers other valid calls and id 5's problem with a limit
// right: one mistake. A handle that throws on every invalid call, or on every enum value out of
// bounds, answers id 5's problem nowhere: id 5's lines are the validation it left out, each charged.
import { ANSWER_KEY } from "../behaviour/key.js";
import { expectedAnswers, planInputs } from "../behaviour/plan.js";
import { accepts } from "../behaviour/expectation.js";
import { picked } from "../../../src/pack/interleave.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { caseOf } from "./fixture-case.js";
import { readCalls } from "./outcomes.js";
import { FIXTURE_INPUTS, type TaskRuns } from "./request.js";

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The branch a message takes when its answer is `answer`; undefined when either cannot tell. */
export function branchOf(message: unknown, answer: unknown): string | undefined {
  const kase = caseOf(message);
  if (kase === undefined || !isObject(answer)) return undefined;
  const error = answer["error"];
  if (isObject(error)) return `${kase}: error ${String(error["code"])}`;
  const result = answer["result"];
  if (!isObject(result)) return undefined;
  if (result["isError"] !== true) return `${kase}: result`;
  // A tool error by the problems it names: a handle that answers a missing field right and throws
  // on every enum value out of bounds has not written that rule.
  const content = result["content"];
  const first = Array.isArray(content) && isObject(content[0]) ? content[0]["text"] : undefined;
  return typeof first === "string" ? `${kase}: tool error: ${first.split("; ").sort().join("; ")}` : undefined;
}

/** The branches of the generated inputs handle answered as the rules require, in the run that judges its rules. */
export function answeredBranches(runs: TaskRuns | undefined, reply: SandboxReply): ReadonlySet<string> {
  const out = new Set<string>();
  const run = runs?.generated !== undefined ? reply.runs[runs.generated] : undefined;
  const calls = runs ? picked(readCalls("task2", run), runs.picks) : undefined;
  if (!runs || !calls) return out;
  const { offsets } = planInputs(runs.plan);
  const offset = FIXTURE_INPUTS.task2.length;
  runs.plan.forEach((planned, k) => {
    if (planned.check.judge !== "output") return;
    const expected = expectedAnswers("task2", planned);
    planned.inputs.forEach((input, i) => {
      const e = expected[i];
      const outcome = calls[offset + offsets[k]! + i];
      if (!e || e.kind === "protocol" || !outcome?.ok) return;
      const branch = branchOf(input, e.value);
      if (branch && accepts(e, outcome.value === undefined ? null : outcome.value)) out.add(branch);
    });
  });
  return out;
}

/** Whether the fixture message at `index` takes a branch in `answered` (by the answer key's answer to it). */
export function fixtureBranchAnswered(answered: ReadonlySet<string>, index: number): boolean {
  const message = FIXTURE_INPUTS.task2[index];
  const branch = branchOf(message, ANSWER_KEY.handle?.(message));
  return branch !== undefined && answered.has(branch);
}
