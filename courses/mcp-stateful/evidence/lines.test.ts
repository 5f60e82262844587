// The evidence lines: their accepted values pinned (tasks 1 and 2 are the model's readings of the
// trace), each line's rules are behaviour checks of its own task, and the diagnoses name the
// page's point for the likely wrong values.
import { describe, expect, it } from "vitest";
import pack from "../pack.js";
import { LINE_RULES } from "./line-rules.js";
import { LINES } from "./lines.js";

describe("the stateful pack's evidence lines", () => {
  it("accepts the trace's values", () => {
    expect(Object.fromEntries(LINES.map((l) => [l.key, l.accepted]))).toEqual({
      t1_request_keys: "id,jsonrpc,method,params",
      t1_notification_keys: "jsonrpc,method",
      t1_error_response: '{"error":{"code":-32600,"message":"tool \'delete_db\' not permitted"},"id":4,"jsonrpc":"2.0"}',
      t1_trace_kinds: "request,response,notification,request,request,response,request,error,notification",
      t1_null_id_kind: "request",
      t2_init_version: "2025-06-18",
      t2_init_capabilities: '{"prompts":{},"resources":{},"tools":{"listChanged":true}}',
      t2_initialized_answer: "null",
      t2_tool_names: "add,weather,delete_db",
      t2_add_text: "5",
      t2_delete_db_code: "-32600",
      t2_outbox: "notifications/tools/list_changed",
      t2_tools_after: "add,weather,delete_db,subtract",
      t3_sent_methods: "initialize,notifications/initialized,tools/list,tools/call,tools/call,tools/list",
      t3_add_text: "5",
      t3_delete_db_code: "-32600",
      t3_cache_after_pump: "add,weather,delete_db,subtract",
      t3_date_across: "string",
    });
  });

  it("names for every line rules that are behaviour checks of its task", () => {
    const checksOf: Record<string, string[]> = {
      task1: ["t1_request_built", "t1_notification_built", "t1_response_built", "t1_error_built", "t1_method_kinds", "t1_kinds"],
      task2: ["t2_handshake", "t2_initialize", "t2_tool_errors", "t2_tool_results", "t2_tools_list", "t2_list_changed", "t2_prompts_resources", "t2_notifications", "t2_isolation", "t2_envelope", "t2_tools_added"],
      task3: ["t3_handshake", "t3_messages", "t3_ids", "t3_results", "t3_errors", "t3_cache", "t3_transport"],
    };
    for (const line of pack.evidence) {
      expect(line.rules?.length, line.key).toBeGreaterThan(0);
      for (const rule of LINE_RULES[line.key] ?? []) expect(checksOf[line.task], `${line.key}: ${rule}`).toContain(rule);
    }
  });

  it("diagnoses the likely mistakes by the page's words", () => {
    expect(pack.diagnose!("t1_notification_keys", "id,jsonrpc,method")).toMatch(/"id" in message/);
    expect(pack.diagnose!("t1_null_id_kind", "notification")).toMatch(/"id" in message/);
    expect(pack.diagnose!("t2_delete_db_code", "-32601")).toMatch(/not permitted \(-32600\)/);
    expect(pack.diagnose!("t2_add_text", "5")).toBe("This is the accepted value.");
    expect(pack.diagnose!("nope", "x")).toMatch(/not a line/);
  });
});
