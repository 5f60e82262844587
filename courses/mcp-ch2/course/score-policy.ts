// Chapter 2's score: each evidence line earns a point while its own rules hold on generated
// inputs (the fixture under other ids: a broken one takes the points of its right lines); the
// output and stdio rules cost one each; the general behaviour rules, the schema and interop
// checks at most one per kind and only from a task still at full marks (src/pack/score.ts).
import { family as ruleFamily, type Points, type ScorePolicy } from "../../../src/pack/score.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";

// Task 2's general rules in families, each read through the lines whose fixtures take the same
// path, and through the rules every response shows (ids, which messages are answered, state): a
// family whose lines are right costs its point beside any other mistake, so code that skips the
// argument rules, the inherited names and the other methods loses a point for each. One family a
// cause: a generated call holds other fields' edge values too (limit 50, an empty query), so one
// slip in presence or bounds fails several argument checks, and costs one point.
const EVERY_RESPONSE = ["t2_responses", "t2_ids_echoed", "t2_fresh_instance"];
const family = (cause: string, lines: string[]): Points => ruleFamily(cause, [...lines, ...EVERY_RESPONSE]);
const ARGUMENTS = family("arguments", ["t2_id3_text", "t2_id4_error", "t2_id5_is_error", "t2_id5_text", "t2_id7_text"]);
const TOOLS = family("tools", ["t2_id4_error"]);
const METHODS = family("methods", ["t2_id6_error_code"]);
const TASK2_RULES: Record<string, Points> = {
  t2_initialize_any_version: family("initialize", ["t2_init_version"]),
  t2_unknown_tools: TOOLS,
  t2_inherited_tool_names: TOOLS,
  t2_other_methods: METHODS,
  t2_inherited_methods: METHODS,
  ...Object.fromEntries([
    "t2_valid_calls", "t2_empty_query", "t2_missing_field", "t2_unexpected_field", "t2_inherited_argument_names", "t2_enum_value",
    "t2_string_type", "t2_integer_type", "t2_null_values", "t2_limit_bounds", "t2_several_errors", "t2_no_arguments", "t2_odd_params",
  ].map((name) => [name, ARGUMENTS])),
};

export const SCORE_POLICY: ScorePolicy = {
  id: "chapter2-score-v28",
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
    ...TASK2_RULES,
  },
  other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
  lines: Object.fromEntries(EVIDENCE_LINES.map((line) => [line.key, line.rules])),
};
