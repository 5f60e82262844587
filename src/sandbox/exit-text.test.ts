// No text is copied out of the engine whole (issue 19 item 4): process.exit with a 24 MB code, at
// the top level or in a call, by a string or a toString, ends the run with the code cut short.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { RunSpec, WireRun } from "./protocol.js";

const LIMITS = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
const HUGE = 24_000_000;

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

const run = async (code: string, inputs = ["null"]): Promise<WireRun> => {
  const spec: RunSpec = { entry: "code.ts", exportName: "f", inputs, instance: "shared", stopOnFailure: false };
  return (await pool.run({ files: { "code.ts": code }, refused: {}, runs: [spec], limits: LIMITS })).runs[0]!;
};
const failureOf = (r: WireRun) => (r.status === "failed" ? r.failure : r.status === "ran" && !r.calls[0]?.ok ? r.calls[0]?.failure : undefined);

describe("process.exit with a huge code", () => {
  it.each([
    ["at the top level, a string", `process.exit("x".repeat(${HUGE}) as any); export function f() { return 1; }`, "x"],
    ["in a call, a toString", `export function f() { process.exit({ toString: () => "y".repeat(${HUGE}) } as any); }`, "y"],
    ["in a call, many lines", `export function f() { process.exit("z\\n".repeat(${HUGE / 2}) as any); }`, "z"],
  ])("%s: the run ends as an exit, the code cut to 200 characters", async (_what, code, letter) => {
    const failure = failureOf(await run(code));
    expect(failure?.reason).toBe("exit");
    expect(failure!.message.length).toBeLessThan(1000);
    expect(failure!.message).toContain(`process.exit(${letter}`);
    expect(failure!.message).toMatch(/…\)/);
  });

  it("keeps a short code whole", async () => {
    const failure = failureOf(await run(`export function f() { process.exit(3); }`));
    expect(failure?.message).toMatch(/f called process\.exit\(3\)\./);
  });
});
