// The accepted values, derived from the model on the fixtures, pinned here as literals: a change
// to the model, the fixtures or a reading shows as a diff of the lines students are graded on.
import { describe, expect, it } from "vitest";
import { EVIDENCE, EVIDENCE_CHECKS, acceptedOf } from "./lines.js";
import { LINES, MESSAGES } from "../course/fixtures.js";

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

  // A line is earned by code that does its work: what a do-nothing or junk answer reads must fail.
  const read = (key: string, value: unknown): string => EVIDENCE_CHECKS.find((c) => c.key === key)!.read(value);
  const diagnose = (key: string, value: unknown): string => { const c = EVIDENCE_CHECKS.find((x) => x.key === key)!; return c.diagnose(c.read(value), value); };
  const ALL_RESULTS = "no result for ids 1,2,3,4,5,7,8,10,11,12";

  it("the envelope lines read no results as no results, not as none lacking the field", () => {
    const error = MESSAGES.map(() => ({ jsonrpc: "2.0", id: "wrong", error: { code: 1, message: "wrong" } }));
    for (const answers of [Array(13).fill(null), MESSAGES.map(() => ({})), error]) {
      expect(read("t2_without_result_type", answers)).toBe(ALL_RESULTS);
      expect(read("t2_without_server_info", answers)).toBe(ALL_RESULTS);
      expect(read("t2_without_cache_hints", answers)).toBe("no result for ids 1,2,7,8");
      expect(read("t2_responses", answers)).not.toBe(acceptedOf("t2_responses"));
    }
    expect(diagnose("t2_without_result_type", error)).toMatch(/^handle gave no result to the requests with ids 1,2,3,4,5,7,8,10,11,12 \(an error, null or not a response instead\)/);
    expect(diagnose("t2_responses", error)).toMatch(/^The answers to the requests with ids 1, 2, 3, 4, 5, 6, 7, 8, 99, 10, 11, 12 are not responses to them/);
    // Fewer results than the fixtures' (two answered with an error), the rest with the envelope: the two are named.
    const some = MESSAGES.map((m) => (m["id"] === undefined ? null : m["id"] === 3 || m["id"] === 7
      ? { jsonrpc: "2.0", id: m["id"], error: { code: -1, message: "no" } }
      : { jsonrpc: "2.0", id: m["id"], result: { resultType: "complete" } }));
    expect(read("t2_without_result_type", some)).toBe("no result for ids 3,7");
    expect(read("t2_without_server_info", some)).toBe("1,2,4,5,6,8,99,10,11,12; no result for ids 3,7");
    // A result under another id (or with no jsonrpc) is not the request's result.
    const otherIds = MESSAGES.map((m) => (m["id"] === undefined ? null : { jsonrpc: "2.0", id: "x", result: { resultType: "complete" } }));
    expect(read("t2_without_result_type", otherIds)).toBe(ALL_RESULTS);
    expect(diagnose("t2_without_server_info", some)).toMatch(/^The results to ids 1,2,4,5,6,8,99,10,11,12 lack _meta .* handle gave no result to the requests with ids 3,7/);
  });

  it("a fixed answer to every message does not earn the lines that tell answers apart", () => {
    const fixed = (result: Record<string, unknown>): unknown[] => MESSAGES.map((m) => (m["id"] === undefined ? null : { jsonrpc: "2.0", id: m["id"], result }));
    expect(read("t2_z9_is_error", fixed({ isError: true }))).toBe("true, on A100's success too");
    expect(read("t2_cancel_round1", fixed({ resultType: "input_required" }))).toBe("input_required without inputRequests.confirm");
    expect(read("t2_responses", fixed({}))).toBe("12"); // a response to each request, with its id: rule 1's work
    const refuse = (error: Record<string, unknown>): unknown[] => MESSAGES.map((m) => (m["id"] === undefined ? null : { jsonrpc: "2.0", id: m["id"], error }));
    expect(read("t2_old_version_code", refuse({ code: -32022, message: "no" }))).toBe("-32022, to the current version too");
    expect(read("t2_unknown_tool_error", refuse({ code: -32602, message: "unknown tool: delete_everything" }))).toBe("-32602 unknown tool: delete_everything, and to get_order_status too");
  });

  it("checkArgs returning [] for everything does not earn t1_valid_count", () => {
    expect(read("t1_valid_count", [[], [], [], [], []])).toBe("0, and no problem found in the other calls either");
    expect(diagnose("t1_valid_count", [[], [], [], [], []])).toMatch(/returned \[\] for every call/);
    expect(read("t1_valid_count", [["x"], [], [], [], []])).toBe("0");
  });

  it("serve answering every line with the parse error does not earn t4_parse_error_line", () => {
    const line = acceptedOf("t4_parse_error_line");
    expect(read("t4_parse_error_line", { out: LINES.map(() => line), log: [] })).toBe("8 lines have code -32700, for 1 input line that is not JSON");
    expect(read("t4_parse_error_line", { out: [line], log: [] })).toBe(line);
    for (const key of ["t4_out_ids", "t4_log"]) expect(read(key, { out: [], log: [] })).not.toBe(acceptedOf(key));
  });
});
