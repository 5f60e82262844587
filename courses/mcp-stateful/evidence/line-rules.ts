// Each evidence line's own rules: the behaviour checks that try what the line shows on sessions
// and inputs the code has not seen. A line's point is earned only while they hold, and a broken
// rule takes the points of every right line naming it (src/pack/score.ts): so each rule here is
// as narrow as its line, and lines share a rule only where they show the same thing (initialize's
// result). kindOf has a rule per line: messages with a method (the id-null line), and the shapes
// without one (the trace's responses and errors). The two tools/list lines have a rule each: the
// list before a tool was added to the live session, and after (t2_tools_added judges only the names, so a mistake in the entries is
// t2_tools_list's alone: behaviour/session.ts). The gate (t2_handshake), the envelope and isolation are
// general rules, named by no line: each costs its kind's point.
export const LINE_RULES: Readonly<Record<string, readonly string[]>> = {
  t1_request_keys: ["t1_request_built"],
  t1_notification_keys: ["t1_notification_built"],
  t1_error_response: ["t1_error_built"],
  t1_trace_kinds: ["t1_kinds"],
  t1_null_id_kind: ["t1_method_kinds"],
  t2_init_version: ["t2_initialize"],
  t2_init_capabilities: ["t2_initialize"],
  t2_initialized_answer: ["t2_notifications"],
  t2_tool_names: ["t2_tools_list"],
  t2_add_text: ["t2_tool_results"],
  t2_delete_db_code: ["t2_tool_errors"],
  t2_outbox: ["t2_list_changed"],
  t2_tools_after: ["t2_tools_added"],
  t3_sent_methods: ["t3_handshake", "t3_messages"],
  t3_add_text: ["t3_results"],
  t3_delete_db_code: ["t3_errors"],
  t3_cache_after_pump: ["t3_cache"],
  t3_date_across: ["t3_transport"],
};
