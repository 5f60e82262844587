// The sucrase path of compiling a submission (link.ts): what it takes, what it leaves to
// esbuild, and how a frame of its script maps back to the student's file.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { TASK_IDS } from "../course/tasks.js";
import { bundleTasks } from "./bundle.js";
import { entryFile } from "./compile-cache.js";
import { originalColumn } from "./link-frames.js";
import { linkSubmission, loadSucrase } from "./link.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function submission(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "grade-link-"));
  for (const task of ["task1.ts", "task2.ts", "task3.ts"]) cpSync(path.join(ROOT, "solutions", task), path.join(dir, task));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** Runs the linked script in a bare context, as the sandbox does, and loads a task. */
function load(code: string, task: string): Record<string, unknown> {
  const ctx = vm.createContext({ __gradeCourse: () => ({ TOOL: { name: "logs_search" } }), require: (name: string) => { throw new Error(`${name} refused`); } });
  vm.runInContext(code, ctx, { filename: "grade-bundle.js" });
  return (ctx["__gradeLoads"] as Record<string, () => Record<string, unknown>>)[task]!();
}

/** Where what a task's function throws maps to: its first frame in the student's code, as pool-reply.ts finds it. */
async function thrownAt(dir: string, task: string, exportName: string): Promise<string | undefined> {
  const linked = (await linkSubmission(dir, TASK_IDS, dir))!;
  let stack = "";
  try {
    (load(linked.code, task)[exportName] as (input: unknown) => unknown)({});
  } catch (error) {
    stack = String((error as Error).stack);
  }
  for (const [, line, column] of stack.matchAll(/grade-bundle\.js:(\d+):(\d+)/g)) {
    const at = linked.mapFrame(Number(line), Number(column));
    if (at) return at;
  }
  return undefined;
}

beforeAll(loadSucrase);

describe("linking a submission with sucrase", () => {
  it("links the tasks, their imports of each other and of the course, each evaluation with its own modules", async () => {
    const dir = submission({ "helper.ts": "import { TOOL } from \"grade/course\";\nexport const name = (): string => TOOL.name;\n", "task1.ts": "import { name } from \"./helper\";\nexport function toMcp(t: unknown): string { return name(); }\n" });
    const linked = (await linkSubmission(dir, TASK_IDS, dir))!;
    expect(linked).toBeDefined();
    expect((load(linked.code, "task1")["toMcp"] as (t: unknown) => string)({})).toBe("logs_search");
    const handle = load(linked.code, "task2")["handle"] as (m: unknown) => unknown;
    expect(handle({ jsonrpc: "2.0", id: 1, method: "ping" })).toMatchObject({ id: 1 });
  });

  it("leaves to esbuild what it cannot compile exactly: syntax errors, namespaces, other packages", async () => {
    expect(await linkSubmission(submission({ "task1.ts": "export function toMcp(t: ) {}\n" }), TASK_IDS, "/tmp")).toBeUndefined();
    expect(await linkSubmission(submission({ "task1.ts": "export function toMcp() { let a = 1; let a = 2; }\n" }), TASK_IDS, "/tmp")).toBeUndefined();
    expect(await linkSubmission(submission({ "task1.ts": "namespace N { export const x = 1; }\nexport function toMcp() { return N.x; }\n" }), TASK_IDS, "/tmp")).toBeUndefined();
    expect(await linkSubmission(submission({ "task1.ts": "import z from \"zod\";\nexport function toMcp() { return z; }\n" }), TASK_IDS, "/tmp")).toBeUndefined();
    expect(await linkSubmission(submission({ "task1.ts": "import { x } from \"./nowhere\";\nexport function toMcp() { return x; }\n" }), TASK_IDS, "/tmp")).toBeUndefined();
    const folder = submission();
    rmSync(path.join(folder, "task3.ts"));
    mkdirSync(path.join(folder, "task3.ts"));
    expect(await linkSubmission(folder, TASK_IDS, "/tmp")).toBeUndefined();
  });

  it("runs a task as the strict module it is, whichever compiles it", async () => {
    // An assignment to an undeclared name: a ReferenceError in a module, sucrase's or esbuild's
    // (a namespace sends this one to esbuild).
    const sloppy = "export function toMcp(t: unknown): unknown { leaked = 1; return t; }\n";
    const linked = (await linkSubmission(submission({ "task1.ts": sloppy }), TASK_IDS, "/tmp"))!;
    const [built] = await bundleTasks(submission({ "task1.ts": `namespace N { export const x = 1; }\n${sloppy}` }), TASK_IDS, "/tmp", (p) => p);
    for (const code of [linked.code, (built as { code: string }).code]) {
      expect(() => (load(code, "task1")["toMcp"] as (t: unknown) => unknown)({})).toThrow(/leaked is not defined/);
    }
  });

  it("never takes in a file from outside the folder, even through a symbolic link", async () => {
    const dir = submission();
    const other = submission();
    symlinkSync(path.join(other, "task1.ts"), path.join(dir, "theirs.ts"));
    writeFileSync(path.join(dir, "task1.ts"), "export { toMcp } from \"./theirs\";\n");
    expect(await linkSubmission(dir, TASK_IDS, dir)).toBeUndefined();
    const [task1] = await bundleTasks(dir, TASK_IDS, dir, (p) => path.relative(dir, p));
    expect(task1).toMatchObject({ ok: false, failure: { reason: "syntax", message: expect.stringMatching(/outside the submission folder/) } });
  });

  it("maps a frame of its script to the file, line and column of the student's code", async () => {
    const dir = submission({ "task2.ts": "import type { JsonObject } from \"grade/course\";\n\nexport function handle(m: JsonObject): JsonObject | null {\n  const x: number = 1;  throw new Error(\"boom\");\n}\n" });
    expect(await thrownAt(dir, "task2", "handle")).toBe(`${path.join(dir, "task2.ts")}:4:31`);
  });

  it("says a call of an import that is not there is not a function, and where an import is refused", async () => {
    const misnamed = submission({ "task1.ts": "export function toMcpX(t: unknown): unknown { return t; }\n" });
    const misnamedCode = (await linkSubmission(misnamed, TASK_IDS, misnamed))!.code;
    expect(() => load(misnamedCode, "task2")).toThrow(/\(0 , _task1js\.toMcp\) is not a function/);
    const reads = submission({ "task1.ts": "// reads a file\nimport { readFileSync } from \"node:fs\";\nexport const toMcp = (): string => readFileSync(\"/etc/passwd\", \"utf8\");\n" });
    // sucrase wrote a require in place of the import: the frame points at the module's name.
    expect(await thrownAt(reads, "task1", "toMcp")).toBe(`${path.join(reads, "task1.ts")}:2:31`);
  });

  it("keeps what it compiled while a file's text is the same, and compiles it again once changed", async () => {
    const dir = submission();
    const toMcp = async (): Promise<unknown> => (load((await linkSubmission(dir, TASK_IDS, dir, { cache: true }))!.code, "task1")["toMcp"] as (t: unknown) => unknown)({ name: "n", description: "d", input_schema: {} });
    expect(await toMcp()).toEqual({ name: "n", description: "d", inputSchema: {} });
    // What is kept is what is used: changed behind its back, the kept code answers.
    const entry = entryFile(realpathSync(path.join(dir, "task1.ts")));
    const kept = JSON.parse(readFileSync(entry, "utf8")) as { key: string; code: string };
    writeFileSync(entry, JSON.stringify({ ...kept, code: kept.code.replace(/return \{/, "return { kept: true,") }));
    expect(await toMcp()).toMatchObject({ kept: true });
    // A change to the file's text is compiled anew.
    writeFileSync(path.join(dir, "task1.ts"), `// edited\n${readFileSync(path.join(dir, "task1.ts"), "utf8")}`);
    expect(await toMcp()).toEqual({ name: "n", description: "d", inputSchema: {} });
  });

  it("finds a frame's column by the text there, where types and import names moved it", () => {
    expect(originalColumn("    const n = index;  if (n === 2) throw new TypeError(", "    const n: number = index;  if (n === 2) throw new TypeError(", 41)).toBe(49);
    expect(originalColumn("const MCP_TOOL = (0, _task1js.toMcp)(        _course.TOOL);", "const MCP_TOOL = toMcp(TOOL);", 21)).toBe(17);
    expect(originalColumn("var _nodefs = require('node:fs');", "import { readFileSync } from \"node:fs\";", 14)).toBe(30);
    expect(originalColumn("exports.x = x;", "// nothing alike", 0)).toBe(0);
  });

  it("counts lines as V8 does, whatever the files' line endings", async () => {
    const task1 = ["import type { McpTool } from \"grade/course\";", "", "export function toMcp(t: unknown): McpTool {", "  throw new Error(\"boom\");", "}", ""];
    for (const ending of ["\r\n", "\r"]) {
      expect(await thrownAt(submission({ "task1.ts": task1.join(ending) }), "task1", "toMcp")).toMatch(/task1\.ts:4:\d+$/);
    }
  });
});
