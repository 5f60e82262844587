import { describe, expect, it } from "vitest";
import { EVIDENCE_RULES } from "../course/evidence-keys.js";
import { LINES, MESSAGES, TOOL } from "../course/fixtures.js";
import { handle } from "../../../solutions/task2.js";
import { serve } from "../../../solutions/task3.js";
import { toMcp } from "../../../solutions/task1.js";
import { computeEvidence, diagnose } from "./lines.js";
import type { TaskValue } from "./line.js";

const values = (v: TaskValue) => Object.fromEntries(Object.entries(computeEvidence(v)).map(([k, c]) => [k, "value" in c ? c.value : `MISSING: ${c.missing}`]));
const responses = () => MESSAGES.map((m) => handle(structuredClone(m)));

describe("computeEvidence", () => {
  it("prints the accepted value of every key for the reference's return values", () => {
    const all = {
      ...values({ task: "task1", result: toMcp(structuredClone(TOOL)) }),
      ...values({ task: "task2", responses: responses() }),
      ...values({ task: "task3", result: serve([...LINES]) }),
    };
    for (const [key, value] of Object.entries(all)) expect(value, key).toBe(EVIDENCE_RULES[key as keyof typeof EVIDENCE_RULES].accepted);
  });

  it("says why a line cannot be computed instead of crashing", () => {
    expect(values({ task: "task1", result: "logs_search" })).toMatchObject({
      t1_keys: 'MISSING: toMcp returned a string ("logs_search"), not an object',
      t1_schema_unchanged: 'MISSING: the result has no inputSchema (it is a string ("logs_search"))',
    });
    const rs = responses();
    rs[3] = null;
    rs[4] = { jsonrpc: "2.0", id: 4, result: { content: [{ type: "text", text: "Unknown tool: deploy_nuke" }], isError: true } };
    expect(values({ task: "task2", responses: rs })).toMatchObject({
      t2_id3_text: "MISSING: handle returned null for the message with id 3 (tools/call logs_search), which needs a response",
      t2_id4_error: "MISSING: the response to id 4 has no error (it is an object)",
    });
    expect(values({ task: "task3", result: { out: "x", log: [] } }).t3_out_count).toBe("MISSING: serve's out is a string (\"x\"), not a list of strings");
  });

  it("finds the answering lines by what they say, even in another order", () => {
    const { out, log } = serve([...LINES]);
    const v = values({ task: "task3", result: { out: [...out].reverse(), log } });
    expect(v.t3_parse_error_line).toBe(EVIDENCE_RULES.t3_parse_error_line.accepted);
    expect(v.t3_list_line_length).toBe("500");
  });
});

describe("diagnose", () => {
  const task2 = (patch: (rs: unknown[]) => void): TaskValue => { const rs: unknown[] = responses(); patch(rs); return { task: "task2", responses: rs }; };

  it("names the rule for the classic task 2 mistakes", () => {
    expect(diagnose({ key: "t2_id4_error", actual: undefined, value: task2((rs) => { rs[4] = { jsonrpc: "2.0", id: 4, result: { content: [], isError: true } }; }) }))
      .toMatch(/An unknown tool is a protocol error/);
    expect(diagnose({ key: "t2_responses", actual: "8", value: task2((rs) => { rs[1] = { jsonrpc: "2.0", id: null, result: {} }; }) }))
      .toMatch(/You answered the notification notifications\/initialized/);
    expect(diagnose({ key: "t2_responses", actual: "6", value: task2((rs) => { rs[6] = null; }) }))
      .toMatch(/handle returned null for the message with id 6 \(resources\/list\)/);
    expect(diagnose({ key: "t2_id6_error_code", actual: "-32602" })).toMatch(/-32601/);
    expect(diagnose({ key: "t2_id5_is_error", actual: undefined, value: task2((rs) => { rs[5] = { jsonrpc: "2.0", id: 5, error: { code: -32602, message: "bad" } }; }) }))
      .toMatch(/tool execution error/);
  });

  it("names the serialisation rule a task 3 line broke", () => {
    expect(diagnose({ key: "t3_parse_error_line", actual: '{"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}}' }))
      .toMatch(/spaces after , or :/);
    expect(diagnose({ key: "t3_parse_error_line", actual: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}' }))
      .toMatch(/keys are not sorted/);
    expect(diagnose({ key: "t3_log_count", actual: "6" })).toMatch(/Empty lines/);
  });

  it("falls back to expected and actual when no specific rule fits", () => {
    expect(diagnose({ key: "t2_tool_names", actual: "search" })).toBe("Expected logs_search, got search.");
  });
});
