import { describe, expect, it } from "vitest";
import { REPORT_VERSION, type Report } from "../report/types.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { csvField, csvHeader, firstFailure, gradesCsv, parseCsv } from "./csv.js";

const CSV_HEADER = csvHeader(pack.tasks.map((t) => t.id));
const fileOf = (task: string): string => pack.tasks.find((t) => t.id === task)?.file ?? task;

const report = (submission: string, message: string): Report => ({
  version: REPORT_VERSION, pack: "mcp-ch2", submission, status: "fail", score: 2, maxScore: 17, evidence: {},
  tasks: [{ task: "task1", title: "t", status: "fail", score: 2, maxScore: 3, checks: [
    { name: "t1_keys", kind: "evidence", title: "keys", status: "pass" },
    // The instructor's line (instructor-text.ts) carries the value the code printed.
    { name: "t1_schema_unchanged", kind: "evidence", title: "schema", status: "fail", expected: "True", actual: message, message: "Fix it." },
  ] }],
});

describe("grades.csv", () => {
  it("quotes commas, quotes and line breaks, and reads back to the same fields", () => {
    const tricky = 'said "no", then\nleft\r\nfor good';
    const text = gradesCsv([report("ann, the first", tricky), report("bob", "plain")], pack);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(CSV_HEADER);
    expect(rows[1]).toEqual(["ann, the first", "2", "17", "2", "", "", "fail", "t1_schema_unchanged", `expected "True", got ${JSON.stringify(tricky)}`, "mcp-ch2"]);
    expect(rows[2]).toEqual(["bob", "2", "17", "2", "", "", "fail", "t1_schema_unchanged", 'expected "True", got "plain"', "mcp-ch2"]);
    expect(rows).toHaveLength(3);
  });

  it("leaves plain fields bare and quotes only when needed", () => {
    expect(csvField("abc")).toBe("abc");
    expect(csvField(17)).toBe("17");
    expect(csvField('a"b')).toBe('"a""b"');
  });

  it("puts a ' before text a spreadsheet would run, quotes it, and reads back with every field in its column", () => {
    const formulas = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\t=1", " =1", "\uff1d1"];
    const rows = parseCsv(gradesCsv(formulas.map((f) => ({ ...report(f, f), tasks: [{ task: "task1", title: "t", status: "error", score: 0, maxScore: 3, message: `Not graded: ${f}`, checks: [] }] })), pack));
    expect(rows).toHaveLength(formulas.length + 1);
    formulas.forEach((f, i) => {
      expect(rows[i + 1]).toHaveLength(CSV_HEADER.length);
      expect(rows[i + 1]![0]).toBe(`'${f}`);
      expect(rows[i + 1]!.at(-2)).toBe(`Not graded: ${f}`);
      expect(rows[i + 1]!.at(-1)).toBe("mcp-ch2");
    });
    expect(csvField("=1")).toBe(`"'=1"`);
    // A line break or another control is written as its code: inert, and it starts no formula.
    expect(parseCsv(csvField("\r=1\u001b]8;;x"))[0]![0]).toBe("\\r=1\\x1b]8;;x");
    expect(csvField("a=b, c-d")).toBe(`"a=b, c-d"`);
  });

  it("leaves numbers and normal text as they are", () => {
    const normal = "Grüße, 名前 ✓ ✗ 🎉";
    expect(csvField(0)).toBe("0");
    expect(csvField("Grüße 名前 ✓ ✗ 🎉")).toBe("Grüße 名前 ✓ ✗ 🎉");
    expect(parseCsv(gradesCsv([report(normal, normal)], pack))[1]).toEqual([normal, "2", "17", "2", "", "", "fail", "t1_schema_unchanged", `expected "True", got "${normal}"`, "mcp-ch2"]);
  });

  it("names the first failing check, else the first check of the first task that could not run", () => {
    expect(firstFailure(report("x", "m"), fileOf)).toEqual({ check: "t1_schema_unchanged", message: 'expected "True", got "m"' });
    const errored: Report = { ...report("y", "m"), tasks: [{ task: "task2", title: "t", status: "error", score: 0, maxScore: 9, message: "timed out", checks: [{ name: "t2_responses", kind: "evidence", title: "r", status: "skip" }] }] };
    expect(firstFailure(errored, fileOf)).toEqual({ check: "t2_responses", message: "task2.ts: timed out" });
  });
});
