import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { classData } from "./class-data.js";
import { renderClassHtml } from "./class-html.js";
import { HOSTILE, hostileReport, NORMAL } from "./hostile.js";
import { REPORT_VERSION, type CheckResult, type Report } from "./types.js";

const check = (name: string, status: CheckResult["status"], actual?: string): CheckResult => ({ name, kind: "evidence", title: `${name} is right`, status, hint: `reread ${name}`, ...(actual !== undefined ? { actual } : {}) });
const student = (id: string, score: number, checks: CheckResult[]): Report => ({
  version: REPORT_VERSION, submission: id, status: checks.every((c) => c.status === "pass") ? "pass" : "fail", score, maxScore: 2, evidence: {},
  tasks: [{ task: "task1", title: "Task one", status: "fail", score, maxScore: 2, checks }],
});

const CLASS = [
  student("ann", 2, [check("t1_a", "pass", "1"), check("t1_b", "pass", "x")]),
  student("bob", 1, [check("t1_a", "pass", "1"), check("t1_b", "fail", "y")]),
  student("cy", 1, [check("t1_a", "pass", "1"), check("t1_b", "fail", "y")]),
  student("dee", 0, [check("t1_a", "fail", "2"), check("t1_b", "fail", "z")]),
  student("eve", 0, [check("t1_a", "skip"), check("t1_b", "skip")]),
];

describe("the class report's data", () => {
  it("ranks the rules by pass rate over the students judged, with the most common failing value and its hint", () => {
    const { rules, students } = classData(CLASS);
    expect(rules.map((r) => [r.name, r.passed, r.judged])).toEqual([["t1_b", 1, 4], ["t1_a", 3, 4]]);
    expect(rules[0]!.commonFailure).toEqual({ shown: "y", count: 2 });
    expect(rules[0]!.hint).toBe("reread t1_b");
    expect(students.find((s) => s.id === "dee")!.failing.map((f) => f.name)).toEqual(["t1_a", "t1_b"]);
  });
});

describe("the class report page", () => {
  const page = renderClassHtml(CLASS, { title: "Chapter", evidenceOf: (id) => (id === "eve" ? undefined : `evidence/${id}.txt`) });

  it("lists every student with a link to their report and the histogram of scores", () => {
    for (const [i, id] of ["ann", "bob", "cy", "dee", "eve"].entries()) {
      expect(page).toContain(`<a href="#student-${i}">${id}</a>`);
      expect(page).toContain(`<section class="student" id="student-${i}">`);
    }
    expect(page).toContain('<a href="evidence/bob.txt">evidence file</a>');
    expect(page.match(/<div style="height:[\d.]+%" title="\d+ scored \d\/2">/g)).toHaveLength(3);
    expect(page).toContain('title="2 scored 0/2"');
  });

  it("loads nothing from elsewhere and lets only its own script run", () => {
    const script = /<script>([\s\S]*)<\/script>/.exec(page)![1]!;
    const hash = createHash("sha256").update(script).digest("base64");
    expect(page).toContain(`script-src 'sha256-${hash}'`);
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it("shows a hostile student's folder name and values as text, never as markup", () => {
    const hostile = renderClassHtml([hostileReport(), hostileReport(NORMAL)], { evidenceOf: () => `evidence/${HOSTILE}.txt` });
    expect(hostile).not.toContain("<img");
    expect(hostile).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(hostile.match(/<script/g)).toHaveLength(1);
    expect(hostile).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(hostile).toContain(NORMAL);
    // A quote cannot end an attribute early: every attribute value is one of ours.
    for (const [, value] of hostile.matchAll(/ href="([^"]*)"/g)) expect(value).toMatch(/^(#student-\d+|evidence\/[^"<>]*)$/);
  });
});
