// The claims docs/sandbox.md makes, each tried by a submission that attempts what it rules out,
// graded through the real sandbox (QuickJS in a worker thread, one fresh instance each).
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TASK_IDS } from "../courses/mcp-ch2/course/tasks.js";
import { gradeSubmission } from "../src/grading/grade.js";
import { loadPack } from "../src/pack/registry.js";
import { readSubmission } from "../src/grading/files.js";
import { SandboxPool } from "../src/sandbox/pool.js";
import type { Report } from "../src/report/types.js";
import { makeClass, ROOT } from "./batch-class.js";

const MARKERS = ["/tmp/grade-sandbox-write-attempt.txt", "/tmp/grade-sandbox-spawn-attempt.txt", "/tmp/grade-sandbox-escape-attempt.txt"];

describe("the sandbox", () => {
  let pool: SandboxPool;
  let classDir: string;
  const grade = (id: string): Promise<Report> => gradeSubmission({ cwd: classDir, dir: id, tasks: TASK_IDS, pool });

  beforeAll(async () => {
    for (const m of MARKERS) rmSync(m, { force: true });
    classDir = makeClass(["correct", "sandbox-import-other", "sandbox-read-other", "sandbox-read-solutions", "sandbox-write", "sandbox-spawn", "sandbox-escape", "sandbox-tamper", "sandbox-victim", "spinning", "linked"]);
    // A task file that is a link to a classmate's: refused, never read.
    rmSync(path.join(classDir, "linked", "task1.ts"));
    symlinkSync(path.join(classDir, "correct", "task1.ts"), path.join(classDir, "linked", "task1.ts"));
    // One thread, so consecutive submissions share it: the worst case for leaks between them.
    pool = new SandboxPool(1, true, (await loadPack("mcp-ch2")).course.sandboxSource());
  });
  afterAll(() => pool.close());

  it("keeps a submission from importing another submission's files", async () => {
    const task1 = (await grade("sandbox-import-other")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/"\.\.\/correct\/task1\.ts" leads out of the submission folder/);
  });

  it("refuses a task file that is a link out of the submission folder, naming it", async () => {
    const task1 = (await grade("linked")).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toMatch(/linked\/task1\.ts is a symbolic link that leads out of the submission folder/);
    expect(readSubmission(path.join(classDir, "linked"), "linked").files["task1.ts"]).toBeUndefined();
  });

  it.each([["sandbox-read-other", "node:fs"], ["sandbox-read-solutions", "node:fs"], ["sandbox-write", "node:fs"], ["sandbox-spawn", "node:child_process"]])("refuses %s's import of %s, naming the module and the line", async (id, module) => {
    const task1 = (await grade(id)).tasks[0]!;
    expect(task1.status).toBe("error");
    expect(task1.message).toContain(`task1.ts:2`);
    expect(task1.message).toContain(`${module} `);
    expect(task1.message).not.toMatch(/top level/);
  });

  it("leaves the classic escape (constructor.constructor) nothing but the engine's own realm", async () => {
    const task1 = (await grade("sandbox-escape")).tasks[0]!;
    expect(task1.status).toBe("fail");
    expect(task1.message).toMatch(/toMcp threw TypeError/);
    expect(MARKERS.some((m) => existsSync(m))).toBe(false);
  });

  it("gives every submission fresh built-ins and globals, whatever the one before it did", async () => {
    await grade("sandbox-tamper");
    const victim = await grade("sandbox-victim");
    expect(victim.tasks[0]!.status).toBe("pass");
    expect(victim.score).toBe(17);
  });

  it("stops a loop in the promise queue as well as a plain one", async () => {
    const report = await grade("spinning");
    expect(report.tasks.map((t) => t.status)).toEqual(["pass", "pass", "fail"]);
    expect(report.tasks[2]!.message).toMatch(/stopped after using 100% of its work budget/);
  });
});

describe("the submission reader", () => {
  it("reads only files inside the folder and names the link it refused", () => {
    const dir = makeClass(["correct"]);
    const sub = path.join(dir, "correct");
    symlinkSync(path.join(ROOT, "solutions"), path.join(sub, "lib"));
    writeFileSync(path.join(sub, "notes.txt"), "not source");
    const files = readSubmission(sub, "correct");
    expect(Object.keys(files.files).filter((f) => !f.startsWith("reference/")).sort()).toEqual(["task1.ts", "task2.ts", "task3.ts"]);
    expect(files.refused["lib"]).toMatch(/correct\/lib is a symbolic link that leads out of the submission folder/);
  });

  it("names a folder under a task file's name, rather than calling the file missing", () => {
    const dir = makeClass(["folder"]);
    const sub = path.join(dir, "folder");
    rmSync(path.join(sub, "task2.ts"));
    mkdirSync(path.join(sub, "task2.ts"));
    writeFileSync(path.join(sub, "task2.ts", "inner.ts"), "export const x = 1;");
    const files = readSubmission(sub, "folder");
    expect(files.files["task2.ts"]).toBeUndefined();
    expect(files.files["task2.ts/inner.ts"]).toBeUndefined();
    expect(files.refused["task2.ts"]).toMatch(/^folder\/task2\.ts is a folder, not a file;/);
  });
});
