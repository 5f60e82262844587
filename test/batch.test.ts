// grade batch on a class mixing every kind of submission: every row asserted, the files it
// writes read back, resume, and shards merged against one run.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { XMLValidator } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { csvHeader, parseCsv } from "../src/batch/csv.js";
import { mergeBatches } from "../src/batch/merge.js";
import { gradeBatch, type BatchResult } from "../src/batch/run.js";
import pack from "../courses/mcp-ch2/pack.js";
import type { Report } from "../src/report/types.js";
import { makeClass, ROOT } from "./batch-class.js";

const run = promisify(execFile);
const MIXED = ["correct", "wrong", "hanging", "crashing", "exiting", "empty", "flooding", "allocating"];
const tmp = (): string => mkdtempSync(path.join(os.tmpdir(), "grade-batch-"));

describe("grade batch on a mixed class", () => {
  let classDir: string;
  let out: string;
  let result: BatchResult;
  const row = (id: string): Report => result.reports.find((r) => r.submission === id)!;
  const statuses = (id: string): string => row(id).tasks.map((t) => t.status).join(",");

  beforeAll(async () => {
    classDir = makeClass(MIXED);
    out = path.join(tmp(), "out");
    result = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 2 });
  }, 120_000);

  it("grades every submission, in id order, and says the grader itself never broke", () => {
    expect(result.reports.map((r) => r.submission)).toEqual([...MIXED].sort());
    expect(result.broken).toEqual([]);
    expect(result.graded).toBe(MIXED.length);
  });

  it("gives each kind of submission the row it deserves", () => {
    expect([row("correct").status, row("correct").score, row("correct").maxScore]).toEqual(["pass", 17, 17]);
    expect([row("wrong").status, row("wrong").score, statuses("wrong")]).toEqual(["fail", 16, "pass,fail,pass"]);
    expect(row("wrong").tasks[1]!.checks.find((c) => c.status === "fail")!.name).toBe("t2_id4_error");
    // Code that ran and looped, exited or ran out of memory is a fail, not the grader's error.
    expect([row("hanging").status, row("hanging").score, statuses("hanging")]).toEqual(["fail", 12, "pass,pass,fail"]);
    expect(row("hanging").tasks[2]!.message).toMatch(/^serve never returned for this input: it was stopped in serve \(at hanging\/task3\.ts:\d+:\d+\) after using its whole work budget for one call/);
    // A task whose import is broken is judged with a correct copy of it (src/grading/stand-ins.ts).
    expect([row("crashing").status, statuses("crashing")]).toEqual(["error", "pass,error,pass"]);
    expect(row("crashing").tasks[2]!.standIns).toEqual(["task2.ts"]);
    expect(row("crashing").tasks[1]!.message).toMatch(/boom while loading \(at crashing\/task2\.ts:2:\d+\)/);
    expect([row("exiting").status, row("exiting").score]).toEqual(["fail", 14]);
    expect(row("exiting").tasks[0]!.message).toMatch(/toMcp called process\.exit\(3\)/);
    expect([row("empty").status, row("empty").score, statuses("empty")]).toEqual(["error", 0, "error,error,error"]);
    expect(row("empty").tasks[0]!.message).toMatch(/empty\/task1\.ts does not exist/);
    // Printing on stdout breaks the chapter's rule: a point off task3 (course/score.ts).
    expect([row("flooding").status, row("flooding").score, statuses("flooding")]).toEqual(["fail", 16, "pass,pass,fail"]);
    const flood = row("flooding").tasks[2]!.checks.find((c) => c.name === "t3_no_stdout")!;
    expect(flood.status).toBe("fail");
    expect(flood.actual!.length).toBeLessThan(1000);
    expect([row("allocating").status, row("allocating").score]).toEqual(["fail", 14]);
    // Out of memory, or out of its work budget first.
    expect(row("allocating").tasks[0]!.message).toMatch(/more than 128 MB of memory|work budget/);
  });

  it("writes results.json as the array of reports, and no absolute path anywhere", () => {
    const text = readFileSync(path.join(out, "results.json"), "utf8");
    expect(JSON.parse(text)).toEqual(result.reports);
    expect(text).not.toContain(classDir);
    expect(text).not.toContain(ROOT);
  });

  it("writes grades.csv with one parseable row per student", () => {
    const rows = parseCsv(readFileSync(path.join(out, "grades.csv"), "utf8"));
    expect(rows[0]).toEqual(csvHeader(["task1", "task2", "task3"]));
    expect(rows.slice(1).map((r) => r.slice(0, 8))).toEqual([
      ["allocating", "14", "17", "0", "9", "5", "fail", "t1_keys"],
      ["correct", "17", "17", "3", "9", "5", "pass", ""],
      ["crashing", "8", "17", "3", "0", "5", "error", "t2_responses"],
      ["empty", "0", "17", "0", "0", "0", "error", "t1_keys"],
      ["exiting", "14", "17", "0", "9", "5", "fail", "t1_keys"],
      ["flooding", "16", "17", "3", "9", "4", "fail", "t3_no_stdout"],
      ["hanging", "12", "17", "3", "9", "0", "fail", "t3_out_count"],
      ["wrong", "16", "17", "3", "8", "5", "fail", "t2_id4_error"],
    ]);
  });

  it("writes each student's evidence file with the lines their code printed", () => {
    expect(readFileSync(path.join(out, "evidence", "correct.txt"), "utf8").split("\n").filter(Boolean)).toHaveLength(17);
    expect(readFileSync(path.join(out, "evidence", "wrong.txt"), "utf8")).toContain("t2_id4_error: -32601 Unknown tool: deploy_nuke\n");
    expect(readFileSync(path.join(out, "evidence", "empty.txt"), "utf8")).toBe("");
  });
});

describe("grade batch re-runs", () => {
  it("skips unchanged submissions, regrades a changed one, and regrades all with force", async () => {
    const classDir = makeClass(["correct", "wrong", "empty"]);
    const out = path.join(tmp(), "out");
    const first = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 2, timeoutMs: 5000 });
    expect([first.graded, first.skipped]).toEqual([3, 0]);
    const again = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 2, timeoutMs: 5000 });
    expect([again.graded, again.skipped]).toEqual([0, 3]);
    expect(again.reports).toEqual(first.reports);
    // the student fixes task2: only that submission is graded again
    writeFileSync(path.join(classDir, "wrong", "task2.ts"), readFileSync(path.join(ROOT, "solutions", "task2.ts")));
    const fixed = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 2, timeoutMs: 5000 });
    expect([fixed.graded, fixed.skipped]).toEqual([1, 2]);
    expect(fixed.reports.find((r) => r.submission === "wrong")!.status).toBe("pass");
    const forced = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 2, timeoutMs: 5000, force: true });
    expect([forced.graded, forced.skipped]).toEqual([3, 0]);
    // a different time limit could change results: nothing is reused
    const other = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 2, timeoutMs: 4000 });
    expect(other.skipped).toBe(0);
  }, 120_000);
});

describe("grade batch when the grader itself fails", () => {
  it("writes a row that says so for that submission, and still writes every file", async () => {
    const classDir = makeClass(["correct"]);
    const out = path.join(tmp(), "out");
    // An internal failure, provoked: a task id the grader does not know.
    const result = await gradeBatch({ pack, cwd: classDir, dir: ".", out, jobs: 1, timeoutMs: 5000, grade: { tasks: ["task9" as never] } });
    expect(result.broken).toHaveLength(1);
    expect(result.broken[0]!.id).toBe("correct");
    expect(result.reports[0]!.status).toBe("error");
    expect(result.reports[0]!.tasks[0]!.message).toMatch(/^The grader failed on this submission \(a bug in grade, not in the student's code\)/);
    expect(parseCsv(readFileSync(path.join(out, "grades.csv"), "utf8"))[1]!.slice(0, 7)).toEqual(["correct", "0", "0", "", "", "", "error"]);
  }, 60_000);
});

describe("grade batch with its output inside the class folder", () => {
  it("does not grade the output folder as a student", async () => {
    const classDir = makeClass(["correct", "empty"]);
    const first = await gradeBatch({ pack, cwd: classDir, dir: ".", out: "results", jobs: 2, timeoutMs: 5000 });
    const again = await gradeBatch({ pack, cwd: classDir, dir: ".", out: "results", jobs: 2, timeoutMs: 5000 });
    expect(first.reports.map((r) => r.submission)).toEqual(["correct", "empty"]);
    expect(again.reports.map((r) => r.submission)).toEqual(["correct", "empty"]);
    expect(again.skipped).toBe(2);
  }, 60_000);
});

describe("grade batch --shard and grade merge", () => {
  it("three shards merged equal one run over the class, file for file", async () => {
    const names = ["correct", "wrong", "empty", "crashing", "exiting", "flooding", "ann", "bob", "chen", "dara"];
    const classDir = makeClass(names);
    const base = tmp();
    const whole = await gradeBatch({ pack, cwd: classDir, dir: ".", out: path.join(base, "whole"), jobs: 2, timeoutMs: 5000 });
    const parts: string[][] = [];
    for (const index of [1, 2, 3]) {
      const part = await gradeBatch({ pack, cwd: classDir, dir: ".", out: path.join(base, `shard-${index}`), jobs: 2, timeoutMs: 5000, shard: { index, count: 3 } });
      parts.push(part.reports.map((r) => r.submission));
    }
    expect(parts.flat().sort()).toEqual([...names].sort());
    expect(parts.every((p) => p.length > 0)).toBe(true);
    const merged = mergeBatches({ cwd: base, inputs: ["shard-1", "shard-2", "shard-3"], out: "merged", pack });
    expect(merged).toEqual(whole.reports);
    for (const file of ["results.json", "grades.csv", "evidence/wrong.txt", "evidence/empty.txt"]) {
      expect(readFileSync(path.join(base, "merged", file), "utf8")).toBe(readFileSync(path.join(base, "whole", file), "utf8"));
    }
    expect(() => mergeBatches({ cwd: base, inputs: ["shard-1", "shard-1"], out: "twice" })).toThrow(/Shard 1\/3 was given twice \(shard-1 and shard-1\)/);
    expect(() => mergeBatches({ cwd: base, inputs: ["shard-1", "shard-3"], out: "partial" })).toThrow(/missing shard 2\/3: it was given shard-1 \(1\/3\), shard-3 \(3\/3\)/);
    expect(() => mergeBatches({ cwd: base, inputs: ["whole", "shard-1"], out: "mixed" })).toThrow(/whole graded the whole class/);
    expect(existsSync(path.join(base, "partial"))).toBe(false);
    // Through the real CLI: a usage error naming the missing shard, exit 2, nothing written.
    const cli = await run(process.execPath, [path.join(ROOT, "bin", "grade.js"), "merge", "shard-1", "shard-2", "--out", "partial"], { cwd: base }).catch((e: { code: number; stderr: string }) => e);
    expect(cli).toMatchObject({ code: 2 });
    expect((cli as { stderr: string }).stderr).toMatch(/^grade: The merge is missing shard 3\/3/);
    expect(() => mergeBatches({ cwd: base, inputs: ["nowhere"], out: "x" })).toThrow(/holds no results\.json/);
  }, 120_000);
});

describe("grade batch, the real CLI", () => {
  it("exits 0 with a summary whatever the scores, and writes the reports it is asked for", async () => {
    const classDir = makeClass(["correct", "wrong", "empty"]);
    const base = tmp();
    const { stdout, stderr } = await run(process.execPath, [path.join(ROOT, "bin", "grade.js"), "batch", classDir, "--out", path.join(base, "out"), "--reporter", "pretty", "--reporter", `junit=${path.join(base, "junit.xml")}`, "--reporter", `gradescope=${path.join(base, "gradescope.json")}`, "--gradescope-hide", "behaviour", "--no-color"], { cwd: base });
    expect(stderr).toBe("");
    expect(stdout).toMatch(/3 submissions: 1 passed, 1 failed, 1 errored/);
    expect(stdout).toMatch(/Checks failed most often\n\s+1\s+t2_id4_error/);
    expect(XMLValidator.validate(readFileSync(path.join(base, "junit.xml"), "utf8"))).toBe(true);
    expect(existsSync(path.join(base, "out", "grades.csv"))).toBe(true);
    // Each student's results.json as Gradescope's autograder would have written it, by id.
    type Results = { score: number; max_score: number; tests: { max_score: number; visibility: string; name: string }[] };
    const gradescope = JSON.parse(readFileSync(path.join(base, "gradescope.json"), "utf8")) as Record<string, Results>;
    expect(Object.keys(gradescope).sort()).toEqual(["correct", "empty", "wrong"]);
    expect([gradescope.correct!.score, gradescope.correct!.max_score, gradescope.wrong!.score]).toEqual([17, 17, 16]);
    const behaviour = gradescope.correct!.tests.filter((t) => t.visibility === "after_published");
    expect(behaviour.length).toBeGreaterThan(0);
    expect(behaviour.every((t) => t.max_score === 0)).toBe(true);
  }, 60_000);

  it("exits 2 with a clear message for a class folder that is not there", async () => {
    const error = await run(process.execPath, [path.join(ROOT, "bin", "grade.js"), "batch", "no-such-class"], { cwd: tmp() }).catch((e: { code: number; stderr: string; stdout: string }) => e);
    expect((error as { code: number }).code).toBe(2);
    expect((error as { stderr: string }).stderr).toMatch(/^grade: The class folder no-such-class does not exist/);
  }, 60_000);
});
