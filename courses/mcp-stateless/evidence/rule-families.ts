// handle's general rules in families (src/pack/score.ts, `through` and `cause`): each family reads
// through the lines whose fixtures take the same path, and through the rules every answer shows
// (the result's envelope, what a fresh instance answers): while those hold, a family's failure is
// a mistake of its own and costs its point beside any other mistake. Code that kept four skipped
// rules (names found with `in`, order ids trimmed, params not checked, the request's jsonrpc
// copied) behind "one point a kind, at full marks only" kept 40/41.
import { family as ruleFamily, withRules, type Points } from "../../../src/pack/score.js";
import { LINE_RULES } from "./line-rules.js";
import { LINE_KIND_CHECKS } from "../behaviour/task4-checks.js";

// What every answer shows: which messages are answered (the line's value: its rule, ids 0 and ""
// and notifications, is t2_notifications', whose inputs no other family sends), an error's
// envelope (id null or no jsonrpc on every error), the result's envelope and state.
const EVERY_ANSWER = [
  "t2_responses", ...withRules(["t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints"], LINE_RULES),
  "t2_result_envelope", "t2_no_session_state", "t2_stateless", "t2_data_alone",
];
// Each list's lines count with their own rules (the fixture's case made another). A failure with
// a wrong response among its answers (CheckResult.ownMistake) is no slip in which messages are
// answered (a string id taken for a notification), nor in the result's envelope, which a family
// never compares (behaviour/compare.ts, "content"): it is not read through those. A result without
// resultType voided every family.
const ANSWERED = [
  ...withRules(["t2_responses", "t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints"], LINE_RULES),
  "t2_result_envelope",
];
// A family whose failing inputs read no order is not read through t2_data_alone either (the judge
// says so: grading/data-free.ts, CheckResult.notThrough).
const family = (cause: string, through: string[]): Points => ruleFamily(cause, [...withRules(through, LINE_RULES), ...EVERY_ANSWER], ANSWERED);
const ORDER_LINES = ["t2_a100_structured", "t2_z9_text", "t2_z9_is_error", "t2_cancel_round1", "t2_cancel_accept_text", "t2_cancel_decline_text"];
const VERSION_LINES = ["t2_discover_versions", "t2_old_version_code", "t2_old_version_data"];
const ALL_LINES = [...ORDER_LINES, ...VERSION_LINES, "t2_tool_names", "t2_bad_args_text", "t2_unknown_tool_error"];

// checkArgs's lines, and the page's cases of each rule with other names: the generated inputs and
// the inherited names go through the same three lists (missing, unexpected, not a string). Not
// the quoting's rule: their names are plain words, which every quoting writes alike.
const T1_LINES = ["t1_bad_args", "t1_wrong_type", "t1_problem_order", "t1_quoted_name", "t1_valid_count"];
const T1_KINDS = [...T1_LINES, "t1_same_missing_unexpected", "t1_same_wrong_type", "t1_same_valid"];

export const TASK1_FAMILIES: Record<string, Points> = {
  // One name per kind in each input: the order inside a kind is not theirs.
  t1_inherited_names: ruleFamily("inherited names", T1_KINDS),
  // The order inside a kind is the page's case of it again (t1_same_problem_order): one slip.
  t1_generated_args: ruleFamily("order", [...T1_KINDS, "t1_same_problem_order"]),
};

// The client's two rules no line names, a family each, read through the lines of the call's
// rounds (with their rules): while those hold, a first round that carries answers, or a final
// result not returned as sent (an isError result thrown, one without resultType asked again), is
// a mistake of its own beside any other (they cost only at full marks: three such mistakes beside
// one wrong line kept 40/41).
const T3_ROUNDS = withRules(["t3_request_keys", "t3_request_returns_reply", "t3_rounds", "t3_retry_same_call", "t3_retry_input_responses", "t3_final_text", "t3_declined_text"], LINE_RULES);
export const TASK3_FAMILIES: Record<string, Points> = {
  t3_first_round_no_answers: ruleFamily("first round", T3_ROUNDS),
  t3_final_result_returned: ruleFamily("final result", T3_ROUNDS),
};

// serve's lines with their rule. The kinds' checks are judged on their lists alone in fresh
// instances when serve keeps state (grading/fresh-serve.ts judgeKindsAlone), so they do not read
// through t4_fresh_instance; the generated sessions, served after earlier calls only, do.
const T4_LINES = withRules(["t4_out_ids", "t4_parse_error_line", "t4_log"], LINE_RULES);

export const TASK4_FAMILIES: Record<string, Points> = {
  // State kept between calls: a mistake of its own beside what each kind of line gets alone.
  t4_fresh_instance: ruleFamily("state", T4_LINES),
  t4_blank_lines: ruleFamily("blank lines", T4_LINES),
  t4_unreadable_lines: ruleFamily("unreadable lines", T4_LINES),
  t4_not_objects: ruleFamily("not objects", T4_LINES),
  // The generated sessions hold every kind of line: a kind's mistake shows here too.
  t4_messages: ruleFamily("sessions", [...T4_LINES, "t4_fresh_instance", ...LINE_KIND_CHECKS]),
};

export const TASK2_FAMILIES: Record<string, Points> = {
  // One family: the cancel's retries name orders, and an order's answer may come from a memo of them.
  t2_order_ids: family("orders", ORDER_LINES),
  t2_input_responses: family("orders", ORDER_LINES),
  // A refusal names the version asked with repr, as an unknown name is named: repr(None) written
  // "null" fails both (b-repr-none-as-null), one slip, charged to t2_unknown_names by the judge
  // when the refusals are right but for the version's writing (grading/read-through.ts).
  t2_version_check: family("version", VERSION_LINES),
  // Odd params leave a name or uri out: what an unknown one gets is t2_unknown_names'.
  t2_odd_params: family("params", [...ALL_LINES, "t2_version_check", "t2_unknown_names"]),
  // A call with a string order_id is the order ids' case too: a failure on those alone is charged
  // there by the judge (behaviour/task2-checks.ts reachedBy), so trimmed order ids no longer make
  // arguments read raw free (cheats-2026-12-05c order-rules-control kept 40/41).
  t2_arguments: family("arguments", [...ORDER_LINES, "t2_bad_args_text", "t2_unknown_tool_error"]),
  t2_same_resources: family("resources", []),
  // A request named notifications/... and a uri are t2_notifications' and the resources' cases
  // too: a failure on those inputs alone is charged there by the judge (behaviour/task2-checks.ts reachedBy).
  t2_unknown_names: family("unknown names", ["t2_tool_names", "t2_unknown_tool_error"]),
  t2_jsonrpc: family("jsonrpc", ALL_LINES),
  // Object.prototype's names in every place a name is looked up: each input holds a case of the
  // rule of the place whose answer to an unknown name it is, and a failure on such inputs alone is
  // charged to that rule by the judge (behaviour/task2-checks.ts reachedBy): a lookup by `in` beside
  // another family's slip costs its own point.
  t2_inherited_names: family("inherited names", ALL_LINES),
  // Every method asked again without clientInfo or capabilities: any method's mistake shows here
  // too, so it reads through every other family.
  t2_client_meta: family("client meta", [
    ...ALL_LINES, "t2_order_ids", "t2_input_responses", "t2_version_check", "t2_odd_params", "t2_arguments", "t2_same_resources",
    "t2_unknown_names", "t2_jsonrpc",
  ]),
};
