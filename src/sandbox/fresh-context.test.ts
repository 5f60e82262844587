// RunSpec.context "fresh": a run in a QuickJS context of its own. A fresh module instance alone
// keeps only module variables apart; a submission's runs share one context, so state kept on
// globalThis, on a prototype, on an intrinsic or on a pure module's exports outlived it, and a
// handle that remembered round 1 there passed the stateless pack's t2_stateless (found by
// test/hostile/stateless.test.ts: remember-*). Here: such state is not in a fresh context, none
// of a fresh context's reaches the shared one, and the shared context is as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, WireRun } from "./protocol.js";
import { decodeValue } from "./value.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };

// Remembers each input it is given in every place a context shares, and says what it found.
const CODE = `import events from "node:events";
const KEY = Symbol.for("kept");
export function remember(what: string) {
  const g = globalThis as any;
  const found = {
    global: g.__kept ?? null,
    prototype: Object.hasOwn(Object.prototype, KEY) ? (Object.prototype as any)[KEY] : null,
    intrinsic: (JSON as any).__kept ?? null,
    library: (events as any).__kept ?? null,
  };
  g.__kept = what;
  Object.defineProperty(Object.prototype, KEY, { value: what, configurable: true, enumerable: false });
  (JSON as any).__kept = what;
  (events as any).__kept = what;
  return found;
}`;

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

const run = (inputs: string[], more: Partial<RunSpec> = {}): RunSpec =>
  ({ entry: "kept.ts", exportName: "remember", inputs: inputs.map((i) => JSON.stringify(i)), instance: "fresh", stopOnFailure: false, ...more });
const values = (r: WireRun | undefined): unknown[] => {
  if (r?.status !== "ran") throw new Error(`the run did not run: ${JSON.stringify(r)}`);
  return r.calls.map((c) => {
    if (!c.ok) throw new Error(`a call failed: ${JSON.stringify(c)}`);
    const d = decodeValue(c.value);
    return d.ok ? d.value : d.problem;
  });
};
const all = (v: string | null) => ({ global: v, prototype: v, intrinsic: v, library: v });

describe("a run with context: fresh", () => {
  it("sees nothing an earlier run kept on globalThis, a prototype, an intrinsic or a pure module; the shared context keeps its own", async () => {
    const reply = await pool.run({
      files: { "kept.ts": CODE }, refused: {}, limits: LIMITS,
      runs: [run(["a", "b"]), run(["c", "d"], { context: "fresh" }), run(["e"]), run(["f"], { context: "fresh" })],
    });
    // The shared context: a fresh module instance each call, the globals carried over (as before).
    expect(values(reply.runs[0])).toEqual([all(null), all("a")]);
    // Its own context: nothing of run 0; within the run, its own calls share it.
    expect(values(reply.runs[1])).toEqual([all(null), all("c")]);
    // Back in the shared context: run 0's state, none of run 1's.
    expect(values(reply.runs[2])).toEqual([all("b")]);
    // Another fresh context: nothing of any run before.
    expect(values(reply.runs[3])).toEqual([all(null)]);
  });

  it("keeps the limits: a loop is stopped by its fuel, and the runs after it still run", async () => {
    const reply = await pool.run({
      files: { "kept.ts": CODE, "loop.ts": "export function loop() { for (;;) {} }" }, refused: {}, limits: { ...LIMITS, fuel: 50 },
      runs: [{ ...run(["x"], { context: "fresh", callFuel: 1000 }), entry: "loop.ts", exportName: "loop" }, run(["y"], { context: "fresh" })],
    });
    const first = reply.runs[0];
    expect(first?.status === "ran" && first.stopped?.reason).toBe("timeout");
    expect(first?.status === "ran" && first.stopped?.message).toMatch(/100% of its work budget \(50 units/);
    expect(values(reply.runs[1])).toEqual([all(null)]);
  });
});
