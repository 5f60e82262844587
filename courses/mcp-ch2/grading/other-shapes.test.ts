import { describe, expect, it } from "vitest";
import { FailedCall } from "../../../src/pack/failed-call.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { LINES } from "../course/fixtures.js";
import { KINDS, mistakesOf, otherShapes, shapesProbe, type ValueKind } from "./other-shapes.js";

const threw = (line: number, at: string) => new FailedCall(line, { reason: "throw", message: `For line ${line + 1}: serve threw TypeError: no (at ${at}).` });
const replyWith = (...values: unknown[]): SandboxReply => ({ runs: [{ status: "ran", calls: values.map((v) => ({ ok: true, value: `J${JSON.stringify(v)}` })), stdout: "", stderr: "", durationMs: 0 }] } as unknown as SandboxReply);
const failedReply = (): SandboxReply => ({ runs: [{ status: "ran", calls: [{ ok: false, failure: { reason: "throw", message: "no" } }], stdout: "", stderr: "", durationMs: 0 }] } as unknown as SandboxReply);

describe("otherShapes", () => {
  it("writes one kind of value otherwise, as a string, a list as an object of its indices", () => {
    const value = { a: [true, null, 3, "x"], b: { c: false } };
    expect(otherShapes(value, ["boolean"])).toEqual({ a: ["true", null, 3, "x"], b: { c: "false" } });
    expect(otherShapes(value, ["array"])).toEqual({ a: { 0: true, 1: null, 2: 3, 3: "x" }, b: { c: false } });
    expect(otherShapes(value, ["null"])).toEqual({ a: [true, "null", 3, "x"], b: { c: false } });
    expect(otherShapes(value, ["number"])).toEqual({ a: [true, null, "3", "x"], b: { c: false } });
  });
});

describe("mistakesOf", () => {
  it("charges as many mistakes as kinds the lines need, at most one a line", () => {
    const of = (entries: [number, string[]][]) => mistakesOf(new Map(entries.map(([i, k]) => [i, new Set(k as ValueKind[])])));
    // No boolean and no list writer: lines needing one each, and one needing both.
    const two = of([[0, ["boolean"]], [2, ["array", "boolean"]], [4, ["array", "boolean"]]]);
    expect(new Set(two.values())).toEqual(new Set(["boolean", "array"]));
    expect(two.get(0)).toBe("boolean");
    // One forgotten kind: one mistake, whatever else a line holds.
    expect(new Set(of([[0, ["boolean"]], [2, ["boolean"]], [4, ["boolean"]]]).values())).toEqual(new Set(["boolean"]));
    // Four kinds, three lines: three mistakes, not more than the lines.
    expect(new Set(of([[0, [...KINDS]], [2, [...KINDS]], [4, [...KINDS]]]).values()).size).toBe(3);
    // A line right with any kind left in shares the first mistake.
    expect(of([[0, ["number"]], [2, []]]).get(2)).toBe("number");
  });
});

describe("shapesProbe", () => {
  const twoAtOnePlace = [threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:9:1")];

  it("asks only when two of serve's lines failed alone at one place, or about lists: every kind otherwise, then each kind left in", () => {
    expect(shapesProbe([threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:30:1")])).toBeUndefined();
    const probe = shapesProbe(twoAtOnePlace)!;
    expect(probe.requests).toHaveLength(KINDS.length + 1);
    expect(probe.requests.map((r) => r.runs[0]!.inputs)).toEqual([...KINDS, "all"].map(() => [JSON.stringify(LINES)]));
    // The envelope stays: ids as serve gave them to handle.
    const answers = Object.values(probe.requests[0]!.standIns["task2.ts"]!.exports["handle"]!.answers).map((t) => JSON.parse(t) as { id?: unknown } | null);
    expect(answers.filter((a) => a !== null).map((a) => typeof a!.id)).toEqual(["number", "number", "number"]);
  });

  it("reads LINES with every kind otherwise, key order aside, and the kinds each failed line needs", () => {
    const probe = shapesProbe(twoAtOnePlace)!;
    const answersOf = (r: number) => probe.requests[r]!.standIns["task2.ts"]!.exports["handle"]!.answers;
    const answer = (r: number, id: number) => JSON.parse(Object.entries(answersOf(r)).find(([k]) => k.includes(`"id":${id},`))![1]) as Record<string, unknown>;
    const reversed = (v: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(v).reverse()));
    const parseError = '{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}';
    const log = ["line 1", "line 2", "line 3", "line 4", "line 5"];
    // Right when booleans are written otherwise (requests 0, and 2-4 that leave another kind in): a serve that forgot booleans.
    const outOf = (r: number) => [reversed(answer(r, 1)), reversed(answer(r, 2)), parseError, reversed(answer(r, 3))];
    const right = (r: number) => replyWith({ out: outOf(r), log });
    const seen = probe.read([right(0), failedReply(), right(2), right(3), right(4)]);
    expect(seen.lines).toEqual({ loopRight: true, written: new Set([0, 2, 3, 4]), mistakeOf: new Map([[0, "boolean"], [2, "boolean"]]) });
    expect(probe.read(probe.requests.map(() => failedReply())).lines).toBeUndefined();
    expect(probe.read([replyWith({ out: outOf(0).slice(1), log }), right(1), right(2), right(3), right(4)]).lines).toBeUndefined();
  });
});
