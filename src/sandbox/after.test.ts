// RunSpec.after: which runs a later run waits on, for each need. "ran" and "failed-call" let a
// pack look again at a run whose one call failed (chapter 2's serve on LINES, read line by line).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec } from "./protocol.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const CODE = `export function ok(n: number) { return n; }
export function bad(n: number) { if (n === 1) throw new Error("one"); return n; }`;

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

const spec = (exportName: string, inputs: number[], after?: RunSpec["after"]): RunSpec =>
  ({ entry: "code.ts", exportName, inputs: inputs.map((i) => JSON.stringify(i)), instance: "shared", stopOnFailure: false, ...(after ? { after } : {}) });

describe("a run after another", () => {
  it("runs or is skipped by what the run before showed, for each need", async () => {
    const before = [spec("ok", [0, 2]), spec("bad", [1]), spec("bad", [0, 1]), spec("missing", [0])];
    const needs = ["clean", "answered", "ran", "failed-call", "finished"] as const;
    const runs = [...before, ...needs.flatMap((need) => before.map((_, run) => spec("ok", [3], { run, need })))];
    const reply = await pool.run({ files: { "code.ts": CODE }, refused: {}, runs, limits: LIMITS });
    const ran = (k: number): string => before.map((_, i) => (reply.runs[before.length + k * before.length + i]!.status === "skipped" ? "-" : "y")).join("");
    // Before: every call answered; its one call failed; one of two failed; the export missing (the
    // task's failure, though the run ran to its end: "finished" asks no more).
    expect(Object.fromEntries(needs.map((need, k) => [need, ran(k)]))).toEqual({
      clean: "y---", answered: "y-y-", ran: "yyy-", "failed-call": "-yy-", finished: "yyyy",
    });
  });
});
