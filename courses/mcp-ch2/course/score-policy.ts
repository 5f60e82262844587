// Chapter 2's score: each evidence line earns a point while its own rules hold on generated
// inputs (the fixture under other ids: a broken one takes the points of its right lines); the
// output and stdio rules cost one each; the general behaviour rules, the schema and interop
// checks at most one per kind and only from a task still at full marks (src/pack/score.ts).
import type { ScorePolicy } from "../../../src/pack/score.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";

export const SCORE_POLICY: ScorePolicy = {
  id: "chapter2-score-v27",
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
    // The schema's id rule is t2_ids_echoed's on the same responses: one wrong id, one point.
    t2_schema_id: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true, sameRuleAs: "t2_ids_echoed" },
  },
  other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
  lines: Object.fromEntries(EVIDENCE_LINES.map((line) => [line.key, line.rules])),
};
