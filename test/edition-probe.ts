// Run by student-edition.test.ts in a process of its own: imports every module of a student
// edition (argv[2]) and calls each export, and each method of an exported object, as toMcp, handle
// and serve (alone, and with a working handle beside the input, as a serve loop would take one),
// judged by this repository's model on the fixtures and every behaviour check. Prints one JSON line.
import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { LINES, MESSAGES, TOOL } from "../courses/mcp-ch2/course/fixtures.js";
import { TASK_IDS, TASKS, type TaskId } from "../courses/mcp-ch2/course/tasks.js";
import { judgeInProcess } from "../courses/mcp-ch2/behaviour/in-process.js";
import { modelHandle, modelServe, modelToMcp } from "../courses/mcp-ch2/behaviour/model.js";

process.on("uncaughtException", () => undefined);
process.on("unhandledRejection", () => undefined);

type Fn = (input: never) => unknown;

function listSources(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = `${prefix}${e.name}`;
    if (e.isDirectory()) return listSources(path.join(dir, e.name), `${rel}/`);
    return /\.(ts|js|mjs|cjs)$/.test(e.name) && !/\.d\.c?ts$/.test(e.name) ? [rel] : [];
  });
}

// A Promise is never a task's answer (everything is synchronous).
const settled = (value: unknown): unknown => {
  if (value !== null && typeof (value as { then?: unknown }).then === "function") throw new Error("a Promise");
  return value;
};

function callables(value: unknown): Array<{ fn: Fn; how: string }> {
  const out: Array<{ fn: Fn; how: string }> = [];
  const add = (f: unknown, how: string): void => {
    if (typeof f !== "function") return;
    out.push({ fn: (input) => settled((f as (...a: unknown[]) => unknown)(input)), how });
    out.push({ fn: (input) => settled((f as (...a: unknown[]) => unknown)(input, modelHandle)), how: `${how}(input, handle)` });
  };
  add(value, "");
  if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) add(v, `.${k}`);
  return out;
}

function passes(task: TaskId, fn: Fn): boolean {
  try {
    const got = task === "task1" ? fn(structuredClone(TOOL) as never) : task === "task2" ? MESSAGES.map((m) => fn(structuredClone(m) as never)) : fn(structuredClone(LINES) as never);
    const want = task === "task1" ? modelToMcp(TOOL) : task === "task2" ? MESSAGES.map((m) => modelHandle(structuredClone(m) as never)) : modelServe(LINES);
    if (JSON.stringify(got) !== JSON.stringify(want)) return false;
    return judgeInProcess(task, fn, 7).every((c) => c.status === "pass");
  } catch {
    return false;
  }
}

const edition = process.argv[2]!;
// Entry points of threads and processes run on load and export nothing.
const entries = new Set(["src/sandbox/worker.ts", "src/sandbox/live-server.ts", "src/sandbox/compile-thread.ts", "src/typecheck/probe-worker.ts", "courses/mcp-ch2/typecheck/worker.ts"]);
const passing: string[] = [];
let modules = 0;
let functions = 0;
// The engine and the packs the edition carries (chapter 2's code is in courses/mcp-ch2/).
const sources = ["src", "courses"].flatMap((top) => listSources(path.join(edition, top), `${top}/`));
for (const file of sources.filter((f) => !entries.has(f))) {
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path.join(edition, file)).href)) as Record<string, unknown>;
  } catch (error) {
    passing.push(`${file} could not be imported: ${(error as Error).message}`);
    continue;
  }
  modules += 1;
  for (const [name, value] of Object.entries(module)) {
    for (const candidate of callables(value)) {
      functions += 1;
      for (const task of TASK_IDS) if (passes(task, candidate.fn)) passing.push(`${file}: ${name}${candidate.how} as ${TASKS[task].exportName}`);
    }
  }
}
const control = [passes("task1", modelToMcp as Fn), passes("task2", modelHandle as Fn)];
process.stdout.write(`\n${JSON.stringify({ modules, functions, passing, control })}\n`);
process.exit(0);
