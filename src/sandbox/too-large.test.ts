// The answer budget is a run's, all its calls together (failures.ts tooLarge): a call whose answer
// outgrows what is left fails alone and the calls after it go on; a run whose answers outgrew it
// four times has spent it reading them (a Proxy claiming a billion elements: half a second a
// call), and its later calls are too large at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, WireRun } from "./protocol.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 16, outputChars: 16384 };

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

// f(n): n > 0 answers n KB, otherwise a short answer.
const CODE = `export function f(n: number) { return n > 0 ? "x".repeat(n * 1024) : "ok"; }`;
const reasons = async (inputs: number[]): Promise<string[]> => {
  const spec: RunSpec = { entry: "code.ts", exportName: "f", inputs: inputs.map(String), instance: "shared", stopOnFailure: false };
  const run: WireRun = (await pool.run({ files: { "code.ts": CODE }, refused: {}, runs: [spec], limits: LIMITS })).runs[0]!;
  if (run.status !== "ran") throw new Error(`the run did not run: ${run.status}`);
  return run.calls.map((c) => (c.ok ? "ok" : c.failure.reason));
};

describe("a run's answer budget", () => {
  it("fails a call whose answer outgrows it alone, and the calls after it go on", async () => {
    expect(await reasons([0, 100, 0, 100, 0])).toEqual(["ok", "too-large", "ok", "too-large", "ok"]);
  });

  it("is spent by four answers that outgrew it: the later calls are too large", async () => {
    expect(await reasons([100, 100, 100, 0, 100, 0, 0])).toEqual(["too-large", "too-large", "too-large", "ok", "too-large", "too-large", "too-large"]);
  });
});
