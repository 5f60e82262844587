// A page line reaches only the families whose failing messages take its path (issue 20: no points
// without the work). A family is read through the page's lines (evidence/rule-families.ts): while
// one fails, the family's failure may be that line's one mistake, and costs nothing more. A handle
// that skipped the argument rules failed the page's bad-arguments line, and every family read
// through it went free with it, jsonrpc's, odd params' and inherited names' included, whose
// failing requests the rules answer with errors: skipping more work kept two points more
// (cheats-2026-12-06e, the lazy controls: 37/41 without checkArgs, 35/41 with it). A path is the
// kind of answer written (an error, a tool's error result, a method's result): one slip in writing
// a kind of answer shows wherever that kind is written, whatever the method, tool, resource or
// code (c-str-is-repr: every name an error names quoted), and a search where the rules refuse is
// no slip inside a result: A100's structuredContent without eta made the order families free, a
// trimmed order id answered where the rules refuse it included (monotone-2026-12-06 stateless-14,
// -17). A family with a failing request that no failing line, rule of one, or rule answered with
// one kind explains (src/pack/answer-kinds.ts) is not read through them (CheckResult.notThrough).
import type { CheckResult } from "../../../src/report/types.js";
import { kindOf, markKindPaths, pairOf, requestsRead, type KindFailure, type KindPair, type KindPath } from "../../../src/pack/answer-kinds.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { answersOf, newServer } from "../behaviour/model.js";
import { MESSAGES } from "../course/fixtures.js";
import { evidenceOf } from "../evidence/lines.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { TASK2_FAMILIES } from "../evidence/rule-families.js";

// The page's requests each of handle's lines reads (src/pack/answer-kinds.ts requestsRead), and the rules' answers to them.
let reading: { reads: Map<string, number[]>; answers: unknown[] } | undefined;
function linesReading(): { reads: Map<string, number[]>; answers: unknown[] } {
  if (reading) return reading;
  const answers = answersOf(MESSAGES);
  const reads = new Map<string, number[]>();
  for (const line of evidenceOf("task2")) {
    const at = requestsRead(line.read, MESSAGES, answers);
    if (at.length) reads.set(line.key, at);
  }
  return (reading = { reads, answers });
}

// The generated requests are a seed's, the same objects for a batch's every submission: the rules'
// answer to each is found once.
const inputAnswers = new WeakMap<object, unknown>();

/** The rules' answer to a generated request alone (null where the model throws: no answer). */
function inputAnswer(input: unknown): unknown {
  if (typeof input === "object" && input !== null && inputAnswers.has(input)) return inputAnswers.get(input);
  let answer: unknown;
  try { answer = newServer()(input as never); } catch { answer = null; }
  if (typeof input === "object" && input !== null) inputAnswers.set(input, answer);
  return answer;
}

const pairWith = (rules: unknown, outcome: Outcome | undefined, message: unknown): KindPair => pairOf(rules, outcome?.ok ? outcome : undefined, message);

/**
 * A check judged apart from the plan (t2_data_alone, t2_stateless) as a path, with its failing
 * calls' kinds: `rules(i)` the rules' answer to input i where the check judges it,
 * `passes(i, outcome)` whether the code's answer holds.
 */
export function kindPath(name: string, inputs: readonly unknown[], outcomes: readonly (Outcome | undefined)[], rules: (i: number) => unknown, passes: (i: number, outcome: Outcome | undefined) => boolean): KindPath {
  const judged = inputs.flatMap((input, i) => { const answer = rules(i); return answer === undefined ? [] : [{ input, i, answer }]; });
  return {
    name,
    pairs: judged.filter(({ i }) => outcomes[i] !== undefined && !passes(i, outcomes[i])).map(({ input, i, answer }) => pairWith(answer, outcomes[i], input)),
  };
}

/**
 * `checks` (handle's extra checks) with each failing family marked not read through the failing
 * lines (and their rules, and the checks judged apart) it reads through when one of its failing
 * inputs none of them explains (src/pack/answer-kinds.ts); `lines`: handle's evidence
 * checks; `page`: the code's answers to the page's messages; `shared`: to the generated inputs, at
 * each planned check's offset; `failing(p)`: a planned check's failing inputs; `judged`: the
 * checks judged apart from the plan (kindPath).
 */
export function markPathFree(checks: readonly CheckResult[], lines: readonly CheckResult[], plan: readonly PlannedCheck[], failing: (p: PlannedCheck) => number[], page: readonly (Outcome | undefined)[], shared: readonly (Outcome | undefined)[], judged: readonly KindPath[] = []): CheckResult[] {
  const own = (c: CheckResult | undefined): boolean => c?.status === "fail" && c.chargedTo === undefined;
  const byName = new Map([...lines, ...checks].map((c) => [c.name, c]));
  const { reads, answers } = linesReading();
  const paths = [
    ...[...reads].flatMap(([line, at]) => {
      const pairs = at.map((i) => pairWith(answers[i], page[i], MESSAGES[i]));
      return [line, ...(LINE_RULES[line] ?? [])].filter((name) => own(byName.get(name))).map((name) => ({ name, pairs }));
    }),
    ...judged.filter((j) => own(byName.get(j.name))),
  ];
  if (!paths.length) return [...checks];
  const failures = new Map(plan.filter((p) => own(byName.get(p.check.id))).map((p): [string, KindFailure] => [p.check.id, {
    pairs: failing(p).map((k) => pairWith(inputAnswer(p.inputs[k]), shared[p.offset + k], p.inputs[k])),
    kinds: new Set(p.inputs.map((input) => kindOf(inputAnswer(input), input))),
  }]));
  return markKindPaths(checks, paths, failures, (name) => TASK2_FAMILIES[name]?.through ?? []);
}
