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

const root = path.join(import.meta.dirname, "..");
let fresh = "";

const cli = (args: string[], cwd = fresh) => spawnSync(process.execPath, [path.join(cwd, "bin", "grade.js"), ...args], { cwd, encoding: "utf8", timeout: 120_000 });

beforeAll(() => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "grade-edition-"));
  // Through the real CLI: its bundle is what authors run (and once rewrote this file's text).
  const dist = spawnSync(process.execPath, [path.join(root, "bin", "grade.js"), "dist", "student", path.join(tmp, "built")], { cwd: root, encoding: "utf8", timeout: 120_000 });
  expect(dist.status, dist.stdout + dist.stderr).toBe(0);
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
    const lock = JSON.parse(readFileSync(path.join(fresh, "package-lock.json"), "utf8")) as { packages: Record<string, { resolved?: string; link?: boolean; integrity?: string }> };
    const elsewhere = Object.entries(lock.packages).filter(([name, p]) => name !== "" && (p.link === true || (p.resolved !== undefined && !p.resolved.startsWith("https://registry.npmjs.org/")) || p.integrity === undefined));
    expect(elsewhere).toEqual([]);
    const pkg = JSON.parse(readFileSync(path.join(fresh, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
    const specs = Object.values({ ...pkg["dependencies"], ...pkg["devDependencies"] });
    // Exact versions, an alias of a registry package included (typescript7: npm:typescript@7.0.2).
    expect(specs.filter((s) => !/^(npm:(@[\w.-]+\/)?[\w.-]+@)?\d/.test(s))).toEqual([]);
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
    writeFileSync(path.join(dir, "task1.ts"), 'export { toMcp } from "../courses/mcp-ch2/behaviour/practice-key.ts";\n');
    writeFileSync(path.join(dir, "task2.ts"), 'import * as k from "../courses/mcp-ch2/behaviour/key.ts";\nexport const handle = (m: unknown) => (k as never as { handle: (m: unknown) => unknown }).handle(m);\n');
    writeFileSync(path.join(dir, "task3.ts"), 'import { ANSWER_KEY } from "../courses/mcp-ch2/behaviour/key.ts";\nexport const serve = (lines: string[]) => ANSWER_KEY.serveWith(lines, () => null);\n');
    const report = JSON.parse(cli(["--dir", "importer", "--reporter", "json", "--no-live", "--no-typecheck"]).stdout) as { tasks: Array<{ status: string; message?: string }> };
    expect(report.tasks.map((t) => t.status)).toEqual(["error", "error", "error"]);
    expect(report.tasks[0]!.message).toMatch(/leads out of the submission folder/);
  });

  it("holds no module whose exports pass a task, whatever is called as toMcp, handle or serve", () => {
    // In a process of its own (edition-probe.ts): calling every export blindly starts timers, processes, threads.
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-probe-"));
    const run = spawnSync(process.execPath, ["--import", pathToFileURL(path.join(root, "node_modules", "tsx", "dist", "loader.mjs")).href, path.join(import.meta.dirname, "edition-probe.ts"), fresh], { cwd, encoding: "utf8", timeout: 300_000 });
    const last = run.stdout.trim().split("\n").pop() ?? "";
    expect(last, run.stderr.slice(0, 2000)).toMatch(/^\{/);
    const result = JSON.parse(last) as { modules: number; functions: number; passing: string[]; control: boolean[] };
    expect(result.modules).toBeGreaterThan(100);
    expect(result.passing).toEqual([]);
    // The search finds a working solution where there is one: the instructor's model.
    expect(result.control).toEqual([true, true]);
  }, 300_000);
});
