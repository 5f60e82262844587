// The accepted values, derived from the model on the fixtures, pinned here as literals: a change
// to the model, the fixtures or a reading shows as a diff of the lines students are graded on.
import { describe, expect, it } from "vitest";
import { EVIDENCE, EVIDENCE_CHECKS } from "./evidence.js";

const PINNED = `t1_bad_args: missing 'order_id'; unexpected 'id'
t1_wrong_type: 'order_id' must be a string
t1_problem_order: missing 'reason'; unexpected 'note'; 'order_id' must be a string
t1_quoted_name: unexpected "it's"; unexpected 'say "hi"'; unexpected 'C:\\\\tmp'
t1_valid_count: 0
t2_responses: 12
t2_discover_versions: ["2026-07-28"]
t2_tool_names: get_order_status,cancel_order
t2_a100_structured: {"eta":"Friday","order_id":"A100","status":"shipped"}
t2_z9_text: Error: order Z9 not found: IDs look like A100
t2_z9_is_error: true
t2_bad_args_text: Error: missing 'order_id'; unexpected 'id'
t2_unknown_tool_error: -32602 unknown tool: delete_everything
t2_old_version_code: -32022
t2_old_version_data: {"requested":"2025-06-18","supported":["2026-07-28"]}
t2_cancel_round1: input_required
t2_cancel_accept_text: A101 cancelled
t2_cancel_decline_text: A100 kept: the user did not confirm
t2_without_result_type: none
t2_without_server_info: none
t2_without_cache_hints: none
t4_out_ids: 1,2,null,3,99
t4_parse_error_line: {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}
t4_log: line 1 | line 2 | line 4 | line 5 | line 6 | line 8`;

describe("evidence lines", () => {
  it("accept the pinned values", () => {
    expect(EVIDENCE.map((l) => `${l.key}: ${l.accepted}`).join("\n")).toBe(PINNED);
  });

  it("each have a title, a hint that does not give the value away, and a diagnosis", () => {
    const keys = EVIDENCE.map((l) => l.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const line of EVIDENCE) {
      expect(line.title.length, line.key).toBeGreaterThan(10);
      expect(line.hint.length, line.key).toBeGreaterThan(20);
      if (line.accepted.length > 6) expect(line.hint, line.key).not.toContain(line.accepted);
    }
    for (const check of EVIDENCE_CHECKS) expect(check.diagnose("something else", undefined).length, check.key).toBeGreaterThan(20);
  });

  it("read a wrong value and say why it is wrong", () => {
    const t1 = EVIDENCE_CHECKS.find((c) => c.key === "t1_bad_args")!;
    const doubled = [["missing \"order_id\"", "unexpected \"id\""], [], [], [], []];
    expect(t1.read(doubled)).toBe('missing "order_id"; unexpected "id"');
    expect(t1.diagnose(t1.read(doubled), doubled)).toMatch(/double quotes/);
    expect(t1.diagnose("unexpected 'id'; missing 'order_id'", doubled)).toMatch(/wrong order/);
    const data = EVIDENCE_CHECKS.find((c) => c.key === "t2_old_version_data")!;
    expect(data.diagnose('{"supported":["2026-07-28"]}', undefined)).toMatch(/requested/);
  });

  it("say what is missing when a value cannot be read", () => {
    const z9 = EVIDENCE_CHECKS.find((c) => c.key === "t2_z9_text")!;
    expect(() => z9.read(Array(13).fill(null))).toThrow(/null for the request with id 4/);
    const log = EVIDENCE_CHECKS.find((c) => c.key === "t4_log")!;
    expect(() => log.read({ out: [], log: "line 1" })).toThrow(/not a list of strings/);
  });
});
