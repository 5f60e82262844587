// handle's general rules in families (src/pack/score.ts, `through` and `cause`): each family reads
// through the lines whose fixtures take the same path, and through the rules every answer shows
// (the result's envelope, what a fresh instance answers): while those hold, a family's failure is
// a mistake of its own and costs its point beside any other mistake. Code that kept four skipped
// rules (names found with `in`, order ids trimmed, params not checked, the request's jsonrpc
// copied) behind "one point a kind, at full marks only" kept 40/41.
import { family as ruleFamily, withRules, type Points } from "../../../src/pack/score.js";
import { LINE_RULES } from "./line-rules.js";

// What every answer shows: which messages are answered (the line's value: its rule, ids 0 and ""
// and notifications, is t2_notifications', whose inputs no other family sends), an error's
// envelope (id null or no jsonrpc on every error), the result's envelope and state.
const EVERY_ANSWER = [
  "t2_responses", ...withRules(["t2_without_result_type", "t2_without_server_info", "t2_without_cache_hints"], LINE_RULES),
  "t2_result_envelope", "t2_no_session_state", "t2_stateless", "t2_data_alone",
];
// Each list's lines count with their own rules (the fixture's case made another).
const family = (cause: string, through: string[]): Points => ruleFamily(cause, [...withRules(through, LINE_RULES), ...EVERY_ANSWER]);
const ORDER_LINES = ["t2_a100_structured", "t2_z9_text", "t2_z9_is_error", "t2_cancel_round1", "t2_cancel_accept_text", "t2_cancel_decline_text"];
const VERSION_LINES = ["t2_discover_versions", "t2_old_version_code", "t2_old_version_data"];
const ALL_LINES = [...ORDER_LINES, ...VERSION_LINES, "t2_tool_names", "t2_bad_args_text", "t2_unknown_tool_error"];

export const TASK2_FAMILIES: Record<string, Points> = {
  // One family: the cancel's retries name orders, and an order's answer may come from a memo of them.
  t2_order_ids: family("orders", ORDER_LINES),
  t2_input_responses: family("orders", ORDER_LINES),
  // A refusal names the version asked with repr, as an unknown name is named: repr(None) written
  // "null" fails both (b-repr-none-as-null), one slip.
  t2_version_check: family("version", [...VERSION_LINES, "t2_unknown_names"]),
  // Odd params leave a name or uri out: what an unknown one gets is t2_unknown_names'.
  t2_odd_params: family("params", [...ALL_LINES, "t2_version_check", "t2_unknown_names"]),
  t2_arguments: family("arguments", [...ORDER_LINES, "t2_bad_args_text", "t2_unknown_tool_error", "t2_order_ids"]),
  t2_same_resources: family("resources", []),
  // A notification told by its method's name leaves a request named notifications/... unanswered.
  t2_unknown_names: family("unknown names", ["t2_tool_names", "t2_unknown_tool_error", "t2_same_resources", "t2_notifications"]),
  t2_jsonrpc: family("jsonrpc", ALL_LINES),
  // Object.prototype's names in every place a name is looked up: read through the rules of the
  // places whose answer to an unknown name they are.
  t2_inherited_names: family("inherited names", [
    ...ALL_LINES, "t2_input_responses", "t2_version_check", "t2_arguments", "t2_same_resources", "t2_unknown_names",
  ]),
  // Every method asked again without clientInfo or capabilities: any method's mistake shows here
  // too, so it reads through every other family.
  t2_client_meta: family("client meta", [
    ...ALL_LINES, "t2_order_ids", "t2_input_responses", "t2_version_check", "t2_odd_params", "t2_arguments", "t2_same_resources",
    "t2_unknown_names", "t2_jsonrpc",
  ]),
};
