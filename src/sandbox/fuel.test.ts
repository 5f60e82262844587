// Limits counted in work (fuel.ts): a loop is stopped by its fuel, whatever the clock says; the
// same code uses the same fuel every time; promise jobs and fresh contexts are counted; the
// submission's budget is shared by its runs; the clock is only a backstop, reported as the
// grader's trouble. No figure here is a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AFTER_STOP_SHARE, CALL_FUEL, CALL_FUEL_FACTOR, FuelMeter, LOAD_FUEL, LOAD_MARK, LOADS_FUEL, RUN_FUEL } from "./fuel.js";
import { SandboxPool } from "./pool.js";
import type { RunSpec, SandboxRequest, WireRun } from "./protocol.js";
import { decodeValue } from "./value.js";

// A backstop no run here comes near: every stop below is by fuel.
const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const CODE = `
export function spin() { for (;;) {} }
let calls = 0;
export function spinOn(n: number) { calls += 1; if (n === 1) for (;;) {} return calls; }
export function count(n: number) { let s = 0; for (let i = 0; i < n; i++) s += i % 7; return s; }
export function jobs() { void (async () => { for (;;) await null; })(); return "returned"; }
export function elapsed(n: number) { const start = Date.now(); const t0 = performance.now(); count(n); return [Date.now() - start, Math.round(performance.now() - t0)]; }
export function ids(n: number) { const out: number[] = []; for (let i = 0; i < n; i++) { count(2e4); out.push(Date.now()); } return out.map((t) => t - out[0]!); }
// On the global object: each run loads its own instance of the module.
const seen: boolean[] = ((globalThis as any).seen ??= []);
export function wait(ms: number) { const start = Date.now(); const t0 = performance.now(); setTimeout(() => seen.push(Date.now() - start >= ms, performance.now() - t0 >= ms), ms); return null; }
export function waited() { return seen; }
export async function work(n: number) {
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) { const k = JSON.stringify({ i: i % 97 }); seen.set(k, (seen.get(k) ?? 0) + 1); await null; }
  return [...seen.values()].sort((a, b) => a - b).join(",").length;
}`;

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

// A call's own budget as large as a run's, but where a test is about the call's.
const spec = (exportName: string, inputs: unknown[], more: Partial<RunSpec> = {}): RunSpec =>
  ({ entry: "code.ts", exportName, inputs: inputs.map((i) => JSON.stringify(i)), instance: "shared", stopOnFailure: false, callFuel: RUN_FUEL, ...more });
const grade = async (runs: RunSpec[], limits: Partial<SandboxRequest["limits"]> = {}): Promise<WireRun[]> =>
  (await pool.run({ files: { "code.ts": CODE }, refused: {}, runs, limits: { ...LIMITS, ...limits } })).runs;
const fuelOf = (r: WireRun | undefined): number => (r && r.status !== "skipped" ? r.fuel ?? -1 : -1);
const stopOf = (r: WireRun | undefined) => (r?.status === "ran" ? r.stopped : r?.status === "failed" ? r.failure : undefined);

describe("fuel", () => {
  it("stops an endless loop by its fuel, as the student's timeout, saying how much it used against the reference", async () => {
    const [run] = await grade([spec("spin", [null])]);
    expect(stopOf(run)?.reason).toBe("timeout");
    expect(stopOf(run)?.message).toMatch(/stopped after using 100% of its work budget \(\d+ units; the reference solution uses about \d+% of it/);
    expect(stopOf(run)?.message).toMatch(/Look for a loop that never ends/);
    expect(fuelOf(run)).toBe(RUN_FUEL + 1);
  });

  it("stops a call that never returns at its own budget, as that input's failure, and goes on with the next input in the same instance", async () => {
    const [run] = await grade([spec("spinOn", [1, 0, 1, 2], { callFuel: undefined })]);
    expect(run?.status).toBe("ran");
    if (run?.status !== "ran") return;
    expect(run.stopped).toBeUndefined();
    expect(run.calls.map((c) => c.ok)).toEqual([false, true, false, true]);
    const failure = run.calls[0]?.ok === false ? run.calls[0].failure : undefined;
    expect(failure?.reason).toBe("timeout");
    // Where the loop was, and the call's budget against the reference's.
    expect(failure?.message).toMatch(new RegExp(`^spinOn never returned for this input: it was stopped in spinOn \\(at code\\.ts:\\d+:\\d+\\) after using its whole work budget for one call \\(${CALL_FUEL} units; the reference solution's costliest call uses at most 1/${CALL_FUEL_FACTOR} of that\\)`));
    // The module instance went on: its calls counter saw every call, the stopped ones too.
    expect(run.calls.filter((c) => c.ok).map((c) => (c.ok ? decodeValue(c.value) : undefined))).toMatchObject([{ ok: true, value: 2 }, { ok: true, value: 4 }]);
    // A call after the first stopped one gets a fifth of the budget, and says why.
    const later = run.calls[2]?.ok === false ? run.calls[2].failure.message : "";
    expect(later).toMatch(new RegExp(`\\(${CALL_FUEL / AFTER_STOP_SHARE} units, less than the first call's because an earlier call of it was stopped too; the reference solution's costliest call uses at most 1/${CALL_FUEL_FACTOR / AFTER_STOP_SHARE} of that\\)`));
    // Each stopped call used its own budget, no more: the run's fuel is theirs and a little.
    const theirs = CALL_FUEL + 1 + CALL_FUEL / AFTER_STOP_SHARE + 1;
    expect(fuelOf(run)).toBeGreaterThanOrEqual(theirs);
    expect(fuelOf(run)).toBeLessThan(theirs + 5);
  });

  it("gives a run whose calls get more than the default budget room to stop every input alone (serve's lists)", async () => {
    const callFuel = 5 * CALL_FUEL;
    // With the run's budget alone, about (RUN_FUEL - callFuel) / (callFuel / AFTER_STOP_SHARE) of them could be stopped.
    const many = Math.ceil((RUN_FUEL - callFuel) / (callFuel / AFTER_STOP_SHARE)) + 10;
    const [run] = await grade([spec("spinOn", [0, ...Array.from({ length: many }, () => 1), 0], { callFuel })]);
    expect(run?.status === "ran" && run.stopped).toBeUndefined();
    expect(run?.status === "ran" && run.calls.map((c) => c.ok)).toEqual([true, ...Array.from({ length: many }, () => false), true]);
  });

  it("gives every call of a later run of the same export the share after a stop, and the first budget to another export", async () => {
    const [first, later, other] = await grade([spec("spinOn", [1], { callFuel: undefined }), spec("spinOn", [1, 0], { callFuel: undefined }), spec("spin", [null], { callFuel: undefined })]);
    const stoppedAt = (r: WireRun | undefined, i: number) => (r?.status === "ran" && r.calls[i]?.ok === false ? r.calls[i].failure.message : "");
    expect(stoppedAt(first, 0)).toMatch(new RegExp(`\\(${CALL_FUEL} units;`));
    expect(stoppedAt(later, 0)).toMatch(new RegExp(`\\(${CALL_FUEL / AFTER_STOP_SHARE} units, less than the first call's because an earlier call of it was stopped too`));
    expect(later?.status === "ran" && later.calls[1]?.ok).toBe(true);
    expect(stoppedAt(other, 0)).toMatch(new RegExp(`\\(${CALL_FUEL} units;`));
  });

  it("adds that room to the submission's budget too: the runs after it still run", async () => {
    const callFuel = 5 * CALL_FUEL;
    const many = Math.ceil((RUN_FUEL - callFuel) / (callFuel / AFTER_STOP_SHARE)) + 10;
    const [stopping, after] = await grade([spec("spinOn", Array.from({ length: many }, () => 1), { callFuel }), spec("count", [10])], { budgetFuel: RUN_FUEL + 50 });
    expect(stopping?.status === "ran" && stopping.stopped).toBeUndefined();
    expect(after?.status === "ran" && after.calls.map((c) => c.ok)).toEqual([true]);
  });

  it("stops a load that never ends at the load's own budget: the run ends there, the student's timeout, charged to no call", async () => {
    const files = { "code.ts": CODE, "loads.ts": "const g = globalThis as any; g.loads = (g.loads ?? 0) + 1; if (g.loads === 2) for (;;) {}\nexport function one() { return 1; }" };
    const reply = await pool.run({ files, refused: {}, limits: LIMITS, runs: [{ entry: "loads.ts", exportName: "one", inputs: ["1", "2", "3"], instance: "fresh", stopOnFailure: false }] });
    const [run] = reply.runs;
    expect(run?.status === "ran" && run.calls.map((c) => c.ok)).toEqual([true]);
    expect(stopOf(run)?.reason).toBe("timeout");
    expect(stopOf(run)?.message).toMatch(new RegExp(`^A module never finished loading: it was stopped after using its whole work budget for one load \\(${LOAD_FUEL} units; the reference solution's load uses less than one\\)`));
    // The load's fuel is its own: the run's calls used none of it.
    expect(run?.status === "ran" && run.loadFuel).toBe(LOAD_FUEL + 1 + (run?.status === "ran" ? run.largestLoad ?? 0 : 0));
    expect(fuelOf(run)).toBeLessThan(5);
  });

  it("counts each load apart from the run's calls: a module whose loads together use more than a run's budget answers every input in fresh instances", async () => {
    // About a twentieth of a run's budget a load (a turn is 3 to 4 ticks): twenty-five loads use more than the run's.
    const files = { "code.ts": CODE, "heavy.ts": `let s = 0; for (let i = 0; i < ${Math.round((RUN_FUEL * 1e4) / 40)}; i++) s += i % 7;\nexport function one(n: number) { return n + (s > 0 ? 1 : 0); }` };
    const inputs = Array.from({ length: 25 }, (_, i) => String(i));
    const reply = await pool.run({ files, refused: {}, limits: LIMITS, runs: [{ entry: "heavy.ts", exportName: "one", inputs, instance: "fresh", stopOnFailure: false }] });
    const [run] = reply.runs;
    expect(stopOf(run)).toBeUndefined();
    expect(run?.status === "ran" && run.calls.every((c) => c.ok)).toBe(true);
    const loads = run?.status === "ran" ? run.loadFuel ?? 0 : 0;
    expect(loads).toBeGreaterThan(RUN_FUEL);
    expect(fuelOf(run)).toBeLessThan(5);
  });

  it("gives each load the least of its own budget and what the submission's loads have left, and says which it met", () => {
    const meter = new FuelMeter();
    const load = (): number => { meter.mark(LOAD_MARK); let n = 0; while (!meter.tick()) n += 1; meter.mark(-1); return n; };
    meter.start(RUN_FUEL, 60_000, LOADS_FUEL);
    expect(load()).toBe(LOAD_FUEL);
    expect(meter.stop).toBe("load");
    expect(meter.used).toBe(0);
    // A later run's start gives what is left: less than one load's budget here.
    meter.start(RUN_FUEL, 60_000, 30);
    expect(load()).toBe(30);
    expect(meter.loadLimit).toBeLessThan(LOAD_FUEL);
    // Between loads the ticks are the run's again.
    meter.start(RUN_FUEL, 60_000, LOADS_FUEL);
    meter.mark(LOAD_MARK); meter.tick(); meter.tick(); meter.mark(0); meter.tick();
    expect([meter.loadsUsed, meter.used, meter.largestLoad]).toEqual([2, 1, 2]);
  });

  it("stops a run whose calls each keep within their budget when together they use the run's", async () => {
    const [run] = await grade([spec("count", Array.from({ length: 40 }, () => 2e5), { callFuel: undefined })], { fuel: 200 });
    expect(run?.status === "ran" && run.calls.every((c) => c.ok)).toBe(true);
    expect(stopOf(run)?.message).toMatch(/stopped after using 100% of its work budget \(200 units/);
  });

  it("uses the same fuel for the same code twice, and about twice as much for twice the work", async () => {
    const runs = [spec("count", [1e6]), spec("count", [2e6]), spec("work", [3000]), spec("work", [3000], { instance: "fresh", context: "fresh" })];
    const first = (await grade(runs)).map(fuelOf);
    const second = (await grade(runs)).map(fuelOf);
    expect(second).toEqual(first);
    expect(first.every((f) => f > 0)).toBe(true);
    // The interrupt comes every 10,000 ticks; a loop's turn is a few.
    expect(Math.abs(first[1]! - 2 * first[0]!)).toBeLessThanOrEqual(2);
    // A context's set-up is the grader's work, not the run's: a fresh-context run costs what the
    // same run in the shared context does, and the same whether its context was built (the
    // thread's first request, `first`) or is one of the engine image's (image.ts, `second`).
    expect(first[3]!).toBe(first[2]!);
  });

  it("counts the promise jobs a call leaves behind: an endless await loop is stopped by fuel", async () => {
    const [run, after] = await grade([spec("jobs", [null]), spec("count", [10])]);
    expect(run?.status === "ran" && run.calls[0]?.ok).toBe(true);
    expect(stopOf(run)?.reason).toBe("timeout");
    expect(after?.status === "ran" && after.calls[0]?.ok).toBe(true);
  });

  it("shares the submission's budget among its runs, and says so", async () => {
    const runs = await grade([spec("spin", [null]), spec("spin", [null]), spec("count", [10])], { fuel: 100, budgetFuel: 150 });
    expect(stopOf(runs[0])?.message).toMatch(/100% of its work budget \(100 units/);
    expect(stopOf(runs[0])?.reason).toBe("timeout");
    // Stopped or starved by the shared budget: maybe by another run's loop (grading/stand-ins.ts runs it again alone).
    expect(stopOf(runs[1])?.message).toMatch(/the submission's work budget ran out \(150 units for all its runs together/);
    expect(stopOf(runs[1])?.reason).toBe("budget");
    expect(stopOf(runs[2])?.reason).toBe("budget");
    expect(stopOf(runs[2])?.message).toMatch(/It was not run: the submission's earlier runs had used all of its work budget \(150 units/);
  });

  it("gives Date the clock of the work done: the same elapsed times every time, a millisecond a unit, in a fresh instance too", async () => {
    const runs = [spec("elapsed", [0]), spec("elapsed", [3e6]), spec("ids", [30]), spec("elapsed", [3e6], { instance: "fresh", context: "fresh" })];
    const read = (r: WireRun | undefined): unknown => { const d = r?.status === "ran" && r.calls[0]?.ok ? decodeValue(r.calls[0].value) : undefined; return d?.ok ? d.value : r; };
    const first = (await grade(runs)).map(read);
    const second = (await grade(runs)).map(read);
    expect(second).toEqual(first);
    expect(first[0]).toEqual([0, 0]);
    const [ms, perf] = first[1] as [number, number];
    expect(ms).toBeGreaterThan(10);
    expect(perf).toBe(ms);
    expect(first[3]).toEqual(first[1]);
    // Ids made from Date.now() between equal pieces of work are as far apart every time: none repeats here.
    const stamps = first[2] as number[];
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  // Node fires a timer by its loop's cached time, so there a callback may see a little less than
  // its delay gone by (runtime/table.ts compares only that time goes forward); here never less.
  it("shows a setTimeout's callback its whole delay gone by, on Date and on performance", async () => {
    const [, , run] = await grade([spec("wait", [50]), spec("wait", [20]), spec("waited", [null])]);
    expect(run?.status === "ran" && run.calls[0]?.ok && decodeValue(run.calls[0].value)).toMatchObject({ ok: true, value: [true, true, true, true] });
  });

  it("reports the clock's backstop as the grader's trouble, not as a timeout", async () => {
    const [run] = await grade([spec("spin", [null], { callFuel: Number.MAX_SAFE_INTEGER })], { fuel: Number.MAX_SAFE_INTEGER, timeMs: 300 });
    expect(stopOf(run)?.reason).toBe("backstop");
    expect(stopOf(run)?.message).toMatch(/stopped it by the clock after 300 ms, not by its work.*not your code's fault/);
  });
});
