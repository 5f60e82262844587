// Per task, its hints from a nudge to the exact rule (the last level); `checks` names what each helps with.
import type { Hint } from "../../../src/pack/types.js";

export const HINTS: Readonly<Record<string, readonly Hint[]>> = {
  task1: [
    { text: "Three shapes, and one bit between two of them: whether the id key is there at all.", reread: "Three message shapes, and the one bit that distinguishes them", checks: ["t1_notification_keys", "t1_null_id_kind", "t1_method_kinds", "t1_notification_built"] },
    { text: "Build each message with exactly its keys: params only when given, data only when given, never an id on a notification. kindOf asks `\"method\" in message`, then `\"id\" in message`; without a method, exactly one of result and error.", reread: "Three message shapes", checks: ["t1_request_keys", "t1_error_response", "t1_trace_kinds", "t1_kinds", "t1_request_built", "t1_response_built", "t1_error_built"] },
  ],
  task2: [
    { text: "Two pieces of state decide most answers: whether the session is live, and which tools this client may call.", reread: "The stateful handshake and its invariant", checks: ["t2_init_version", "t2_init_capabilities", "t2_handshake", "t2_initialize", "t2_isolation"] },
    { text: "handle: a notification returns null whatever happens; jsonrpc other than \"2.0\" is -32600; initialize is answered any time; notifications/initialized makes the session live; every other method before that is -32600. Then the lattice: unknown tool -32601, not allowed -32600, missing argument -32602, a raising tool is content with isError true.", reread: "Dispatch to primitives, and the _call_tool error lattice", checks: ["t2_initialized_answer", "t2_tool_names", "t2_add_text", "t2_delete_db_code", "t2_tool_errors", "t2_tool_results", "t2_tools_list", "t2_notifications", "t2_prompts_resources", "t2_envelope"] },
    { text: "addTool(tool, {notify: true}) after the session is live appends {\"jsonrpc\": \"2.0\", \"method\": \"notifications/tools/list_changed\"} to the outbox; drainOutbox returns the outbox and empties it. Keep all of it on the instance.", reread: "listChanged: the one dynamic capability", checks: ["t2_outbox", "t2_tools_after", "t2_list_changed", "t2_tools_added"] },
  ],
  task3: [
    { text: "The transport is three steps: stringify, parse, handle (and the same on the way back).", reread: "The in-memory transport proves the layering", checks: ["t3_date_across", "t3_transport"] },
    { text: "connect: initialize, wait for its response (throw McpError on an error), then the initialized notification. pump: notifications() once; if any is notifications/tools/list_changed, listTools() again.", reread: "listChanged: the one dynamic capability", checks: ["t3_sent_methods", "t3_add_text", "t3_delete_db_code", "t3_cache_after_pump", "t3_handshake", "t3_messages", "t3_ids", "t3_results", "t3_errors", "t3_cache"] },
  ],
};
