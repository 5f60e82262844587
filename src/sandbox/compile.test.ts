// The grader's compile step against `tsc`: every construct of compile-cases.ts compiled both ways
// and run in node, with the same printed lines required; the refusals tsc makes under the course's
// tsconfig made here too; and every compile bounded (a file that outlives the limit is the
// student's compile failure, and the next file compiles in a fresh thread).
import { IMPORTS_REQUIRE } from "./resolve.js";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import vm from "node:vm";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { CASES } from "./compile-cases.js";
import { compileFiles } from "./compile.js";
import { mapPlace } from "./source-map.js";

const require = createRequire(import.meta.url);
const ts = require("typescript") as typeof TS;
const root = path.resolve(import.meta.dirname, "..", "..");

/** The course's tsconfig as tsc reads it; only the module format is CommonJS, which the sandbox loads. */
function tscOptions(): TS.CompilerOptions {
  const read = ts.readConfigFile(path.join(root, "tsconfig.json"), (file) => readFileSync(file, "utf8"));
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, root);
  return { ...options, module: ts.ModuleKind.CommonJS, moduleResolution: undefined, noEmit: false, allowImportingTsExtensions: false, paths: undefined };
}

/** Runs main.ts of CommonJS `code` by path in a fresh node context; every line it printed, or how it threw. */
function run(code: Record<string, string>): string[] {
  const lines: string[] = [];
  const show = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v) ?? String(v));
  const context = vm.createContext({ console: { log: (...args: unknown[]) => lines.push(args.map(show).join(" ")) } });
  const loaded = new Map<string, { exports: unknown }>();
  const load = (id: string): unknown => {
    const kept = loaded.get(id);
    if (kept) return kept.exports;
    const module = { exports: {} };
    loaded.set(id, module);
    // As the sandbox's module factory (session.ts), with its catch clauses' call (transpile.ts) as node sees errors: unchanged.
    // The compile step's ES module calls IMPORTS_REQUIRE for its imports (transpile.ts); tsc's own output, require.
    const factory = vm.runInContext(`(function (exports, require, ${IMPORTS_REQUIRE}, module, __filename, __dirname, __gradeImportMeta, __gradeError) {${code[id]}\n})`, context, { filename: id }) as (...a: unknown[]) => void;
    const required = (spec: string): unknown => load(spec.replace(/^\.\//, "").replace(/\.js$/, ".ts"));
    factory(module.exports, required, required, module, id, "/", {}, (error: unknown) => error);
    return module.exports;
  };
  try {
    load("main.ts");
  } catch (error) {
    lines.push(`threw ${String(error)}`);
  }
  return lines;
}

describe("the compile step against tsc under the course's tsconfig", () => {
  const options = tscOptions();
  it("reads the course's tsconfig as ES2022 with TC39 decorators and class fields defined in place", () => {
    expect(options.target).toBe(ts.ScriptTarget.ES2022);
    expect(options.experimentalDecorators).toBeUndefined();
    expect(options.useDefineForClassFields).toBeUndefined(); // its default at ES2022: true
    expect(options.verbatimModuleSyntax).toBe(true);
  });

  for (const c of CASES) {
    it(c.name, async () => {
      const ours = await compileFiles(c.files, "");
      if (c.refused) {
        const messages = Object.values(ours).flatMap((f) => ("syntax" in f ? [f.syntax] : []));
        expect(messages.join("\n")).toMatch(c.refused);
        return;
      }
      const code = Object.fromEntries(Object.entries(ours).map(([id, f]) => {
        if ("syntax" in f) throw new Error(`${id} did not compile: ${f.syntax}`);
        return [id, f.code];
      }));
      const theirs = Object.fromEntries(Object.entries(c.files).map(([id, source]) => [id, ts.transpileModule(source, { fileName: id, compilerOptions: options }).outputText]));
      const expected = c.node ?? run(theirs);
      expect(expected.length).toBeGreaterThan(0);
      expect(run(code)).toEqual(expected);
    });
  }
});

describe("the compile step's bounds", () => {
  const nest = (levels: number): string => {
    let e = "0";
    for (let i = 0; i < levels; i++) e = `a ? (b): c => ${e}`;
    return `declare const a: boolean, b: number;\nexport const x = ${e};\nconsole.log(typeof x);`;
  };

  it("leaves declaration files out: they hold types only, and nothing of them runs under Node", async () => {
    const files = { "types.d.ts": "export interface Order { id: string }", "pyrepr.d.mts": "export declare function pyRepr(s: string): string;", "data.d.json.ts": "declare const d: string[]; export default d;", "task1.ts": "import type { Order } from './types.js';\nexport const id = (o: Order): string => o.id;" };
    const ours = await compileFiles(files, "");
    expect(Object.keys(ours)).toEqual(["task1.ts"]);
    expect(ours["task1.ts"]).toMatchObject({ code: expect.stringContaining("exports.id") });
  });

  it("compiles a 22-level nest of a ? (b): c => (valid TypeScript) to what tsc makes of it", async () => {
    const ours = await compileFiles({ "main.ts": nest(22) }, "");
    const f = ours["main.ts"]!;
    expect("code" in f && f.code).toContain("c => a ?");
  });

  it("stops a file that outlives the limit as the student's compile failure, and compiles the next in a fresh thread", async () => {
    // 2,000 levels take the compiler far more than the 1 ms of processor time allowed here, on any machine.
    const stopped = await compileFiles({ "deep.ts": nest(2000) }, "my/", { limitMs: 1 });
    expect(stopped["deep.ts"]).toEqual({ syntax: expect.stringMatching(/^my\/deep\.ts took the compiler more than 0\.001 s of processor time and was stopped\. .*split the expression/) });
    const next = await compileFiles({ "ok.ts": "export const ok: number = 1;" }, "");
    expect(next["ok.ts"]).toMatchObject({ code: expect.stringContaining("exports.ok = 1") });
  });

  it("refuses a regular expression literal Node 20 cannot parse, at its place", async () => {
    const files = await compileFiles({ "re.ts": "export const name = (uri: string) =>\n  /^(?i:lab):\\/\\/(?<n>.+)$/.exec(uri);\n", "ok.ts": "export const re = /(?:a)(?<x>b)\\k<x>/i;" }, "my/");
    expect(files["re.ts"]).toEqual({ syntax: expect.stringMatching(/^my\/re\.ts:2:3: this regular expression would not load under Node 20.*`\(\?i:…\)`/) });
    expect(files["ok.ts"]).toMatchObject({ code: expect.stringContaining("/(?:a)(?<x>b)\\k<x>/i") });
  });

  it("refuses a nest deeper than the compiler's stack with a message, not a crash", async () => {
    const deep = await compileFiles({ "deep.ts": `export const x = ${"(".repeat(50_000)}1${")".repeat(50_000)};` }, "");
    expect(deep["deep.ts"]).toEqual({ syntax: expect.stringMatching(/deep\.ts/) });
  });
});

describe("places in compiled code", () => {
  it("are the student's own lines and columns", async () => {
    const source = "import type { X } from './x.js';\n\n// a comment\nexport class A {\n  constructor(public x: number) {}\n  boom(): never {\n    throw new Error('x');\n  }\n}\n";
    const f = (await compileFiles({ "main.ts": source }, ""))["main.ts"]!;
    if (!("code" in f)) throw new Error(f.syntax);
    const lines = f.code.split("\n");
    const line = lines.findIndex((l) => l.includes("throw new Error")) + 1;
    const column = lines[line - 1]!.indexOf("throw") + 1;
    expect(line).not.toBe(7);
    expect(mapPlace({ "main.ts": f }, `main.ts:${line}:${column}`)).toBe("main.ts:7:5");
    expect(mapPlace({ "main.ts": f }, "other.ts:3:1")).toBe("other.ts:3:1");
  });
});
