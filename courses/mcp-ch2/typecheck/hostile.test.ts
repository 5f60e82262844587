// The type check on hostile paths (test/fixtures/types/hostile-paths/, whose links, FIFO and huge
// file are made here: git holds none of them) and at its limits: each ends in that task's
// failure with the reason, never in a grader that waits.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { overlay, ROOT } from "../../../test/overlay.js";
import { gradeBatch } from "../../../src/batch/run.js";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { childrenOf } from "../../../src/typecheck/proc.js";
import { DEFAULT_LIMITS, limitReason, type ThreadLimits } from "../../../src/typecheck/thread.js";
import { TASK_IDS } from "../course/tasks.js";
import pack from "../pack.js";
import { bothCompilers } from "../../../test/compilers.js";
import { TypeChecker } from "./check-types.js";
import { TypeCheckWorker } from "./worker-client.js";

function hostile(cwd = mkdtempSync(path.join(os.tmpdir(), "grade-types-hostile-")), name = "sub"): { cwd: string; abs: string } {
  const abs = overlay(path.join(cwd, name), path.join(ROOT, "test", "fixtures", "types", "hostile-paths"));
  symlinkSync("/proc/self/fd/1", path.join(abs, "stdout.ts"));
  symlinkSync("/dev/zero", path.join(abs, "zero.ts"));
  execFileSync("mkfifo", [path.join(abs, "fifo.ts")]);
  writeFileSync(path.join(abs, "huge.ts"), "");
  truncateSync(path.join(abs, "huge.ts"), 600 * 1024 * 1024);
  writeFileSync(path.join(cwd, "outside.ts"), "export type Outside = string;\n");
  symlinkSync(path.join(cwd, "outside.ts"), path.join(abs, "outside.ts"));
  return { cwd, abs };
}

describe.each(bothCompilers())("the type check with %s on paths that are no regular files of the submission", (_, compiler) => {
  it("reads none of them and fails the task that names them, saying why for each", () => {
    const { cwd, abs } = hostile();
    const result = new TypeChecker(ROOT, compiler()).check(abs, TASK_IDS, (p) => path.relative(cwd, p));
    expect(result.task2).toEqual({ findings: [] });
    const findings = "findings" in result.task1 ? result.task1.findings : [];
    expect(findings.map((f) => `${f.line} ${f.message.split(":")[0]}`)).toEqual(["6 TS6053", "7 TS6053", "8 TS6053", "9 TS6053", "10 TS2307"]);
    const [stdout, zero, fifo, huge, outside] = findings.map((f) => f.message);
    expect(stdout).toContain("sub/stdout.ts is a symbolic link that leads out of the submission folder (to /proc/");
    expect(zero).toContain("(to /dev/zero)");
    expect(fifo).toContain("sub/fifo.ts is not a regular file");
    expect(huge).toContain("sub/huge.ts is too large to type-check");
    expect(outside).toContain("sub/outside.ts is a symbolic link that leads out of the submission folder");
  });

  it("fails a task whose own file is no regular file of the submission, and a task that imports it", () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-types-hostile-"));
    const abs = overlay(path.join(cwd, "sub"));
    rmSync(path.join(abs, "task1.ts"));
    symlinkSync("/dev/zero", path.join(abs, "task1.ts"));
    rmSync(path.join(abs, "task3.ts"));
    execFileSync("mkfifo", [path.join(abs, "task3.ts")]);
    const result = new TypeChecker(ROOT, compiler()).check(abs, TASK_IDS, (p) => path.relative(cwd, p));
    expect(result.task1).toEqual({ findings: [{ file: "sub/task1.ts", line: 1, column: 1, message: expect.stringContaining("sub/task1.ts is a symbolic link that leads out of the submission folder (to /dev/zero)") }] });
    expect(result.task3).toEqual({ findings: [{ file: "sub/task3.ts", line: 1, column: 1, message: expect.stringContaining("sub/task3.ts is not a regular file") }] });
    // task2 imports task1: what it imports is unknown, said at the import.
    expect("findings" in result.task2 ? result.task2.findings.map((f) => f.message) : result.task2)
      .toEqual([expect.stringMatching(/^TS2307: Cannot find module '\.\/task1\.js'.* sub\/task1\.ts is a symbolic link that leads out of the submission folder \(to \/dev\/zero\)/)]);
  });
});

describe.each(["7", "5.9"] as const)("the type checker's thread with TypeScript %s at its limits", (compiler) => {
  const workers: TypeCheckWorker[] = [];
  afterAll(() => Promise.all(workers.map((w) => w.close())));
  const worker = (limits: Partial<ThreadLimits>) => {
    const w = new TypeCheckWorker({ ...DEFAULT_LIMITS, wallMs: 600_000, ...limits }, compiler);
    workers.push(w);
    return w;
  };

  it("stops a check past its CPU time (TypeScript 7's process's counted with the thread's) and fails every task with the reason", async () => {
    const stopped = await worker({ cpuMs: 1 }).check(ROOT, path.join(ROOT, "solutions"), TASK_IDS);
    expect(stopped).toEqual(Object.fromEntries(TASK_IDS.map((t) => [t, { stopped: limitReason.time(1) }])));
  });

  it("takes a check past the wall-clock backstop alone (under its CPU limit) for the grader's error, not the student's failure", async () => {
    await expect(worker({ cpuMs: 600_000, wallMs: 1 }).check(ROOT, path.join(ROOT, "solutions"), TASK_IDS)).rejects.toThrow(limitReason.wall(1));
  });

  it("stops a check past its memory (5.9's heap, TypeScript 7's resident memory) and fails every task with the reason", async () => {
    const limits = compiler === "5.9" ? { cpuMs: 120_000, heapMb: 16 } : { cpuMs: 120_000, nativeMb: 16 };
    const stopped = await worker(limits).check(ROOT, path.join(ROOT, "solutions"), TASK_IDS);
    expect(stopped).toEqual(Object.fromEntries(TASK_IDS.map((t) => [t, { stopped: limitReason.memory(16) }])));
  });

  it("leaves no TypeScript 7 process running once a check was stopped", async () => {
    // Running, not ended (a zombie): those of this process's threads, the other tests' compilers included.
    const running = (): number[] => readdirSync("/proc/self/task").flatMap((t) => childrenOf(`/proc/self/task/${t}`))
      .filter((pid) => { try { return / \(tsc\) [^Z]/.test(readFileSync(`/proc/${pid}/stat`, "utf8")); } catch { return false; } });
    const before = running();
    const w = worker({ cpuMs: 1 });
    await w.check(ROOT, path.join(ROOT, "solutions"), TASK_IDS);
    await w.close();
    expect(running().filter((pid) => !before.includes(pid))).toEqual([]);
  });
});

describe("the type checker's thread on hostile submissions", () => {
  const workers: TypeCheckWorker[] = [];
  afterAll(() => Promise.all(workers.map((w) => w.close())));
  const worker = (cpuMs: number, heapMb: number) => {
    const w = new TypeCheckWorker({ ...DEFAULT_LIMITS, cpuMs, heapMb, wallMs: 600_000 });
    workers.push(w);
    return w;
  };

  it("grades the hostile submission to the end, its task 1 failing the type check with the reasons", async () => {
    const { cwd } = hostile();
    const report = await gradeSubmission({ cwd, dir: "sub", tasks: TASK_IDS, typecheck: worker(120_000, 384) });
    const types = report.tasks[0]!.checks.find((c) => c.kind === "types");
    expect(types).toMatchObject({ name: "t1_types", status: "fail" });
    expect(types!.message).toContain("sub/fifo.ts is not a regular file");
    expect(report.tasks[1]!.checks.find((c) => c.kind === "types")).toMatchObject({ status: "pass" });
  });

  it("grades a class with the hostile submission in it to the end, grades.csv and all", async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-types-hostile-class-"));
    hostile(path.join(cwd, "class"), "alice");
    overlay(path.join(cwd, "class", "bob"));
    const result = await gradeBatch({ cwd, pack, dir: "class", out: "out", jobs: 1, typecheck: true });
    expect(result.reports.map((r) => r.submission).sort()).toEqual(["alice", "bob"]);
    expect(existsSync(path.join(cwd, "out", "grades.csv"))).toBe(true);
    expect(readFileSync(path.join(cwd, "out", "grades.csv"), "utf8").split("\n").filter(Boolean)).toHaveLength(3);
    const alice = result.reports.find((r) => r.submission === "alice")!;
    expect(alice.tasks[0]!.checks.find((c) => c.kind === "types")!.message).toContain("alice/zero.ts is a symbolic link that leads out of the submission folder");
  });
});
