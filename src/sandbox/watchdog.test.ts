// Work the fuel does not count (a built-in call on a huge value, repeated) is bounded by the
// thread's processor time, the student's (reason timeout), and by the clock's backstop, the
// grader's (reason backstop); the runs finished before keep their results. The limits here are
// small so that the tests end soon; nothing asserts a time.
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, SandboxRequest, WireRun } from "./protocol.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
// About 100 ms a search in the engine, a few ticks a turn: a fuel unit every few minutes.
const SEARCH = `const s = "a".repeat(30_000_000); let n = 0; for (;;) n += s.indexOf("b");`;
const CODE = `export function fine(x: number) { return x + 1; }
export function search() { ${SEARCH} }`;
const LINUX = existsSync("/proc/thread-self/stat");

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

// Each run is one call: its budget is the run's, as the limits given say.
const spec = (exportName: string, more: Partial<RunSpec> = {}): RunSpec => ({ entry: "code.ts", exportName, inputs: ["1"], instance: "shared", stopOnFailure: false, callFuel: Number.MAX_SAFE_INTEGER, ...more });
const grade = async (files: Record<string, string>, runs: RunSpec[], limits: Partial<SandboxRequest["limits"]>): Promise<WireRun[]> =>
  (await pool.run({ files, refused: {}, runs, limits: { ...LIMITS, ...limits } })).runs;
const failureOf = (r: WireRun | undefined) => (r?.status === "failed" ? r.failure : r?.status === "ran" ? r.stopped : undefined);

describe("work the fuel does not count", () => {
  it.skipIf(!LINUX)("stops a loop of huge searches by the thread's processor time, as the student's, keeping the runs before", async () => {
    const runs = await grade({ "code.ts": CODE }, [spec("fine"), spec("search"), spec("fine")], { cpuMs: 1500 });
    expect(runs[0]?.status === "ran" && runs[0].calls[0]).toEqual({ ok: true, value: "J2" });
    expect(failureOf(runs[1])?.reason).toBe("timeout");
    expect(failureOf(runs[1])?.message).toMatch(/stopped after 1\.5 s of the processor's time in which its work budget counted nothing: it was in built-in calls/);
    expect(failureOf(runs[2])?.message).toMatch(/It was not run: an earlier run of this submission was stopped in a built-in call/);
  });

  it.skipIf(!LINUX)("stops one at a module's top level the same way, and the next request's thread works", async () => {
    const [run] = await grade({ "top.ts": `${SEARCH}\nexport function fine() { return 1; }` }, [spec("fine", { entry: "top.ts" })], { cpuMs: 1000 });
    expect(failureOf(run)?.reason).toBe("timeout");
    const [next] = await grade({ "code.ts": CODE }, [spec("fine")], {});
    expect(next?.status === "ran" && next.calls[0]).toEqual({ ok: true, value: "J2" });
  });

  it("leaves ticking work to its fuel, however dear each unit (an endless throw and catch)", async () => {
    const throwing = `export function fine() { for (;;) { try { throw new Error("again"); } catch { /* again */ } } }`;
    const [run] = await grade({ "code.ts": throwing }, [spec("fine")], { cpuMs: 1000, fuel: 100 });
    expect(failureOf(run)?.reason).toBe("timeout");
    expect(failureOf(run)?.message).toMatch(/stopped after using 100% of its work budget \(100 units/);
  });

  it("stops it by the clock's backstop when the processor time is not reached, as the grader's trouble", async () => {
    const [first, run] = await grade({ "code.ts": CODE }, [spec("fine"), spec("search")], { timeMs: 500, cpuMs: 3_600_000 });
    expect(first?.status).toBe("ran");
    expect(failureOf(run)?.reason).toBe("backstop");
    expect(failureOf(run)?.message).toMatch(/The grader stopped it by the clock after \d+ ms, not by its work\..*not your code's fault/);
  });
});
