import { describe, expect, it } from "vitest";
import { FailedCall } from "../../../src/pack/failed-call.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { LINES } from "../course/fixtures.js";
import { otherShapes, shapesProbe } from "./other-shapes.js";

const threw = (line: number, at: string) => new FailedCall(line, { reason: "throw", message: `For line ${line + 1}: serve threw TypeError: no (at ${at}).` });
const replyWith = (value: unknown): SandboxReply => ({ runs: [{ status: "ran", calls: [{ ok: true, value: `J${JSON.stringify(value)}` }], stdout: "", stderr: "", durationMs: 0 }] } as unknown as SandboxReply);

describe("otherShapes", () => {
  it("keeps the keys and writes every other value as a string, a list as an object of its indices", () => {
    expect(otherShapes({ a: [true, null, 3, "x"], b: { c: false } })).toEqual({ a: { 0: "true", 1: "null", 2: "3", 3: "x" }, b: { c: "false" } });
  });
});

describe("shapesProbe", () => {
  it("asks only when two of serve's lines failed alone at one place", () => {
    expect(shapesProbe([threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:30:1")])).toBeUndefined();
    const probe = shapesProbe([threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:9:1")])!;
    expect(probe.run.inputs).toEqual([JSON.stringify(LINES)]);
    expect(Object.keys(probe.standIns)).toEqual(["task2.ts"]);
  });

  it("reads the counts as right and each line as written, key order aside, or not", () => {
    const probe = shapesProbe([threw(0, "task3.ts:9:1"), "x", threw(2, "task3.ts:9:1")])!;
    const answers = probe.standIns["task2.ts"]!.exports["handle"]!.answers;
    const answer = (line: number) => JSON.parse(answers[Object.keys(answers).find((k) => k.includes(`"id":${line}`) || k.includes(`"id": ${line}`))!]!) as Record<string, unknown>;
    // Written in reverse key order: each line still holds its answer.
    const reversed = (v: Record<string, unknown>) => JSON.stringify(Object.fromEntries(Object.entries(v).reverse()));
    const parseError = '{"error":{"code":-32700,"message":"Parse error"},"id":null,"jsonrpc":"2.0"}';
    const out = [reversed(answer(1)), reversed(answer(2)), parseError, reversed(answer(3))];
    const log = ["line 1", "line 2", "line 3", "line 4", "line 5"];
    expect(probe.read(replyWith({ out, log }))).toEqual({ loopRight: true, written: new Set([0, 2, 3, 4]) });
    expect(probe.read(replyWith({ out: out.slice(1), log }))).toEqual({ loopRight: false, written: new Set() });
    expect(probe.read(replyWith({ out, log: log.slice(1) })).loopRight).toBe(false);
  });
});
