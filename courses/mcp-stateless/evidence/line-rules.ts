// Each evidence line's own rules: the checks of what it shows, tried on inputs the code has not
// seen (the page's case with other names, its request under other ids; the client's rules on
// other scripts). A line's point is earned only while they hold (src/pack/score.ts); the general
// rules (inherited names, generated arguments and sessions, the schema) are named by no line and
// cost at most a point a kind, from a task still at full marks.
export const LINE_RULES: Readonly<Record<string, readonly string[]>> = {
  // checkArgs
  t1_bad_args: ["t1_same_missing_unexpected"],
  t1_wrong_type: ["t1_same_wrong_type"],
  t1_problem_order: ["t1_same_problem_order"],
  t1_quoted_name: ["t1_repr_quoting"],
  t1_valid_count: ["t1_same_valid"],
  // handle
  t2_responses: ["t2_notifications"],
  t2_discover_versions: ["t2_same_discover"],
  t2_tool_names: ["t2_same_tools_list"],
  t2_a100_structured: ["t2_same_a100"],
  t2_z9_text: ["t2_same_z9"],
  t2_z9_is_error: ["t2_same_z9"],
  t2_bad_args_text: ["t2_same_bad_args"],
  t2_unknown_tool_error: ["t2_same_unknown_tool"],
  // Every method refuses an old version: the code line's rule; the data line's is what a refusal carries.
  t2_old_version_code: ["t2_same_old_version", "t2_same_old_version_methods"],
  t2_old_version_data: ["t2_same_old_version", "t2_version_data"],
  t2_cancel_round1: ["t2_same_cancel_ask"],
  t2_cancel_accept_text: ["t2_same_cancel_accept"],
  t2_cancel_decline_text: ["t2_same_cancel_decline"],
  t2_without_result_type: ["t2_same_envelope"],
  t2_without_server_info: ["t2_same_envelope"],
  t2_without_cache_hints: ["t2_same_envelope"],
  // the client
  t3_request_keys: ["t3_request_as_given"],
  t3_request_meta_version: ["t3_meta_every_request"],
  t3_request_capabilities: ["t3_meta_every_request"],
  t3_client_info: ["t3_meta_every_request"],
  t3_discover_meta: ["t3_meta_every_request"],
  t3_requests_without_meta: ["t3_meta_every_request"],
  t3_ids_distinct: ["t3_new_id_each_request"],
  t3_request_returns_reply: ["t3_returns_send_reply"],
  // The first result that is not input_required returned (t3_final_result_returned) is a general
  // rule: a client wrong only on results the page never sends (no resultType) loses one point.
  // The page's accepted flow's lines are each the flow's too: t3_same_cancel_flows runs it again
  // with what the page fixes only by example varied (the order, the tool, the question's key and
  // words, two questions in a round, a second round). A client written as the page's one question
  // and one retry (helper 116's sl-client-confirm-shape, 37-38/41) kept the question and retry
  // lines while a client with no rounds at all lost them (32/41): now both lose them.
  t3_rounds: ["t3_same_cancel_flows", "t3_at_most_three_rounds"],
  t3_ask_calls: ["t3_ask_each_request", "t3_same_cancel_flows"],
  t3_retry_same_call: ["t3_same_call_each_round", "t3_same_cancel_flows"],
  t3_retry_input_responses: ["t3_input_responses_keyed", "t3_same_cancel_flows"],
  t3_final_text: ["t3_same_cancel_flows"],
  t3_declined_text: ["t3_same_cancel_flows"],
  t3_round_cap: ["t3_at_most_three_rounds"],
  t3_cap_requests: ["t3_at_most_three_rounds"],
  t3_error_message: ["t3_error_response_throws"],
  // serve
  t4_out_ids: ["t4_same_lines"],
  t4_parse_error_line: ["t4_same_lines"],
  t4_log: ["t4_same_lines"],
};
