// A page line reaches only the families whose failing calls take its path (issue 20: no points
// without the work). handle's families read through the page's call lines (course/score-policy.ts):
// while one fails, a family's failure may be that line's one mistake, and costs nothing more. A
// validator that refused every invalid call with one text ("invalid arguments") kept 15/17 beside
// a search text with the query quoted, every argument family free through the valid call's line
// (cheats-2026-12-06f generic-refusal-text-slip; beside ids written `id || null`, through
// t2_ids_echoed), and a lazy validator with the valid call's text wrong kept 16/17 where the same
// with the right text kept 14/17 (monotone-2026-12-06 ch2-13).
//
// One slip shows where the code takes the slipped path, and the kind of answer written there marks
// the path (src/pack/answer-kinds.ts explains). A family with a failing call that no failing line
// it reads through explains (a line's rule, a rule on ids alone, a rule answered only with one
// method's result) is not read through them (CheckResult.notThrough).
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import type { TaskJudgement } from "../../../src/pack/types.js";
import { kindOf, markKindPaths, pairOf, requestsRead, type KindFailure, type KindPair as Pair, type KindPath } from "../../../src/pack/answer-kinds.js";
import { chargeAddedTexts } from "../../../src/pack/added-text.js";
import { picked } from "../../../src/pack/interleave.js";
import { failingInputs } from "../behaviour/judge.js";
import type { Expectation } from "../behaviour/expectation.js";
import { ANSWER_KEY } from "../behaviour/key.js";
import { expectedAnswers, planInputs } from "../behaviour/plan.js";
import { MESSAGES } from "../course/fixtures.js";
import { SCORE_POLICY } from "../course/score-policy.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";
import { readCalls } from "./outcomes.js";
import { FIXTURE_INPUTS, type TaskRuns } from "./request.js";

/** The rules' answer; undefined where they leave it open (any response will do). */
const rulesAnswer = (expectation: Expectation | undefined): unknown => (expectation && expectation.kind !== "protocol" ? expectation.value : undefined);

/** The rules' answer to one of the page's messages (the answer key's: the student edition has no model), null where it has none. */
const pageAnswer = (message: unknown): unknown => ANSWER_KEY.handle?.(message) ?? null;

// Each of handle's lines with the page's requests it reads, from the rules' answers.
let lineReads: Map<string, { reads: number[]; rules: readonly string[] }> | undefined;
function linesReading(): Map<string, { reads: number[]; rules: readonly string[] }> {
  if (lineReads) return lineReads;
  const answers = MESSAGES.map(pageAnswer);
  lineReads = new Map();
  for (const line of EVIDENCE_LINES.filter((l) => l.task === "task2")) {
    const reads = requestsRead((values) => line.compute({ task: "task2", responses: values } as never), MESSAGES, answers);
    if (reads.length) lineReads.set(line.key, { reads, rules: line.rules ?? [] });
  }
  return lineReads;
}

const onlyResults = (kinds: ReadonlySet<string> | undefined): boolean => kinds?.size === 1 && [...kinds][0]!.startsWith("result of ");
const own = (c: CheckResult | undefined): c is CheckResult => c?.status === "fail" && c.chargedTo === undefined;

/**
 * task 2's judgement with each failing family that has a failing call no failing line (or rule of
 * one) it reads through explains marked not read through those (file head). `responses`:
 * handle's answers to the page's messages in the fixture run, which its lines read.
 */
export function markPathFree(judgement: TaskJudgement, responses: readonly unknown[], runs: TaskRuns, reply: SandboxReply, seed: number): TaskJudgement {
  const extra = judgement.extra;
  if (!extra || runs.generated === undefined) return judgement;
  const byName = new Map([...judgement.checks, ...extra].map((c) => [c.name, c]));
  const failingLines = [...linesReading()].filter(([key]) => own(byName.get(key)));
  const planned = new Set(runs.plan.map((p) => p.check.name));
  if (!extra.some((c) => own(c) && planned.has(c.name))) return judgement;
  const calls = picked(readCalls("task2", reply.runs[runs.generated]), runs.picks);
  if (!calls) return judgement;
  const offset = FIXTURE_INPUTS.task2.length;
  const failing = failingInputs("task2", runs.plan, calls, offset, seed);
  const { offsets } = planInputs(runs.plan);
  // Each planned family's failing calls, and the kinds of the rules' answers to its inputs; a call
  // whose answer the rules leave open is left out.
  // A rule judged otherwise than by the rules' answers (ids alone, an input left unchanged) has
  // none in the answer key (the student edition's practice data holds none for it).
  const failures = new Map(runs.plan.map((p, k): [string, KindFailure] => {
    if (p.check.judge === "answered" || p.check.judge === "input-unchanged") return [p.check.name, { kinds: new Set(), pairs: [] }];
    const expected = expectedAnswers("task2", p);
    const kinds = new Set(p.inputs.flatMap((input, i) => { const rules = rulesAnswer(expected[i]); return rules === undefined ? [] : [kindOf(rules, input)]; }));
    return [p.check.name, { kinds, pairs: failing[k]!.flatMap((i): Pair[] => {
      const outcome = calls[offset + offsets[k]! + i];
      const rules = rulesAnswer(expected[i]);
      return rules === undefined ? [] : [pairOf(rules, outcome?.ok ? outcome : undefined, p.inputs[i])];
    }) }];
  }));
  const pageKinds = (i: number): Pair[] => { const rules = pageAnswer(MESSAGES[i]); return rules === null ? [] : [pairOf(rules, { value: responses[i] }, MESSAGES[i])]; };
  const family = (name: string): KindPath => ({ name, pairs: failures.get(name)?.pairs ?? [], kinds: failures.get(name)?.kinds ?? new Set() });
  const paths: KindPath[] = [
    ...failingLines.flatMap(([key, { reads, rules }]) => [
      { name: key, pairs: reads.flatMap(pageKinds) },
      ...rules.filter((r) => own(byName.get(r))).map((r) => ({ name: r, pairs: failures.get(r)?.pairs ?? [] })),
    ]),
    // A rule on ids alone (BehaviourCheck.judge "answered") explains only calls answered under another id.
    ...runs.plan.filter((p) => own(byName.get(p.check.name)) && p.check.judge === "answered").map((p) => ({ name: p.check.name, pairs: [], ids: true })),
    // A rule whose every input the rules answer with one method's result is the work's own path (the
    // valid calls' searches): a slip there is in how that result is written, which no refusal shows.
    // Other rules read through each other as the policy has it: one slip may show as another kind
    // in each (a request named notifications/... left unanswered, a notification answered).
    ...runs.plan.filter((p) => own(byName.get(p.check.name)) && onlyResults(failures.get(p.check.name)?.kinds)).map((p) => family(p.check.name)),
  ].filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
  // A line's rule whose failing answers only add what a failing line wrote: that line's mistake.
  const lineRules = new Set(EVIDENCE_LINES.filter((l) => l.task === "task2").flatMap((l) => l.rules ?? []));
  const added = chargeAddedTexts(extra, failingLines.map(([key, { reads }]) => ({ name: key, pairs: reads.flatMap(pageKinds) })), failures, lineRules);
  return { ...judgement, extra: markKindPaths(added, paths, failures, (name) => SCORE_POLICY.checks[name]?.through ?? []) };
}
