import { describe, expect, it } from "vitest";
import { REPORT_VERSION, type Report } from "../report/types.js";
import { CSV_HEADER, csvField, firstFailure, gradesCsv, parseCsv } from "./csv.js";

const report = (submission: string, message: string): Report => ({
  version: REPORT_VERSION, submission, status: "fail", score: 2, maxScore: 17, evidence: {},
  tasks: [{ task: "task1", title: "t", status: "fail", score: 2, maxScore: 3, checks: [
    { name: "t1_keys", kind: "evidence", title: "keys", status: "pass" },
    { name: "t1_schema_unchanged", kind: "evidence", title: "schema", status: "fail", message },
  ] }],
});

describe("grades.csv", () => {
  it("quotes commas, quotes and line breaks, and reads back to the same fields", () => {
    const tricky = 'said "no", then\nleft\r\nfor good';
    const text = gradesCsv([report("ann, the first", tricky), report("bob", "plain")]);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows[1]).toEqual(["ann, the first", "2", "17", "2", "", "", "fail", "t1_schema_unchanged", tricky]);
    expect(rows[2]).toEqual(["bob", "2", "17", "2", "", "", "fail", "t1_schema_unchanged", "plain"]);
    expect(rows).toHaveLength(3);
  });

  it("leaves plain fields bare and quotes only when needed", () => {
    expect(csvField("abc")).toBe("abc");
    expect(csvField(17)).toBe("17");
    expect(csvField('a"b')).toBe('"a""b"');
  });

  it("names the first failing check, else the first task that could not run", () => {
    expect(firstFailure(report("x", "m"))).toEqual({ check: "t1_schema_unchanged", message: "m" });
    const errored: Report = { ...report("y", "m"), tasks: [{ task: "task2", title: "t", status: "error", score: 0, maxScore: 9, message: "timed out", checks: [{ name: "t2_responses", kind: "evidence", title: "r", status: "skip" }] }] };
    expect(firstFailure(errored)).toEqual({ check: "task2", message: "timed out" });
  });
});
