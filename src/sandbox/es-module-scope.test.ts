// What an ES module sees of its scope, as on Node 20: no require, module or __filename of
// CommonJS (it may declare its own require: its imports still load), import.meta's url, filename
// and dirname, a hashbang first line as a comment, process.stdout taking listeners, imports
// hoisted, and node:module's createRequire.
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

  it("runs every import before the module's own code, wherever the import stands", async () => {
    const files = {
      "main.ts": "export const f = () => [early, order.join()];\nconst early = two * 10;\nexport function g() { return 1; }\nimport { two, order } from \"./two.js\";\nimport \"./side.js\";\nexport { three } from \"./three.js\";",
      "two.ts": "export const order: string[] = [\"two\"];\nexport const two = 2;",
      "side.ts": "import { order } from \"./two.js\";\norder.push(\"side\");",
      "three.ts": "import { order } from \"./two.js\";\norder.push(\"three\");\nexport const three = 3;",
    };
    expect(await call(files, "main.ts")).toEqual([20, "two,side,three"]);
    // A dynamic import stays where it is: it runs when reached.
    expect(await call({ "main.ts": "import { order } from \"./two.js\";\norder.push(\"main\");\nvoid import(\"./side.js\");\nconst atEnd = order.join();\nexport const f = () => atEnd;", "two.ts": "export const order: string[] = [];", "side.ts": "import { order } from \"./two.js\";\norder.push(\"side\");" }, "main.ts")).toBe("main");
  });

  it("resolves with import.meta.resolve as Node 20 does: paths against the module's folder, file and node: URLs as they are", async () => {
    const files = { "lib/main.ts": "export const f = () => [import.meta.resolve(\"./b.js\"), import.meta.resolve(\"../x/y.js\"), import.meta.resolve(\"./nope.mjs\"), import.meta.resolve(\"node:fs\"), import.meta.resolve(\"file:///a/b.ts\"), import.meta.resolve(\"/top/c.js\")];" };
    expect(await call(files, "lib/main.ts")).toEqual(["file:///submission/lib/b.js", "file:///submission/x/y.js", "file:///submission/lib/nope.mjs", "node:fs", "file:///a/b.ts", "file:///top/c.js"]);
    expect(String(await call({ "main.ts": "export const f = () => import.meta.resolve(\"left-pad\");" }, "main.ts"))).toContain("of a bare name is not available in the grader's sandbox");
  });

  // What Node 20 answered for the same specifiers from a module at file:///submission/lib/main.ts.
  it("writes import.meta.resolve's URL as the URL parser does, as Node 20 (dot segments resolved, spaces escaped, a file: URL's host refused)", async () => {
    const specs = ["file:///x/./y/../z.js", "./a//b.js", "./a b.js", "./x?q=1#h", ".", "..", "FILE:///Q", "file:///x//y", "data:text/javascript,1"];
    const files = { "lib/main.ts": `export const f = () => ${JSON.stringify(specs)}.map((s) => import.meta.resolve(s));` };
    expect(await call(files, "lib/main.ts")).toEqual(["file:///x/z.js", "file:///submission/lib/a//b.js", "file:///submission/lib/a%20b.js", "file:///submission/lib/x?q=1#h",
      "file:///submission/lib/", "file:///submission/", "file:///Q", "file:///x//y", "data:text/javascript,1"]);
    const host = { "main.ts": "export const f = () => { try { return import.meta.resolve(\"file://host/x\"); } catch (e: any) { return [e.name, e.code, e.message]; } };" };
    expect(await call(host, "main.ts")).toEqual(["TypeError", "ERR_INVALID_FILE_URL_HOST", 'File URL host must be "localhost" or empty on linux']);
  });

  it("loads .mjs and .mts helpers as ES modules, as Node and tsx do", async () => {
    const files = {
      "main.ts": "import { twice } from \"./twice.mjs\";\nimport { shout } from \"./shout.mjs\";\nexport const f = () => [twice(2), shout(\"a\")];",
      "twice.mjs": "export const twice = (n) => n * 2;",
      "shout.mts": "export const shout = (s: string): string => s.toUpperCase();",
    };
    expect(await call(files, "main.ts")).toEqual([4, "A"]);
  });

  it("gives node:module's createRequire, resolving as an import in the file named would", async () => {
    const files = {
      "main.ts": "import { createRequire, isBuiltin } from \"node:module\";\nconst require = createRequire(import.meta.url);\nconst util = require(\"util\");\nconst { two } = require(\"./lib/two.js\");\nexport const f = () => [util.format(\"%d-%s\", two, \"x\"), typeof createRequire(new URL(import.meta.url))(\"node:path\").join, isBuiltin(\"node:fs\"), isBuiltin(\"nope\")];",
      "lib/two.cjs": "exports.two = 2;",
    };
    expect(await call(files, "main.ts")).toEqual(["2-x", "function", true, false]);
    const refused = String(await call({ "main.ts": "import { createRequire } from \"node:module\";\nexport const f = () => createRequire(\"relative.js\");" }, "main.ts"));
    expect(refused).toContain("must be a file URL object, file URL string, or absolute path string. Received 'relative.js'");
    expect(String(await call({ "main.ts": "import { createRequire } from \"node:module\";\nexport const f = () => createRequire(\"/elsewhere/x.js\")(\"./y.js\");" }, "main.ts"))).toContain("leads out of the submission folder");
  });

  it("lets a listener be added to process.stdout and stderr, none ever called", async () => {
    expect(await call({ "main.ts": "const same = process.stdout.on(\"error\", () => { throw new Error(\"no\"); }) === process.stdout && process.stderr.once(\"drain\", () => 0) === process.stderr;\nexport const f = () => same;" }, "main.ts")).toBe(true);
  });
});
