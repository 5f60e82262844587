// End-to-end: the real CLI on the reference and on one fixture submission per mistake, each
// asserting exactly which checks fail, the task statuses and the exit code.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Report } from "../../src/report/types.js";
import { makeSubmission, runCli, tempDir } from "./cli.js";

async function gradeJson(fixture: string | undefined, extra: string[] = []): Promise<{ code: number; report: Report; stderr: string; evidence: string }> {
  const work = tempDir();
  const dir = makeSubmission(fixture, work);
  const evidence = path.join(work, "evidence.txt");
  // Evidence only: these runs are about the 17 lines; the other kinds have tests of their own.
  const result = await runCli(["--dir", dir, "--evidence", evidence, "--reporter", "json", "--no-behaviour", "--no-typecheck", ...extra], { cwd: work });
  expect(result.stdout.trim().startsWith("{"), result.stderr).toBe(true);
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr, evidence: readFileSync(evidence, "utf8") };
}

const failing = (report: Report): string[] =>
  report.tasks.flatMap((t) => t.checks).filter((c) => c.status === "fail" || c.status === "error").map((c) => c.name);
const statuses = (report: Report): string[] => report.tasks.map((t) => t.status);
const check = (report: Report, name: string) => report.tasks.flatMap((t) => t.checks).find((c) => c.name === name)!;

describe("grade on the reference solution", () => {
  it("passes all 17 evidence checks, exits 0 and writes the 17 lines", async () => {
    const { code, report, evidence } = await gradeJson(undefined);
    expect(code).toBe(0);
    expect(report.status).toBe("pass");
    expect([report.score, report.maxScore]).toEqual([17, 17]);
    expect(failing(report)).toEqual([]);
    expect(evidence.split("\n").filter(Boolean)).toHaveLength(17);
  });
});

describe.concurrent("each mistake is diagnosed by the key it breaks", () => {
  // [fixture, the lines it gets wrong, the first one's diagnosis]. Each costs one point: a line
  // that only reads through a mistake another line charges is shown wrong and costs nothing more
  // (courses/mcp-ch2/grading/charges.ts).
  const cases: [string, string[], RegExp][] = [
    ["unknown-tool-iserror", ["t2_id4_error"], /protocol error/],
    ["unknown-tool-32601", ["t2_id4_error"], /-32601 means the method does not exist/],
    ["answers-notifications", ["t2_responses", "t3_out_count"], /notification/],
    ["echoes-protocol-version", ["t2_init_version"], /echoed the client's protocolVersion/],
    ["enum-without-spaces", ["t2_id5_text"], /comma and a space/],
    ["unsorted-keys", ["t3_parse_error_line"], /keys are not sorted/],
    ["pretty-printed", ["t3_no_embedded_newline", "t3_parse_error_line", "t3_list_line_length"], /newline/],
    ["counts-empty-lines", ["t3_log_count"], /Empty lines/],
    // The student's own server converts the TOOL their toMcp has changed, as in Python.
    ["mutates-input", ["t1_schema_unchanged", "t3_list_line_length"], /unchanged/],
  ];
  for (const [fixture, keys, diagnosis] of cases) {
    it(fixture, async () => {
      const { code, report } = await gradeJson(fixture);
      expect(code).toBe(1);
      expect(failing(report)).toEqual(keys);
      expect(check(report, keys[0]!).message).toMatch(diagnosis);
      for (const key of keys.slice(1)) expect(check(report, key).chargedTo, key).toBeDefined();
      expect(report.score).toBe(16);
    });
  }
});

describe.concurrent("untrusted code ends as that task's error, and the rest is still graded", () => {
  it("printing inside serve fails the stdout check and quotes the print", async () => {
    const { code, report } = await gradeJson("prints-in-serve");
    expect(code).toBe(1);
    expect(failing(report)).toEqual(["t3_no_stdout"]);
    expect(check(report, "t3_no_stdout").message).toContain("server starting, loading config...");
    // Every evidence line right, but the chapter's rule broken: a point off (course/score.ts).
    expect([report.byKind?.evidence?.passed ?? report.tasks.flatMap((t) => t.checks).filter((c) => c.kind === "evidence" && c.status === "pass").length, report.score]).toEqual([17, 16]);
  });

  it("a throw names the message, the error and the student's line, and costs that message's line", async () => {
    const { code, report } = await gradeJson("throws");
    expect(code).toBe(1);
    expect(statuses(report)).toEqual(["pass", "fail", "pass"]);
    expect(check(report, "t2_id4_error").message).toMatch(/^For the message with id 4 \(tools\/call deploy_nuke\): handle threw Error: no such tool \(at .*task2\.ts:7:\d+\)/);
    // The lines that read the other answers are judged, and pass.
    expect(report.tasks[1]!.checks.filter((c) => c.kind === "evidence" && c.status === "pass").map((c) => c.name)).toEqual(["t2_init_version", "t2_tool_names", "t2_id3_text", "t2_id5_is_error", "t2_id5_text", "t2_id6_error_code", "t2_id7_text"]);
    expect(check(report, "t2_responses").chargedTo).toBe("t2_id4_error");
    // On any seed: a rule's generated message that is id 4's under another id fails as id 4 did,
    // charged by t2_id4_error (courses/mcp-ch2/grading/fixture-case.ts).
    expect(report.score).toBe(16);
  });

  it("an infinite loop on one message is stopped at that call's work budget, and costs that message's line", async () => {
    const { code, report } = await gradeJson("infinite-loop");
    expect(code).toBe(1);
    expect(statuses(report)).toEqual(["pass", "fail", "pass"]);
    // Where the loop is, and the budget against the reference's use.
    expect(check(report, "t2_id6_error_code").message).toMatch(/^For the message with id 6 \(resources\/list\): handle never returned for this input: it was stopped in handle \(at .*task2\.ts:[67]:\d+\) after using its whole work budget for one call \(100 units; the reference solution's costliest call uses at most 1\/100 of that\)/);
    // Every other message's line is judged, and passes; the count of answers is charged to id 6's line.
    expect(report.tasks[1]!.checks.filter((c) => c.kind === "evidence" && c.status === "fail").map((c) => c.name)).toEqual(["t2_responses", "t2_id6_error_code"]);
    expect(check(report, "t2_responses").chargedTo).toBe("t2_id6_error_code");
    expect(report.score).toBe(16);
  });

  it("process.exit inside serve is reported, not obeyed", async () => {
    const { report } = await gradeJson("process-exit");
    // The code ran and stopped itself: the student's failure, not the grader's error.
    expect(statuses(report)).toEqual(["pass", "pass", "fail"]);
    expect(report.tasks[2]!.message).toMatch(/serve called process\.exit\(0\)/);
  });

  it("a syntax error is reported with file:line:column, and costs only its own task", async () => {
    const { report } = await gradeJson("syntax-error");
    // The tasks that import it are judged with a correct copy of it (src/grading/stand-ins.ts).
    expect(statuses(report)).toEqual(["error", "pass", "pass"]);
    expect(report.tasks.map((t) => t.standIns)).toEqual([undefined, ["task1.ts"], ["task1.ts"]]);
    // TypeScript's own words for it, as tsc would print them.
    expect(report.tasks[0]!.message).toMatch(/task1\.ts:5:\d+: ',' expected\. Fix the code at that place and save\./);
  });

  it("a missing export names the expected export and lists those found", async () => {
    const { report } = await gradeJson("missing-export");
    expect(statuses(report)).toEqual(["pass", "error", "pass"]);
    expect(report.tasks[1]!.message).toMatch(/must export a function named handle .* It exports: handleMessage\./);
    expect(report.tasks[2]!.standIns).toEqual(["task2.ts"]);
  });

  it("a Promise where a value is due", async () => {
    const { report } = await gradeJson("async-handle");
    expect(report.tasks[1]!.status).toBe("fail");
    expect(report.tasks[1]!.message).toMatch(/returned a Promise/);
  });

  it("a return value JSON cannot represent: its own check fails, and only the lines that read it", async () => {
    const { report } = await gradeJson("cyclic-result");
    const task1 = report.tasks[0]!;
    expect(task1.status).toBe("fail");
    const data = task1.checks.find((c) => c.name === "t1_json_data")!;
    expect(data.status).toBe("fail");
    expect(data.message).toMatch(/the return value\.self refers back .* \(a cycle\)/);
    // The keys are still read: "self" is one too many.
    expect(task1.checks.find((c) => c.name === "t1_keys")).toMatchObject({ status: "fail", actual: "description,inputSchema,name,self" });
  });

  it("an error at import time", async () => {
    const { report } = await gradeJson("import-time-error");
    expect(report.tasks[0]!.status).toBe("error");
    expect(report.tasks[0]!.message).toMatch(/failed while it was being loaded.*SyntaxError.*task1\.ts:4/);
  });

  it("a huge allocation", async () => {
    const { report } = await gradeJson("memory-hog", ["--timeout", "20000"]);
    expect(report.tasks[0]!.status).toBe("fail");
    expect(report.tasks[0]!.message).toMatch(/more than 128 MB of memory/);
  });

  it("a flood of output is capped and quoted, and the values still count", async () => {
    const { report } = await gradeJson("stdout-flood", ["--timeout", "20000"]);
    expect(report.tasks[0]!.checks.filter((c) => c.kind === "evidence").every((c) => c.status === "pass")).toBe(true);
    const stdout = check(report, "t1_no_stdout");
    expect(stdout.status).toBe("fail");
    expect(stdout.actual!.length).toBeLessThan(1000);
  });
});
