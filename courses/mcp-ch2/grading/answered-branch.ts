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
  /** The kinds of problem its right tool errors named, each as "case: kind". */
  kinds: ReadonlySet<string>;
  /**
   * The failures (throws, stops) of inputs whose branch it answers nowhere, and what of it: for a
   * tool error, each kind of problem no right answer named ("case: kind"); else the branch. A
   * place where such failures happened hides work not done, unless all of it is one rule.
   */
  unanswered: readonly { failure: TaskFailure; missing: readonly string[] }[];
}

/** The branches of the generated inputs handle answered as the rules require, in the run that judges its rules. */
export function handleBranches(runs: TaskRuns | undefined, reply: SandboxReply): HandleBranches {
  const answered = new Set<string>();
  const kinds = new Set<string>();
  const failed: { input: unknown; value: unknown; failure: TaskFailure }[] = [];
  const run = runs?.generated !== undefined ? reply.runs[runs.generated] : undefined;
  const calls = runs ? picked(readCalls("task2", run), runs.picks) : undefined;
  if (!runs || !calls) return { answered, kinds, unanswered: [] };
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
  const missing = (input: unknown, value: unknown): string[] => {
    const problems = problemKinds(value);
    if (problems) return problems.map((p) => `${caseOf(input)}: ${p}`).filter((p) => !kinds.has(p));
    const branch = branchOf(input, value);
    return branch !== undefined && answered.has(branch) ? [] : [branch ?? "an answer"];
  };
  return { answered, kinds, unanswered: failed.map((f) => ({ failure: f.failure, missing: missing(f.input, f.value) })).filter((f) => f.missing.length > 0) };
}

/**
 * Whether the fixture message at `index`, whose call failed with `failure`, is one mistake with
 * the other failures at its place: it takes a branch handle answers elsewhere (by the answer key's
 * answer to it), and no input of a branch it answers nowhere failed there; or its answer is a tool
 * error whose one kind of problem handle answers nowhere, and that kind is all that failed there
 * unanswered (one validation rule missing: the enum's, say, while every other rule's message is
 * written). Two kinds or more, or a result or an error branch answered nowhere, are work not done.
 */
export function fixtureBranchAnswered(branches: HandleBranches, index: number, failure: TaskFailure): boolean {
  const message = FIXTURE_INPUTS.task2[index];
  const answer = ANSWER_KEY.handle?.(message);
  const branch = branchOf(message, answer);
  if (branch === undefined) return false;
  const here = new Set(branches.unanswered.filter((f) => sameFailure(f.failure, failure)).flatMap((f) => f.missing));
  if (branches.answered.has(branch)) return here.size === 0;
  const own = (problemKinds(answer) ?? []).map((p) => `${caseOf(message)}: ${p}`).filter((p) => !branches.kinds.has(p));
  return own.length === 1 && [...here].every((m) => m === own[0]);
}
