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
import { sameFailure } from "../../../src/pack/failed-call.js";
import { picked } from "../../../src/pack/interleave.js";
import type { SandboxReply, TaskFailure } from "../../../src/sandbox/protocol.js";
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

/** The problems a tool error's text names, each by its kind (the rule, not the field): "missing required field", "must be one of"... */
function problemKinds(answer: unknown): string[] | undefined {
  const result = isObject(answer) ? answer["result"] : undefined;
  const content = isObject(result) && result["isError"] === true ? result["content"] : undefined;
  const text = Array.isArray(content) && isObject(content[0]) ? content[0]["text"] : undefined;
  if (typeof text !== "string") return undefined;
  return text.split("; ").map((m) => /^(missing required field|unexpected field):/.exec(m)?.[1] ?? / (must be (?:of type|one of|at least|at most))\b/.exec(m)?.[1] ?? m);
}

/** What handle's generated inputs show of its branches. */
export interface HandleBranches {
  /** The branches of the inputs it answered as the rules require. */
  answered: ReadonlySet<string>;
  /**
   * The failures (throws, stops) of inputs whose branch it answers nowhere: for a tool error, a
   * kind of problem no right answer named. A place where such a failure happened hides work not
   * done (every rule's message but one, thrown at one place), so what fails there is not one mistake.
   */
  unanswered: readonly TaskFailure[];
}

/** The branches of the generated inputs handle answered as the rules require, in the run that judges its rules. */
export function handleBranches(runs: TaskRuns | undefined, reply: SandboxReply): HandleBranches {
  const answered = new Set<string>();
  const kinds = new Set<string>();
  const failed: { input: unknown; value: unknown; failure: TaskFailure }[] = [];
  const run = runs?.generated !== undefined ? reply.runs[runs.generated] : undefined;
  const calls = runs ? picked(readCalls("task2", run), runs.picks) : undefined;
  if (!runs || !calls) return { answered, unanswered: [] };
  const { offsets } = planInputs(runs.plan);
  const offset = FIXTURE_INPUTS.task2.length;
  runs.plan.forEach((planned, k) => {
    if (planned.check.judge !== "output") return;
    const expected = expectedAnswers("task2", planned);
    planned.inputs.forEach((input, i) => {
      const e = expected[i];
      const outcome = calls[offset + offsets[k]! + i];
      if (!e || e.kind === "protocol" || !outcome) return;
      if (!outcome.ok) { failed.push({ input, value: e.value, failure: outcome.failure }); return; }
      const branch = branchOf(input, e.value);
      if (!branch || !accepts(e, outcome.value === undefined ? null : outcome.value)) return;
      answered.add(branch);
      for (const kind of problemKinds(e.value) ?? []) kinds.add(`${caseOf(input)}: ${kind}`);
    });
  });
  const covered = (input: unknown, value: unknown): boolean => {
    const problems = problemKinds(value);
    if (problems) return problems.every((p) => kinds.has(`${caseOf(input)}: ${p}`));
    const branch = branchOf(input, value);
    return branch !== undefined && answered.has(branch);
  };
  return { answered, unanswered: failed.filter((f) => !covered(f.input, f.value)).map((f) => f.failure) };
}

/**
 * Whether the fixture message at `index`, whose call failed with `failure`, takes a branch handle
 * answers elsewhere (by the answer key's answer to it), at a place where no input of a branch it
 * answers nowhere failed.
 */
export function fixtureBranchAnswered(branches: HandleBranches, index: number, failure: TaskFailure): boolean {
  const message = FIXTURE_INPUTS.task2[index];
  const branch = branchOf(message, ANSWER_KEY.handle?.(message));
  return branch !== undefined && branches.answered.has(branch) && !branches.unanswered.some((f) => sameFailure(f, failure));
}
