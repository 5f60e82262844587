// An await outside every function (session.ts awaitWhenReached): a main guard's, never reached
// when the module is imported, loads as on Node; one reached runs to its end when promise
// callbacks alone settle it (an await of an import, of a settled promise), as on Node; one that
// waits for a timer is refused by name; a throw is the module's own, at its own line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";

let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1); });
afterAll(() => pool.close());

// The clock is only a backstop (fuel.ts): far enough off that a busy machine never reaches it before the fuel.
const LIMITS = { timeMs: 600_000, memoryBytes: 64 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
async function load(code: string, more: Record<string, string> = {}) {
  const reply = await pool.run({ files: { "main.ts": code, ...more }, refused: {}, limits: LIMITS,
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

  it("runs an await reached on import to its end when promise callbacks settle it: an import, a settled promise, an async function", async () => {
    const run = await load([
      "const { twice } = await import(\"./twice.js\");",
      "const k = await Promise.resolve(20);",
      "const extra = await (async () => { await null; return 1; })();",
      "export function f(n: number) { return twice(k) + extra + n - 1 - 40 + 40; }",
    ].join("\n"), { "twice.ts": "export const twice = (n: number) => n * 2;" });
    expect(run.status).toBe("ran");
    expect(run.status === "ran" ? run.calls[0] : undefined).toMatchObject({ ok: true, value: "J42" });
  });

  it("gives the module no way to run the promise callbacks itself: the harness settles it, and a returned function is no settling", async () => {
    const run = await load([
      "await null;",
      "const seen = [typeof (globalThis as any).__gradeDrain, typeof (globalThis as any).__gradeSettle].join();",
      "export function f(n: number) { return seen + \",\" + eval(\"typeof __gradeDrain\") + n; }",
    ].join("\n"));
    expect(run.status === "ran" ? run.calls[0] : run).toMatchObject({ ok: true, value: 'J"undefined,undefined,undefined2"' });
    // A CommonJS module's top-level return (Node ignores its value) settles nothing.
    const cjs = await pool.run({ files: { "main.cjs": "exports.f = (n) => n + 1; return () => { throw new Error(\"called\"); };" }, refused: {}, limits: LIMITS,
      runs: [{ entry: "main.cjs", exportName: "f", inputs: ["2"], instance: "shared", stopOnFailure: false }] });
    expect(cjs.runs[0]?.status === "ran" ? cjs.runs[0].calls[0] : cjs.runs[0]).toMatchObject({ ok: true, value: "J3" });
  });

  it("refuses an await reached on import that waits for a timer, naming the file", async () => {
    const run = await load("export function f(n: number) { return n; }\nawait new Promise((r) => setTimeout(r, 10));");
    expect(run.status).not.toBe("ran");
    expect(JSON.stringify(run)).toMatch(/`await` at the top level of main\.ts waited, while the module was being imported, for what only the event loop gives/);
  });

  it("gives a throw after an await reached on import as the module's own", async () => {
    const run = await load("export function f(n: number) { return n; }\nawait null;\nthrow new RangeError(\"not ready\");");
    expect(run.status).not.toBe("ran");
    expect(JSON.stringify(run)).toMatch(/RangeError: not ready/);
  });

  it("stops an await loop on import at its fuel, as any loop", async () => {
    const [awaiting, looping] = [await load("export function f(n: number) { return n; }\nfor (;;) await null;"), await load("export function f(n: number) { return n; }\nfor (;;) {}")];
    expect(awaiting.status === "ran" ? awaiting.stopped?.reason : awaiting.status).toBe("timeout");
    expect(awaiting.status === "ran" && looping.status === "ran" ? [awaiting.calls, awaiting.stopped?.message] : []).toEqual([[], looping.status === "ran" ? looping.stopped?.message : "?"]);
  });

  it("gives a throw before any await as the module's own, at its line", async () => {
    const run = await load("export function f(n: number) { return n; }\nif (Math.random() > 2) await null;\nconst o: any = undefined;\no.x;");
    expect(run.status).not.toBe("ran");
    const text = JSON.stringify(run);
    expect(text).toMatch(/Cannot read properties of undefined \(reading 'x'\)/);
    expect(text).toMatch(/main\.ts:4:/);
  });
});
