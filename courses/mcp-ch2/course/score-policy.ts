// Chapter 2's score: each evidence line earns a point while its own rules hold on generated
// inputs (the fixture under other ids: a broken one takes the points of its right lines); the
// output and stdio rules cost one each; handle's and serve's general rules a point a family while
// what they read through holds; the rest, the schema and interop checks at most one per kind and
// only from a task still at full marks (src/pack/score.ts).
import { family as ruleFamily, withRules, type Points, type ScorePolicy } from "../../../src/pack/score.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";

// The general rules in families (src/pack/score.ts, `through` and `cause`): each reads through
// the lines whose fixtures take the same path, the rules every answer shows (ids, state), and the
// rules whose slip reaches its inputs (each argument check's calls hold plain values of the other
// fields, so what is left is a slip's own reach: a presence test by truthiness, a typeof message).
// While those hold, a failure is a mistake of its own and costs its point beside any other
// mistake: code that skipped the argument rules, the inherited names and echoed the version kept
// 16/17 by "at most one a kind, at full marks only".
const LINE_RULES = Object.fromEntries(EVIDENCE_LINES.map((line) => [line.key, line.rules]));
// Each list's lines count with their own rules (the fixture's case under other ids).
const family = (cause: string, through: string[]): Points => ruleFamily(cause, withRules(through, LINE_RULES));
const TASK2_ALL = ["t2_ids_echoed", "t2_fresh_instance"];
// What every tools/call goes through: the fixture's calls' lines, and the rules every answer shows.
const CALL_PATH = ["t2_id3_text", "t2_id4_error", "t2_id5_is_error", "t2_id5_text", "t2_id7_text", ...TASK2_ALL];
const call = (cause: string, rules: string[] = []): Points => family(cause, [...CALL_PATH, ...rules]);
// The argument rules but the enum's read through every fixture line but the enum's message
// (t2_id5_text): a message in other words is each rule's own; one written with more around it, the
// line's slip, is charged there by the judge (grading/decorated-messages.ts).
// A failure whose answers say something other than the rule (a search where it refuses:
// CheckResult.ownMistake) is the rule's own mistake, however the fixture's calls went: code that
// skipped the argument rules and failed the enum's fixture line had every one of them for free.
// Nor through t2_same_invalid_call, the enum's rule on other services: an enum approximated (a
// table of the page's value, a length test) fails it with the fixture's lines right, and says
// nothing of the other rules, whose calls keep a valid service; each of them approximated too cost
// one point for all (cheats-round-2026-12-06x ch2-cheap-all: 15/17, 11 with no rules at all).
// The enum's family reads through it still (`call`).
const notTheEnums = (rules: string[]): string[] => rules.filter((r) => r !== "t2_same_invalid_call");
const ARGUMENT_PATH = notTheEnums(withRules(CALL_PATH.filter((l) => l !== "t2_id5_text"), LINE_RULES));
// Nor, with such a failure, through t2_valid_calls: how a search is answered cannot make code
// search where the rules refuse, and a wrong valid call's text made four families free beside it
// (monotone-2026-12-06 ch2-13: one slip more kept two points more).
const argument = (cause: string, rules: string[] = []): Points =>
  ruleFamily(cause, notTheEnums(withRules([...ARGUMENT_PATH, ...rules], LINE_RULES)), [...ARGUMENT_PATH, ...rules.filter((r) => r === "t2_valid_calls")]);
const ARGUMENT_RULES: Record<string, Points> = {
  t2_inherited_argument_names: argument("inherited names", ["t2_unexpected_field"]),
  t2_valid_calls: argument("valid calls"),
  t2_limit_bounds: argument("bounds", ["t2_valid_calls"]),
  t2_missing_field: argument("missing", ["t2_valid_calls"]),
  // A presence test by truthiness fails the empty query first, and the enum's "" and null.
  t2_empty_query: argument("presence", ["t2_valid_calls", "t2_missing_field"]),
  t2_unexpected_field: argument("unexpected", ["t2_valid_calls"]),
  // The page's one type rule, a point for each type left unchecked; a message built from typeof,
  // wrong for both, is charged once by the judge (grading/type-messages.ts).
  t2_string_type: argument("string type"),
  t2_integer_type: argument("integer type"),
  // A truthiness test's null is charged to t2_empty_query by the judge (grading/presence.ts), a
  // falsy optional value skipped to t2_limit_bounds (its 0 searched too).
  t2_null_required: argument("null required", ["t2_missing_field", "t2_string_type"]),
  // A null skipped as not given, whatever field it is in, fails the required one first.
  t2_null_optional: argument("null optional", ["t2_integer_type", "t2_null_required"]),
  // Its calls each hold problems of other checks' kinds: a failure every one of whose inputs holds a
  // kind handled wrong alone is charged to that check by the judge (behaviour/judge.ts reachedBy),
  // so a validator that stops at its first problem costs its point beside an integer slip.
  t2_several_errors: argument("several"),
  t2_no_arguments: argument("no arguments", ["t2_missing_field", "t2_several_errors"]),
  t2_odd_params: argument("odd params", ["t2_no_arguments", "t2_unknown_tools"]),
};
/** The argument rules judged by their own messages (grading/decorated-messages.ts). */
export const ARGUMENT_FAMILIES: ReadonlySet<string> = new Set(Object.keys(ARGUMENT_RULES));
const TASK2_RULES: Record<string, Points> = {
  // Ids the fixtures never send (strings, 0, negatives): a mistake of its own beside any other,
  // while every request is answered (a request left unanswered has no id to echo); a request
  // answered under another id is its own mistake whatever the responses' line shows.
  t2_ids_echoed: ruleFamily("ids", withRules(["t2_responses", "t2_fresh_instance"], LINE_RULES), withRules(["t2_responses"], LINE_RULES)),
  t2_initialize_any_version: family("initialize", ["t2_init_version", ...TASK2_ALL]),
  t2_unknown_tools: ruleFamily("tools", withRules(["t2_id4_error", ...TASK2_ALL], LINE_RULES), withRules(["t2_id4_error"], LINE_RULES)),
  // A notification told by its method's name leaves a request named notifications/... unanswered.
  t2_other_methods: ruleFamily("methods", withRules(["t2_id6_error_code", "t2_notifications_unanswered", ...TASK2_ALL], LINE_RULES), withRules(["t2_id6_error_code"], LINE_RULES)),
  // Object.prototype's names wherever a name is looked up: one helper (`k in o`) reaches them all.
  // A name found where the rules refuse it, by code that refuses such names with an error elsewhere
  // (CheckResult.ownMistake), is the rule's own mistake beside a slip in how that error is written:
  // an unknown tool's message without its space made inherited tool names free (cheats-2026-12-05b).
  t2_inherited_methods: ruleFamily("inherited names", withRules(["t2_id6_error_code", "t2_other_methods", ...TASK2_ALL], LINE_RULES), withRules(["t2_id6_error_code", "t2_other_methods"], LINE_RULES)),
  t2_inherited_tool_names: ruleFamily("inherited names", withRules(["t2_id4_error", "t2_unknown_tools", ...TASK2_ALL], LINE_RULES), withRules(["t2_id4_error", "t2_unknown_tools"], LINE_RULES)),
  t2_enum_value: call("enum", ["t2_empty_query", "t2_missing_field"]),
  ...ARGUMENT_RULES,
};
// toMcp's: the definition passed in left as it was is a rule of its own, read through the lines'
// values (a conversion in place changes the schema the runner prints next), not their rules; a
// change the result does not show is its own mistake whatever they show (behaviour/input-change.ts).
const INPUT_PATH = ["t1_keys", "t1_schema_unchanged", "t1_name_description_unchanged", "t1_other_tools"];
const TASK1_RULES: Record<string, Points> = {
  t1_input_unchanged: ruleFamily("input", INPUT_PATH, INPUT_PATH),
};
// serve's: each reads through the lines, state (a module's out and log) and the rules whose lines
// its inputs hold; the long input holds every kind of line.
const T3_LINES = ["t3_out_count", "t3_log_count", "t3_no_embedded_newline", "t3_parse_error_line", "t3_list_line_length", "t3_fresh_instance"];
const line = (cause: string, rules: string[] = []): Points => family(cause, [...T3_LINES, ...rules]);
// Every list's log and out lines are written exactly (t3_exact_lines: "line N" counted from 1,
// dumps' keys), so the rest read through it; a padded line is a blank line's kind too (a message
// with spaces around it always is; a parse error's list, where it holds one: the judge charges
// those to t3_blank_lines, behaviour/task3-checks.ts reachedBy).
const TASK3_RULES: Record<string, Points> = {
  t3_exact_lines: line("exact lines"),
  t3_blank_lines: line("blank lines", ["t3_exact_lines"]),
  t3_parse_errors: line("parse errors", ["t3_exact_lines"]),
  t3_notifications: line("notifications", ["t3_exact_lines"]),
  t3_spaces_around_json: line("spaces", ["t3_exact_lines", "t3_blank_lines"]),
  t3_non_ascii: line("escapes", ["t3_exact_lines"]),
  t3_not_objects: line("not objects", ["t3_exact_lines"]),
  t3_long_input: line("long input", ["t3_exact_lines", "t3_blank_lines", "t3_parse_errors", "t3_notifications"]),
};

export const SCORE_POLICY: ScorePolicy = {
  id: "chapter2-score-v61",
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
    ...TASK1_RULES,
    ...TASK2_RULES,
    ...TASK3_RULES,
  },
  other: { earns: 0, costs: 1, costsAtMost: 1, onlyAtFullMarks: true },
  lines: LINE_RULES,
};
