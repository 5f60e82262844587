import { describe, expect, it } from "vitest";
import { FailedCall } from "../../../src/pack/failed-call.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { LINES } from "../course/fixtures.js";
import { KINDS, otherShapes, shapesProbe } from "./other-shapes.js";

const threw = (line: number, at: string) => new FailedCall(line, { reason: "throw", message: `For line ${line + 1}: serve threw TypeError: no (at ${at}).` });
const replyWith = (...values: unknown[]): SandboxReply => ({ runs: [{ status: "ran", calls: values.map((v) => ({ ok: true, value: `J${JSON.stringify(v)}` })), stdout: "", stderr: "", durationMs: 0 }] } as unknown as SandboxReply);
const failedReply = (): SandboxReply => ({ runs: [{ status: "ran", calls: [{ ok: false, failure: { reason: "throw", message: "no" } }], stdout: "", stderr: "", durationMs: 0 }] } as unknown as SandboxReply);

describe("otherShapes", () => {
  it("writes one kind of value otherwise, as a string, a list as an object of its indices", () => {
    const value = { a: [true, null, 3, "x"], b: { c: false } };
    expect(otherShapes(value, "boolean")).toEqual({ a: ["true", null, 3, "x"], b: { c: "false" } });
    expect(otherShapes(value, "array")).toEqual({ a: { 0: true, 1: null, 2: 3, 3: "x" }, b: { c: false } });
    expect(otherShapes(value, "null")).toEqual({ a: [true, "null", 3, "x"], b: { c: false } });
    expect(otherShapes(value, "number")).toEqual({ a: [true, null, "3", "x"], b: { c: false } });
  });
});

describe("shapesProbe", () => {
  const twoAtOnePlace = [threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:9:1")];

  it("asks only when two of serve's lines failed alone at one place, or about lists: one request per kind", () => {
    expect(shapesProbe([threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:30:1")])).toBeUndefined();
    const probe = shapesProbe(twoAtOnePlace)!;
    expect(probe.requests).toHaveLength(KINDS.length);
    expect(probe.requests.map((r) => r.runs[0]!.inputs)).toEqual(KINDS.map(() => [JSON.stringify(LINES)]));
    // The envelope stays: ids as serve gave them to handle.
    const answers = Object.values(probe.requests[0]!.standIns["task2.ts"]!.exports["handle"]!.answers).map((t) => JSON.parse(t) as { id?: unknown } | null);
    expect(answers.filter((a) => a !== null).map((a) => typeof a!.id)).toEqual(["number", "number", "number"]);
  });

  it("reads LINES under the first kind with every failed line written, key order aside, and lists right under any kind", () => {
    const probe = shapesProbe(twoAtOnePlace)!;
    const answersOf = (r: number) => probe.requests[r]!.standIns["task2.ts"]!.exports["handle"]!.answers;
    const answer = (r: number, id: number) => JSON.parse(Object.entries(answersOf(r)).find(([k]) => k.includes(`"id":${id},`))![1]) as Record<string, unknown>;
    const reversed = (v: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(v).reverse()));
    const parseError = '{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}';
    const log = ["line 1", "line 2", "line 3", "line 4", "line 5"];
    // Right under the second kind (lists) only: a serve that forgot lists.
    const out = [reversed(answer(1, 1)), reversed(answer(1, 2)), parseError, reversed(answer(1, 3))];
    const seen = probe.read([failedReply(), replyWith({ out, log }), failedReply(), failedReply()]);
    expect(seen.lines).toEqual({ loopRight: true, written: new Set([0, 2, 3, 4]) });
    expect(probe.read(KINDS.map(() => failedReply())).lines).toBeUndefined();
    expect(probe.read([replyWith({ out: out.slice(1), log }), failedReply(), failedReply(), failedReply()]).lines).toBeUndefined();
  });
});
