import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { HOSTILE, NORMAL, hostileReport, runnerCommands, terminalHazards } from "./hostile.js";
import { renderJunit } from "./junit.js";
import { escapeControls } from "./sanitize.js";
import { SAMPLE_REPORT, TRICKY } from "./sample-report.js";

const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", htmlEntities: true, isArray: (name) => ["testsuite", "testcase"].includes(name) }).parse(xml);

describe("junit reporter", () => {
  const xml = renderJunit([SAMPLE_REPORT, { ...SAMPLE_REPORT, submission: "students/bob" }]);

  it("is well-formed XML", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
  });

  it("has a testsuite per student and task, a testcase per check, and counts that add up", () => {
    const doc = parse(xml);
    const suites = doc.testsuites.testsuite as { name: string; tests: string; failures: string; errors: string; skipped: string; testcase: unknown[] }[];
    expect(suites.map((s) => s.name)).toEqual(["students/ann/task1", "students/ann/task2", "students/bob/task1", "students/bob/task2"]);
    expect(suites[0]).toMatchObject({ tests: "5", failures: "2", errors: "1", skipped: "0" });
    // task2 could not run: one error case of its own plus its skipped check.
    expect(suites[1]).toMatchObject({ tests: "2", failures: "0", errors: "1", skipped: "1" });
    expect(doc.testsuites).toMatchObject({ tests: "14", failures: "4", errors: "4", skipped: "2" });
    for (const s of suites) expect(s.testcase).toHaveLength(Number(s.tests));
  });

  it("carries expected and actual in a failure, with the text intact", () => {
    const doc = parse(xml);
    const failing = (doc.testsuites.testsuite[0].testcase as { name: string; failure?: { "#text": string; message: string } }[]).find((c) => c.name === "t1_name_description_unchanged")!;
    expect(failing.failure!.message).toBe("The name & description");
    expect(failing.failure!["#text"]).toContain("expected: True\nactual: False");
    expect(failing.failure!["#text"]).toContain(TRICKY.replace("\u0001", "\\x01"));
  });
});

type Case = { name: string; failure?: { "#text": string; message: string }; error?: { "#text": string; message: string }; skipped?: { message: string } };

describe("junit reporter on a hostile submission", () => {
  const xml = renderJunit([hostileReport()]);
  const visible = escapeControls(HOSTILE, "\n\t");

  it("stays well-formed, with no character XML forbids, no raw control and no CI command", () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    expect(terminalHazards(xml)).toEqual([]);
    expect(runnerCommands(xml)).toEqual([]);
  });

  it("reads back as the student's text with its controls shown by code, in attributes and text alike", () => {
    const suites = parse(xml).testsuites.testsuite as { name: string; testcase: Case[]; "system-err": string }[];
    expect(suites[0]!.name).toBe(`students/${visible}/task1`);
    expect(suites[0]!.testcase[0]!.failure!["#text"]).toBe(`expected: description,inputSchema,name\nactual: ${visible}\n${visible}\nRule: keep them`);
    expect(suites[0]!["system-err"]).toBe(visible);
    expect(suites[1]!.testcase[0]!.error!.message).toBe(visible);
    expect(suites[1]!.testcase[1]!.skipped!.message).toBe(visible);
  });

  it("keeps normal text as it is", () => {
    expect(renderJunit([hostileReport(NORMAL)])).toContain(`<system-err>${NORMAL}</system-err>`);
  });
});
