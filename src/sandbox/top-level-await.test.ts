// An await outside every function (session.ts awaitWhenReached): a main guard's, never reached
// when the module is imported, loads as on Node; one reached is refused by name; a throw before
// any await is the module's own, at its own line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

const LIMITS = { timeMs: 20_000, memoryBytes: 64 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
async function load(code: string) {
  const reply = await pool.run({ files: { "main.ts": code }, refused: {}, limits: LIMITS,
    runs: [{ entry: "main.ts", exportName: "f", inputs: ["2"], instance: "shared", stopOnFailure: false }] });
  return reply.runs[0]!;
}

describe("await at the top level of a module", () => {
  it("loads when the await is behind a main guard that is false on import, its exports and later statements run", async () => {
    const run = await load([
      "import { createInterface } from \"node:readline\";",
      "export function f(n: number) { return n * k; }",
      "if (process.argv[1] === new URL(import.meta.url).pathname) {",
      "  for await (const line of createInterface({ input: process.stdin })) console.log(f(Number(line)));",
      "}",
      "const k = 21;",
    ].join("\n"));
    expect(run.status).toBe("ran");
    expect(run.status === "ran" ? run.calls[0] : undefined).toMatchObject({ ok: true, value: "J42" });
  });

  it("refuses an await reached on import, naming the file", async () => {
    const run = await load("export function f(n: number) { return n; }\nconst ready = await Promise.resolve(1);\nconsole.log(ready);");
    expect(run.status).not.toBe("ran");
    expect(JSON.stringify(run)).toMatch(/`await` at the top level of main\.ts was reached while the module was being imported/);
  });

  it("gives a throw before any await as the module's own, at its line", async () => {
    const run = await load("export function f(n: number) { return n; }\nif (Math.random() > 2) await null;\nconst o: any = undefined;\no.x;");
    expect(run.status).not.toBe("ran");
    const text = JSON.stringify(run);
    expect(text).toMatch(/Cannot read properties of undefined \(reading 'x'\)/);
    expect(text).toMatch(/main\.ts:4:/);
  });
});
