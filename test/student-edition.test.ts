// The student edition as a student gets it: built by grade dist student, copied to a fresh
// folder, installed (node_modules linked package by package from this checkout: a full npm ci
// here takes minutes), graded as shipped, and searched for a working solution: every export of
// every shipped module is called as each task and judged by the instructor's model.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { LINES, MESSAGES, TOOL } from "../src/course/fixtures.js";
import { TASK_IDS, TASKS, type TaskId } from "../src/course/tasks.js";
import { judgeInProcess } from "../src/behaviour/in-process.js";
import { modelHandle, modelToMcp } from "../src/behaviour/model.js";
import { distStudent } from "../src/student/dist.js";

const root = path.join(import.meta.dirname, "..");
let fresh = "";

const cli = (args: string[], cwd = fresh) => spawnSync(process.execPath, [path.join(cwd, "bin", "grade.js"), ...args], { cwd, encoding: "utf8", timeout: 120_000 });

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "grade-edition-"));
  const report = await distStudent({ root, cwd: tmp, out: "built" });
  expect(report.items.filter((i) => !i.ok)).toEqual([]);
  fresh = path.join(tmp, "fresh");
  cpSync(path.join(tmp, "built"), fresh, { recursive: true });
  // Its own node_modules (so its own .cache), each package a link to this checkout's.
  mkdirSync(path.join(fresh, "node_modules"));
  for (const name of readdirSync(path.join(root, "node_modules"))) {
    if (name !== ".cache") symlinkSync(path.join(root, "node_modules", name), path.join(fresh, "node_modules", name));
  }
}, 120_000);

describe("the student edition, copied to a fresh folder", () => {
  it("installs from the npm registry alone", () => {
    const lock = JSON.parse(readFileSync(path.join(fresh, "package-lock.json"), "utf8")) as { packages: Record<string, { resolved?: string; link?: boolean }> };
    const elsewhere = Object.entries(lock.packages).filter(([name, p]) => name !== "" && (p.link || !p.resolved?.startsWith("https://registry.npmjs.org/")));
    expect(elsewhere).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(fresh, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    const specs = Object.values({ ...pkg["dependencies"], ...pkg["devDependencies"] });
    expect(specs.filter((s) => !/^\d/.test(s))).toEqual([]);
  });

  it("grades its starters as not written yet, and its CI is green", () => {
    const run = cli(["--reporter", "json", "--no-live", "--no-typecheck"]);
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as { tasks: Array<{ status: string; message?: string }> };
    expect(report.tasks.map((t) => [t.status, /not written/.test(t.message ?? "")])).toEqual([["fail", true], ["fail", true], ["fail", true]]);
    const ci = spawnSync(process.execPath, [path.join(fresh, ".ci", "tasks.mjs"), "--no-live", "--no-typecheck"], { cwd: fresh, encoding: "utf8", timeout: 120_000 });
    expect(ci.status, ci.stdout + ci.stderr).toBe(0);
    expect(ci.stdout).toContain("not written yet task1, task2, task3; failing none");
  });

  it("judges behaviour from its practice data: the reference solution passes, a wrong one fails", () => {
    const sol = path.join(fresh, "sol");
    cpSync(path.join(root, "solutions"), sol, { recursive: true });
    const run = cli(["--dir", "sol", "--reporter", "json", "--no-live", "--no-typecheck", "--seed", "12345"]);
    const report = JSON.parse(run.stdout) as { status: string; byKind: Record<string, { passed: number; total: number }> };
    expect(report.status, run.stderr).toBe("pass");
    expect(report.byKind["behaviour"]!.passed).toBe(report.byKind["behaviour"]!.total);
    const task2 = readFileSync(path.join(sol, "task2.ts"), "utf8");
    writeFileSync(path.join(sol, "task2.ts"), task2.replace('"id" in message', 'message.id !== undefined && message.id !== null'));
    const wrong = JSON.parse(cli(["--dir", "sol", "--reporter", "json", "--no-live", "--no-typecheck", "task2"]).stdout) as { tasks: Array<{ checks: Array<{ name: string; status: string }> }> };
    expect(wrong.tasks[0]!.checks.find((c) => c.name === "t2_id_null_answered")?.status).toBe("fail");
  });

  it("refuses a task that imports the grader's own modules", () => {
    const dir = path.join(fresh, "importer");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "task1.ts"), 'export { toMcp } from "../src/behaviour/practice-key.ts";\n');
    writeFileSync(path.join(dir, "task2.ts"), 'import * as k from "../src/behaviour/key.ts";\nexport const handle = (m: unknown) => (k as never as { handle: (m: unknown) => unknown }).handle(m);\n');
    writeFileSync(path.join(dir, "task3.ts"), 'import { ANSWER_KEY } from "../src/behaviour/key.ts";\nexport const serve = (lines: string[]) => ANSWER_KEY.serveWith(lines, () => null);\n');
    const report = JSON.parse(cli(["--dir", "importer", "--reporter", "json", "--no-live", "--no-typecheck"]).stdout) as { tasks: Array<{ status: string; message?: string }> };
    expect(report.tasks.map((t) => t.status)).toEqual(["error", "error", "error"]);
    expect(report.tasks[0]!.message).toMatch(/leads out of the submission folder/);
  });

  it("holds no module whose exports pass a task, whatever is called as toMcp, handle or serve", async () => {
    const files = listSources(path.join(fresh, "src"));
    expect(files).toContain("behaviour/practice-key.ts");
    // Entry points of threads and processes run on load and export nothing.
    const entries = new Set(["sandbox/worker.ts", "sandbox/live-server.ts", "typecheck/worker.ts"]);
    const passing: string[] = [];
    const tried = { modules: 0, functions: 0 };
    for (const file of files.filter((f) => !entries.has(f))) {
      const module = (await import(pathToFileURL(path.join(fresh, "src", file)).href)) as Record<string, unknown>;
      tried.modules += 1;
      for (const [name, value] of Object.entries(module)) {
        for (const candidate of callables(value)) {
          tried.functions += 1;
          for (const task of TASK_IDS) if (passes(task, candidate.fn)) passing.push(`${file}: ${name}${candidate.how} as ${TASKS[task].exportName}`);
        }
      }
    }
    expect(tried.modules).toBeGreaterThan(100);
    expect(passing).toEqual([]);
    // The search finds a working solution where there is one: the instructor's model.
    expect(passes("task1", modelToMcp as never)).toBe(true);
    expect(passes("task2", modelHandle as never)).toBe(true);
  }, 120_000);
});

function listSources(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = `${prefix}${e.name}`;
    if (e.isDirectory()) return listSources(path.join(dir, e.name), `${rel}/`);
    return /\.(ts|js|mjs|cjs)$/.test(e.name) && !e.name.endsWith(".d.ts") && !e.name.endsWith(".d.cts") ? [rel] : [];
  });
}

type Fn = (input: never) => unknown;

/** Every way a task could call an export: itself, a method of it, or with a working handle beside its input (as a serve loop would take one). */
function callables(value: unknown): Array<{ fn: Fn; how: string }> {
  const out: Array<{ fn: Fn; how: string }> = [];
  const add = (f: unknown, how: string): void => {
    if (typeof f !== "function") return;
    out.push({ fn: (input) => (f as (...a: unknown[]) => unknown)(input), how });
    out.push({ fn: (input) => (f as (...a: unknown[]) => unknown)(input, modelHandle), how: `${how}(input, handle)` });
  };
  add(value, "");
  if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) add(v, `.${k}`);
  return out;
}

/** Whether a function answers a task's fixtures and every behaviour check as the model does. */
function passes(task: TaskId, fn: Fn): boolean {
  const quiet = (): boolean => {
    try {
      const onFixtures = task === "task1" ? fn(structuredClone(TOOL) as never) : task === "task2" ? MESSAGES.map((m) => fn(structuredClone(m) as never)) : fn(structuredClone(LINES) as never);
      const want = task === "task1" ? modelToMcp(TOOL) : task === "task2" ? MESSAGES.map((m) => modelHandle(structuredClone(m) as never)) : undefined;
      if (want !== undefined && JSON.stringify(onFixtures) !== JSON.stringify(want)) return false;
      return judgeInProcess(task, fn, 7).every((c) => c.status === "pass");
    } catch {
      return false;
    }
  };
  return quiet();
}
