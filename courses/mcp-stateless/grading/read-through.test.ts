// handle's evidence lines that only show the student's checkArgs: charged to task 1 where that
// checkArgs changed nothing but the problems' text, never where it changed which path handle took.
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import { answersWith, checkArgs, newServer, serveWith, type ArgsChecker } from "../behaviour/model.js";
import { LINES, MESSAGES } from "../course/fixtures.js";
import { acceptedOf, evidenceOf } from "../evidence/lines.js";
import { Missing } from "../evidence/reading.js";
import { chargeLinesToTask1, chargeServeLinesToHandle, chargeStdioIdsToResponses } from "./read-through.js";

/** handle's lines as a handle that follows the rules with `checker` shows them, each failed where it differs. */
function linesWith(checker: ArgsChecker): CheckResult[] {
  const answers = answersWith(MESSAGES, checker).map((a) => a?.value ?? null);
  return evidenceOf("task2").map((line) => {
    let actual: string | null = null;
    try { actual = line.read(answers); } catch (error) { if (!(error instanceof Missing)) throw error; }
    return { name: line.key, kind: "evidence", title: line.title, status: actual === acceptedOf(line.key) ? "pass" : "fail", actual };
  });
}
const charged = (checks: CheckResult[]): string[] => checks.filter((c) => c.chargedTo === "task1").map((c) => c.name);

describe("handle's lines read through the student's checkArgs", () => {
  it("are task 1's when only the problems' text differs", () => {
    const reversed: ArgsChecker = (schema, args) => [...checkArgs(schema, args)].reverse();
    const checks = linesWith(reversed);
    expect(checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual(["t2_bad_args_text"]);
    expect(charged(chargeLinesToTask1(checks, reversed))).toEqual(["t2_bad_args_text"]);
  });

  it("are handle's own when the checkArgs it calls refused a valid call: its success path never ran", () => {
    const refusesAll: ArgsChecker = (schema, args) => [...checkArgs(schema, args), "missing 'everything'"];
    const checks = linesWith(refusesAll);
    expect(checks.some((c) => c.name === "t2_a100_structured" && c.status === "fail")).toBe(true);
    expect(charged(chargeLinesToTask1(checks, refusesAll))).toEqual([]);
  });
});

/** serve's lines as `served` shows them, each failed where it differs from the accepted value. */
function serveLines(served: unknown): CheckResult[] {
  return evidenceOf("task4").map((line) => {
    const actual = line.read(served);
    return { name: line.key, kind: "evidence", title: line.title, status: actual === acceptedOf(line.key) ? "pass" : "fail", actual };
  });
}
const toHandle = (checks: CheckResult[]): string[] => checks.filter((c) => c.chargedTo === "task2").map((c) => c.name);

describe("serve's lines read through the student's handle", () => {
  // A handle whose errors carry id null, its answers in serve's order as the oracle gives them.
  const model = newServer();
  const idNull = (m: Record<string, unknown>): unknown => { const r = model(m) as Record<string, unknown> | null; return r && "error" in r ? { ...r, id: null } : r; };
  const expected = serveWith(LINES, idNull);

  it("are task 2's when serve's rules give them with that handle's answers", () => {
    const checks = serveLines(expected);
    expect(checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual(["t4_out_ids"]);
    expect(toHandle(chargeServeLinesToHandle(checks, expected, expected))).toEqual(["t4_out_ids"]);
  });

  it("are serve's own when serve wrote something else (a response dropped), and when nothing was expected", () => {
    const served = { ...expected, out: expected.out.slice(1) };
    const checks = serveLines(served);
    expect(checks.find((c) => c.name === "t4_out_ids")!.status).toBe("fail");
    expect(toHandle(chargeServeLinesToHandle(checks, expected, served))).toEqual([]);
    expect(toHandle(chargeServeLinesToHandle(serveLines(expected), undefined, expected))).toEqual([]);
  });
});

describe("the live stdio check's ids", () => {
  const responses: CheckResult = { name: "t2_responses", kind: "evidence", title: "", status: "fail", actual: "0" };
  const ids: CheckResult = { name: "t2_stdio_clean", kind: "stdio", title: "", status: "fail", expected: '1,2,"status-A100"', actual: '"1","2","status-A100"' };

  it("are t2_responses's when the fixtures' responses broke its rule too", () => {
    expect(chargeStdioIdsToResponses([responses, ids])?.find((c) => c.name === "t2_stdio_clean")?.chargedTo).toBe("t2_responses");
  });

  it("stay the stdio check's when t2_responses held, or when it refused a print (no id lists)", () => {
    expect(chargeStdioIdsToResponses([{ ...responses, status: "pass" }, ids])).toBeUndefined();
    const { expected: _, ...print } = ids;
    expect(chargeStdioIdsToResponses([responses, { ...print, actual: "hello" }])).toBeUndefined();
  });
});
