import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import { canonicalJson } from "../../../src/json/python-json.js";
import { LINES } from "../course/fixtures.js";
import { modelServe, serveWith, modelHandle } from "../behaviour/model.js";
import { computeEvidence } from "../evidence/lines.js";
import { TASK3_LINES } from "../evidence/task3-lines.js";
import { chargeReadThrough } from "./read-through.js";

// Task 3's line checks as task-result.ts makes them from what serve returned.
function lineChecks(result: unknown): CheckResult[] {
  const computed = computeEvidence({ task: "task3", result });
  return TASK3_LINES.map((line) => {
    const c = computed[line.key];
    const actual = c && "value" in c ? c.value : undefined;
    return { name: line.key, kind: "evidence", title: line.title, status: actual === line.accepted ? "pass" : "fail", actual: actual ?? null };
  });
}
const charges = (checks: CheckResult[]) => Object.fromEntries(checks.filter((c) => c.status === "fail").map((c) => [c.name, c.chargedTo ?? "charged here"]));
const model = modelServe(LINES) as { out: string[]; log: string[] };
const rewrite = (write: (v: unknown) => string) => ({ ...model, out: model.out.map((l) => write(JSON.parse(l))) });

describe("serve's lines that read through a mistake charged elsewhere", () => {
  it("charges a pretty-printed serve once, on the first line that shows the format", () => {
    const result = rewrite((v) => JSON.stringify(v, null, 2));
    expect(charges(chargeReadThrough(lineChecks(result), { result }))).toEqual({
      t3_no_embedded_newline: "charged here", t3_parse_error_line: "t3_no_embedded_newline", t3_list_line_length: "t3_no_embedded_newline",
    });
  });

  it("charges spaces after , and : once", () => {
    const result = rewrite((v) => canonicalJson(v).replace(/,"/g, ', "').replace(/":/g, '": '));
    expect(charges(chargeReadThrough(lineChecks(result), { result }))).toEqual({ t3_parse_error_line: "charged here", t3_list_line_length: "t3_parse_error_line" });
  });

  it("charges to task 2 what serve writes for the student's own handle's answers, only when a task 2 check failed", () => {
    // A handle that answers the notification too: serve's out count is 5, as serve must write it.
    const answering = (m: unknown) => modelHandle(m as never) ?? { jsonrpc: "2.0", id: null, result: {} };
    const result = serveWith([...LINES], answering);
    expect(charges(chargeReadThrough(lineChecks(result), { result, withOwnHandle: result, task2Failure: "t2_responses" }))).toEqual({ t3_out_count: "t2_responses" });
    expect(charges(chargeReadThrough(lineChecks(result), { result, withOwnHandle: result }))).toEqual({ t3_out_count: "charged here" });
  });

  it("keeps the charge of a serve whose own lines are wrong", () => {
    // Drops the Parse error line: the student's handle has nothing to do with it.
    const result = { ...model, out: model.out.filter((l) => !l.includes("-32700")) };
    const checks = chargeReadThrough(lineChecks(result), { result, withOwnHandle: model, task2Failure: "t2_responses" });
    expect(Object.values(charges(checks)).every((c) => c === "charged here")).toBe(true);
  });
});
