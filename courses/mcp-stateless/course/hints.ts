// Progressive hints for tasks 1, 2 and 4, from a nudge to the exact rule (the last level); each
// names the part of the page to reread and the checks it helps with. None gives the code.
import type { Hint } from "../../../src/pack/types.js";

export const HINTS: Record<string, readonly Hint[]> = {
  task1: [
    { text: "check_args builds three lists and concatenates them: missing, unexpected, then wrong type. Keep that order, and the order inside each list.", reread: "2.2 Tool code and argument checks", checks: ["t1_bad_args", "t1_problem_order", "t1_generated_args"] },
    { text: "`{k!r}` is Python's repr of the key: single quotes by default, double quotes only when the text holds a ' and no \". Backslashes and the chosen quote are escaped inside.", reread: "2.2 (the f-strings of check_args)", checks: ["t1_quoted_name", "t1_repr_quoting"] },
    { text: "`k not in args` and `k not in schema[\"properties\"]` test a dict's own keys. In JavaScript, `in` and a plain lookup also see Object.prototype: use Object.hasOwn.", reread: "2.2 check_args", checks: ["t1_inherited_names", "t1_valid_count"] },
    { text: "check_args only reads schema and args: it builds new lists and returns them. handle goes on using the arguments after the call, so deleting or adding keys there changes what the tool runs with.", reread: "task1.ts header (a pure function)", checks: ["t1_args_unchanged"] },
    { text: "The exact rule is in the header of task1.ts: missing <name> per required name not in args, unexpected <name> per key not in properties, <name> must be a string per known key whose value is not a string; <name> is repr(name).", reread: "task1.ts header", checks: [] },
  ],
  task2: [
    { text: "Two kinds of failure: an unknown tool or method is a protocol error (error with a code); a tool that ran and failed is a normal result with isError true.", reread: "2.4 The dispatcher (the note after call_tool)", checks: ["t2_unknown_tool_error", "t2_z9_is_error", "t2_z9_text", "t2_bad_args_text", "t2_unknown_names"] },
    { text: "Every method but server/discover checks the protocol version in params._meta first; the refusal's data carries supported and, as the specification says, requested.", reread: "2.4 route(), and the old-version example at the end of 2.5", checks: ["t2_old_version_code", "t2_old_version_data", "t2_version_check", "t2_version_data", "t2_odd_params", "t2_discover_versions"] },
    { text: "Wrap every result in one place: resultType when it has none, _meta with serverInfo always, and the cache hints on discover, tools/list, resources/list and resources/read (the schema requires them).", reread: "2.4 handle(), and the task's rules 3, 4, 6, 10, 11", checks: ["t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints", "t2_result_envelope", "t2_schema_discover", "t2_schema_tools_list", "t2_schema_resources", "t2_schema_tools_call", "t2_schema_errors"] },
    { text: "cancel_order remembers nothing: round 1 asks, the retry brings the answer in inputResponses.confirm, and only accept with confirm exactly true cancels.", reread: "2.3 Multi round-trip", checks: ["t2_cancel_round1", "t2_cancel_accept_text", "t2_cancel_decline_text", "t2_input_responses", "t2_stateless", "t2_no_session_state", "t2_data_alone", "t2_schema_input_required"] },
    { text: "The exact rules are the twelve in the header of task2.ts; read only own fields (Object.hasOwn), never `in`.", reread: "task2.ts header", checks: [] },
  ],
  // Task 3's checks are client/task3.ts's; these hints name them (its author may refine them).
  task3: [
    { text: "Every stateless request carries the client's _meta: the protocol version, the client's capabilities and its clientInfo. The schema asks for it on server/discover too.", reread: "2.5 A client (CLIENT_META)", checks: ["t3_request_keys", "t3_request_meta_version", "t3_request_capabilities", "t3_client_info", "t3_discover_meta", "t3_requests_without_meta", "t3_meta_every_request", "t3_request_as_given"] },
    { text: "Each request gets an id never used before by this client, retries included; request returns what send returned, as it is, and works with params left out, as the page calls request(\"server/discover\").", reread: "2.5 request() (next_id)", checks: ["t3_ids_distinct", "t3_new_id_each_request", "t3_request_returns_reply", "t3_returns_send_reply", "t3_messages_json"] },
    { text: "callWithInput repeats the same tools/call while the result is input_required, asking the user each input request and sending every answer under its key in inputResponses (never in the first round: answers belong to one call); an error response throws its message; at most 3 rounds.", reread: "2.5 call_with_input()", checks: ["t3_rounds", "t3_ask_calls", "t3_retry_same_call", "t3_retry_input_responses", "t3_final_text", "t3_declined_text", "t3_round_cap", "t3_cap_requests", "t3_same_call_each_round", "t3_first_round_no_answers", "t3_ask_each_request", "t3_input_responses_keyed", "t3_at_most_three_rounds", "t3_final_result_returned", "t3_error_response_throws", "t3_error_message"] },
    { text: "The exact rules are in the header of task3.ts.", reread: "task3.ts header", checks: [] },
  ],
  task4: [
    { text: "One loop over the lines with their index: skip blank ones, log \"line N\" for the rest, answer each line with one output line or none.", reread: "2.6 The stdio transport, for real", checks: ["t4_log", "t4_out_ids", "t4_blank_lines", "t4_messages"] },
    { text: "A line that is not JSON still gets an answer: the parse error response with id null. JSON that is not an object gets Invalid Request.", reread: "2.4 handle() (the json.JSONDecodeError branch)", checks: ["t4_parse_error_line", "t4_unreadable_lines", "t4_not_objects"] },
    { text: "Nothing is printed: stdout is the protocol channel, and this loop's log goes into the log list.", reread: "2.6 (\"Anything else the server prints must go to stderr\")", checks: ["t4_no_stdout", "t4_no_stderr"] },
    { text: "The exact rules are in the header of task4.ts.", reread: "task4.ts header", checks: [] },
  ],
};
