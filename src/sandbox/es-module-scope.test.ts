// What an ES module sees of its scope, as on Node 20: no require, module or __filename of
// CommonJS (it may declare its own require: its imports still load), import.meta's url, filename
// and dirname, a hashbang first line as a comment, and process.stdout taking listeners.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxPool } from "./pool.js";
import type { SandboxRequest } from "./protocol.js";
import { decodeValue } from "./value.js";

const LIMITS: SandboxRequest["limits"] = { timeMs: 600_000, memoryBytes: 128 * 2 ** 20, valueChars: 2 ** 20, outputChars: 16384 };
let pool: SandboxPool;
beforeAll(() => { pool = new SandboxPool(1, false, '"use strict";'); });
afterAll(() => pool.close());

async function call(files: Record<string, string>, entry: string): Promise<unknown> {
  const reply = await pool.run({ files, refused: {}, limits: LIMITS, runs: [{ entry, exportName: "f", inputs: ["null"], instance: "shared", stopOnFailure: false }] });
  const run = reply.runs[0];
  const c = run?.status === "ran" ? run.calls[0] : undefined;
  if (!c?.ok) return `failed: ${JSON.stringify(run).slice(0, 400)}`;
  const decoded = decodeValue(c.value);
  return decoded.ok ? decoded.value : decoded.problem;
}

describe("an ES module's scope", () => {
  it("has no require, module or __filename, and may declare a require of its own; its imports load", async () => {
    const files = {
      "main.ts": "import { two } from \"./two.js\";\nconst kinds = [typeof require, typeof module, typeof __filename].join();\nfunction require(ok: boolean) { return ok ? two : 0; }\nexport function f() { return [kinds, require(true)]; }",
      "two.ts": "export const two = 2;",
      "old.cjs": "exports.f = () => [typeof require, typeof module, typeof __filename].join();",
    };
    expect(await call(files, "main.ts")).toEqual(["function,undefined,undefined", 2]);
    expect(await call({ "main.ts": "export const f = () => [typeof require, typeof module].join();" }, "main.ts")).toBe("undefined,undefined");
    expect(await call(files, "old.cjs")).toBe("function,object,string");
  });

  it("false on a CommonJS main guard, as an ES module on Node is", async () => {
    expect(await call({ "main.ts": "declare const require: any, module: any;\nlet ran = false;\nif (typeof require !== \"undefined\" && require.main === module) ran = true;\nexport const f = () => ran;" }, "main.ts")).toBe(false);
  });

  it("gives import.meta its url, filename and dirname, a file in a folder too", async () => {
    const files = { "main.ts": "import { meta } from \"./lib/where.js\";\nexport const f = () => [import.meta.url, import.meta.filename, import.meta.dirname, meta];", "lib/where.ts": "export const meta = [import.meta.filename, import.meta.dirname];" };
    expect(await call(files, "main.ts")).toEqual(["file:///submission/main.ts", "/submission/main.ts", "/submission", ["/submission/lib/where.ts", "/submission/lib"]]);
  });

  it("reads a hashbang first line as a comment, every line keeping its number", async () => {
    const value = await call({ "main.ts": "#!/usr/bin/env -S npx tsx\nexport function f() {\n  throw new RangeError(\"here\");\n}" }, "main.ts");
    expect(String(value)).toMatch(/RangeError: here.*main\.ts:3/);
  });

  it("lets a listener be added to process.stdout and stderr, none ever called", async () => {
    expect(await call({ "main.ts": "const same = process.stdout.on(\"error\", () => { throw new Error(\"no\"); }) === process.stdout && process.stderr.once(\"drain\", () => 0) === process.stderr;\nexport const f = () => same;" }, "main.ts")).toBe(true);
  });
});
