// Chapter 2's score: each evidence line earns a point; a rule of the chapter broken (the output,
// stdio, behaviour, schema and interop checks) costs one, at most one per kind and task, and only
// from a task whose lines are all right (src/pack/score.ts reads this).
import type { ScorePolicy } from "../../../src/pack/score.js";

export const SCORE_POLICY: ScorePolicy = {
  id: "chapter2-score-v1",
  kinds: {
    evidence: { earns: 1, costs: 0 },
    output: { earns: 0, costs: 1 },
    stdio: { earns: 0, costs: 1 },
    behaviour: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    schema: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
    // The SDK's client cannot read a server that prints on stdout: one root cause, charged once.
    interop: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true, sameRuleAs: "t2_no_stdout" },
    types: { earns: 0, costs: 0 },
  },
  checks: {
    t2_stdio_clean: { earns: 0, costs: 1, sameRuleAs: "t2_no_stdout" },
  },
  other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
};
