import { describe, expect, it } from "vitest";
import type { CallOutcome } from "../runner/outcome.js";
import { FailedCall } from "./failed-call.js";
import type { CheckResult } from "../report/types.js";
import { answersAlone, answersWithout, anotherOfKindBy, chargeLinesAlone, failedKey, leftOutSets, NOT_JSON_LIKE_PAGE, perLineInputs } from "./line-by-line.js";

const LINES = ["a", "{x", "", "b"];
const ok = (value: unknown): CallOutcome => ({ ok: true, value });
const threw: CallOutcome = { ok: false, failure: { reason: "throw", message: "serve threw" } };
const named = (i: number, f: { message: string }) => ({ reason: "throw" as const, message: `line ${i + 1}: ${f.message}` });

describe("line by line", () => {
  it("runs each line alone, then the list without each line and each two, its messages under fresh ids", () => {
    expect(leftOutSets(3)).toEqual([[0], [0, 1], [0, 2], [1], [1, 2], [2]]);
    const lines = ['{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"id": 7}}', "{x", "", '{"jsonrpc":"2.0","method":"n"}'];
    const inputs = perLineInputs(lines, 5);
    expect(inputs.slice(0, 4)).toEqual(lines.map((l) => [l]));
    expect(inputs).toHaveLength(4 + 4 + 6);
    const without = inputs[4 + leftOutSets(4).findIndex((s) => s.join(",") === "1,2")]!;
    expect(without).toHaveLength(2);
    // The message's own id changed, written as it was; params' id and the notification as they were.
    const first = JSON.parse(without[0]!) as { id: number; params: { id: number } };
    expect(first.id).not.toBe(1);
    expect(first.params.id).toBe(7);
    expect(without[0]).toBe(lines[0]!.replace('"id": 1', `"id": ${first.id}`));
    expect(without[1]).toBe(lines[3]);
    // The same seed makes the same lists; another, other ids.
    expect(perLineInputs(lines, 5)).toEqual(inputs);
    expect(perLineInputs(lines, 6)).not.toEqual(inputs);
  });

  it("makes the lists without each line of other lines of the same kinds, when the pack says how", () => {
    const lines = ['{"jsonrpc": "2.0", "id": 1, "method": "ping"}', "{x", "", '{"jsonrpc":"2.0","method":"n"}', "[1]"];
    const another = anotherOfKindBy({
      request: (m, random) => JSON.stringify({ ...m, id: random.int(1000, 9999), params: { n: random.int(0, 9) } }),
      notification: () => '{"jsonrpc":"2.0","method":"other"}',
    });
    const inputs = perLineInputs(lines, 5, another);
    // Each line alone is the page's; the lists without some are made of other lines of each kind.
    expect(inputs.slice(0, 5)).toEqual(lines.map((l) => [l]));
    const without = inputs[5 + leftOutSets(5).findIndex((s) => s.join(",") === "4")]!;
    const request = JSON.parse(without[0]!) as { id: number; method: string; params: { n: number } };
    expect([request.method, request.id >= 1000, typeof request.params.n]).toEqual(["ping", true, "number"]);
    expect(NOT_JSON_LIKE_PAGE).toContain(without[1]);
    expect(without.slice(2)).toEqual(["", '{"jsonrpc":"2.0","method":"other"}']);
    // JSON that is no message stays itself; the same seed and maker give the same lists.
    expect(inputs[5 + leftOutSets(5).findIndex((s) => s.join(",") === "0")]!.at(-1)).toBe("[1]");
    expect(perLineInputs(lines, 5, another)).toEqual(inputs);
    expect(answersWithout([], lines, 5, another).get("4")!.lines).toEqual(without);
  });

  it("reads each line's answer alone, a FailedCall naming the line where it failed", () => {
    const alone = answersAlone([ok(1), threw, ok(3), ok(4)], LINES, named)!;
    expect(alone[0]).toBe(1);
    expect(alone[1]).toBeInstanceOf(FailedCall);
    expect((alone[1] as FailedCall).failure.message).toBe("line 2: serve threw");
    expect(failedKey(alone)).toBe("1");
  });

  it("has no answers line by line when every line failed alone, or none did: no line is to blame", () => {
    expect(answersAlone([threw, threw, threw, threw], LINES, named)).toBeUndefined();
    expect(answersAlone([ok(1), ok(2), ok(3), ok(4)], LINES, named)).toBeUndefined();
    expect(answersAlone([ok(1)], LINES, named)).toBeUndefined();
    expect(answersAlone(undefined, LINES, named)).toBeUndefined();
  });

  it("keys the answers to the list without some lines by those lines, leaving out the calls that failed", () => {
    const sets = leftOutSets(4);
    const calls = [ok(1), threw, ok(3), ok(4), ...sets.map((s) => (s.includes(1) ? ok(s.join("+")) : threw))];
    const without = answersWithout(calls, LINES, 1);
    expect(without.get("1")).toEqual({ lines: ["a", "", "b"], answer: "1" });
    expect(without.get("1,2")).toEqual({ lines: ["a", "b"], answer: "1+2" });
    expect(without.get("0")).toEqual({ lines: ["{x", "", "b"] });
  });
});

describe("charging the lines that read every line", () => {
  const failure = { reason: "throw" as const, message: "For line 2 (\"{x\"): serve threw SyntaxError (at task3.ts:9:5)." };
  const answers = ["a", new FailedCall(1, failure), null, "b"];
  const judged = (): { checks: CheckResult[] } => ({
    checks: [
      { name: "count", kind: "evidence", title: "count", status: "fail", message: failure.message },
      { name: "parse_line", kind: "evidence", title: "parse", status: "fail", message: failure.message },
    ],
  });
  it("charges a line that reads every line to the failed line's when it is right over the others", () => {
    const j = judged();
    chargeLinesAlone(j, answers, ["count"], () => true);
    expect(j.checks.find((c) => c.name === "count")?.chargedTo).toBe("parse_line");
  });
});
