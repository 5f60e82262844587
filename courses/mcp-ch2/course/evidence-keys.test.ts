// The accepted values are derived from the course's data; these literals pin them, worked out
// by hand from the chapter's rules (and checked against the chapter's Python in test/python).
import { describe, expect, it } from "vitest";
import { EVIDENCE_KEYS, EVIDENCE_RULES, keysOfTask } from "./evidence-keys.js";
import { LINES } from "./fixtures.js";

describe("the chapter's evidence rules", () => {
  it("accepts exactly these 17 values, in the chapter's order", () => {
    expect(Object.fromEntries(EVIDENCE_KEYS.map((k) => [k, EVIDENCE_RULES[k].accepted]))).toEqual({
      t1_keys: "description,inputSchema,name",
      t1_schema_unchanged: "true",
      t1_name_description_unchanged: "true",
      t2_responses: "7",
      t2_init_version: "2025-06-18",
      t2_tool_names: "logs_search",
      t2_id3_text: "found 3 lines for timeout in api",
      t2_id4_error: "-32602 Unknown tool: deploy_nuke",
      t2_id5_is_error: "true",
      t2_id5_text: "service must be one of: api, worker, billing",
      t2_id6_error_code: "-32601",
      t2_id7_text: "found 3 lines for retry in worker",
      t3_out_count: "4",
      t3_log_count: "5",
      t3_no_embedded_newline: "true",
      t3_parse_error_line: '{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}',
      t3_list_line_length: "500",
    });
  });

  it("gives every key a task, a title and a hint", () => {
    expect(keysOfTask("task1")).toHaveLength(3);
    expect(keysOfTask("task2")).toHaveLength(9);
    expect(keysOfTask("task3")).toHaveLength(5);
    for (const key of EVIDENCE_KEYS) {
      expect(EVIDENCE_RULES[key].title.length).toBeGreaterThan(10);
      expect(EVIDENCE_RULES[key].hint.length).toBeGreaterThan(20);
    }
  });

  it("has LINES as the chapter builds them: lines 4 and 6 fixed, the rest json.dumps", () => {
    expect(LINES).toHaveLength(6);
    expect(LINES[1]).toBe('{"jsonrpc": "2.0", "method": "notifications/initialized"}');
    expect(LINES[2]).toBe('{"jsonrpc": "2.0", "id": 2, "method": "tools/list"}');
    expect(LINES[3]).toBe("{not json");
    expect(LINES[5]).toBe("");
  });
});
