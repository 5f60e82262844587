// The stateless pack's type check on test/fixtures/types/mcp-stateless/: correct submissions in
// other styles pass (their own code's errors under "strict" as advice), wrong ones fail at the
// export with what the runner needed. Each folder is laid over a copy of the reference solution.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { ProbeChecker } from "../../../src/typecheck/probe-check.js";
import type { TaskTypes } from "../../../src/typecheck/types-check.js";
import pack from "../pack.js";
import { statelessSpec } from "./spec.js";
import { StatelessTypeCheck } from "./worker-client.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const SOLUTIONS = path.join(ROOT, "solutions", "mcp-stateless");
const FIXTURES = path.join(ROOT, "test", "fixtures", "types", "mcp-stateless");
const TASK_IDS = ["task1", "task2", "task3", "task4"];

function submission(fixture?: string): { cwd: string; dir: string } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-stateless-types-"));
  const dir = path.join(cwd, "sub");
  mkdirSync(path.join(dir, "reference"), { recursive: true });
  for (const file of readdirSync(SOLUTIONS).filter((f) => f.endsWith(".ts"))) {
    cpSync(path.join(SOLUTIONS, file), path.join(dir, file));
    cpSync(path.join(SOLUTIONS, file), path.join(dir, "reference", file));
  }
  if (fixture) cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return { cwd, dir };
}

const checker = new ProbeChecker(ROOT, statelessSpec(ROOT));
const check = (fixture?: string): Record<string, TaskTypes> => {
  const { cwd, dir } = submission(fixture);
  return checker.check(dir, TASK_IDS, (abs) => path.relative(cwd, abs));
};
const text = (f: { file: string; line: number; column: number; message: string }) => `${f.file}:${f.line}:${f.column} ${f.message}`;
const findings = (t: TaskTypes | undefined): string[] => (t && "findings" in t ? t.findings.map(text) : [JSON.stringify(t)]);
const advice = (t: TaskTypes | undefined): string[] => (t && "findings" in t ? (t.advice ?? []).map(text) : []);

const ADVISED: Record<string, Record<string, string[]>> = {
  "plain-javascript": {
    task1: ["sub/task1.ts:4:27 TS7006: Parameter 'schema' implicitly has an 'any' type.", "sub/task1.ts:4:35 TS7006: Parameter 'args'"],
    task4: ["sub/task4.ts:4:23 TS7006: Parameter 'lines'"],
  },
  "own-response-optional": {},
  "string-key-index": { task4: ["sub/task4.ts:25:39 TS7053: Element implicitly has an 'any' type"] },
};

/** The task that fails, where, and what its one finding says. */
const WRONG: Record<string, { task: string; at: string; says: string[] }> = {
  "checkargs-one-parameter": { task: "task1", at: "4:17", says: ["checkArgs does not fit the course's signature (schema: InputSchema, args: JsonObject) => string[]", "the runner calls checkArgs(...CHECK_ARGS_CASES.bad_args)", "TS2554: Expected 1 arguments, but got 2.", "fails for 4 more"] },
  "handle-async": { task: "task2", at: "5:23", says: ["returns Promise<", "a Promise: handle is async", "no async, no await"] },
  "serve-returns-string": { task: "task4", at: "4:17", says: ["the runner calls serve(LINES) and needs back { out, log }", "but it returns string.", "TS2322: Type 'string' is not assignable"] },
  "request-params-required": { task: "task3", at: "6:17", says: ["the runner calls request(\"server/discover\", undefined, send)", "Argument of type 'undefined' is not assignable to parameter of type 'JsonObject'"] },
  "missing-call-with-input": { task: "task3", at: "1:1", says: ["task3.ts has no export named callWithInput, the name the runner imports"] },
};

describe("the stateless pack's type check by use", () => {
  it("knows every fixture folder as correct or wrong", () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([...Object.keys(ADVISED), ...Object.keys(WRONG)].sort());
  });

  it("passes the reference solution and the starters, with no advice", () => {
    const result = check();
    for (const t of TASK_IDS) expect([...findings(result[t]), ...advice(result[t])], t).toEqual([]);
    const starters = checker.check(path.join(ROOT, "starters", "mcp-stateless"), TASK_IDS, (abs) => path.relative(ROOT, abs));
    for (const t of TASK_IDS) expect(findings(starters[t]), t).toEqual([]);
  });

  it.each(Object.entries(ADVISED))("passes %s, its own code's errors as advice", (name, expected) => {
    const result = check(name);
    for (const t of TASK_IDS) {
      expect(findings(result[t]), t).toEqual([]);
      const given = advice(result[t]);
      const wanted = expected[t] ?? [];
      expect(given.length, `${t}: ${given.join("\n")}`).toBe(wanted.length);
      wanted.forEach((start, i) => expect(given[i], t).toContain(start));
    }
  });

  it.each(Object.entries(WRONG))("fails %s at its export, saying what the runner needed", (name, wrong) => {
    const result = check(name);
    const [finding, ...more] = findings(result[wrong.task]);
    expect(more).toEqual([]);
    expect(finding).toMatch(new RegExp(`^sub/${wrong.task}\\.ts:${wrong.at} `));
    for (const part of wrong.says) expect(finding).toContain(part);
    for (const t of TASK_IDS.filter((x) => x !== wrong.task)) expect(findings(result[t]), t).toEqual([]);
  });
});

describe("the stateless pack's type check on paths that are no regular files of the submission", () => {
  it("reads none of them: a task file that is a FIFO, a reference to /proc/self/fd/1; each fails its task with the reason", () => {
    const { cwd, dir } = submission();
    rmSync(path.join(dir, "task4.ts"));
    execFileSync("mkfifo", [path.join(dir, "task4.ts")]);
    symlinkSync("/proc/self/fd/1", path.join(dir, "out.ts"));
    writeFileSync(path.join(dir, "task1.ts"), `/// <reference path="./out.ts" />\n${readFileSync(path.join(SOLUTIONS, "task1.ts"), "utf8")}`);
    const result = checker.check(dir, TASK_IDS, (abs) => path.relative(cwd, abs));
    expect(findings(result["task4"])).toEqual([expect.stringMatching(/^sub\/task4.ts:1:1 sub\/task4.ts is not a regular file/)]);
    expect(findings(result["task1"])).toEqual([expect.stringMatching(/^sub\/task1.ts:1:22 TS6053: .* sub\/out.ts is a symbolic link that leads out of the submission folder \(to \/proc\//)]);
    expect(findings(result["task2"])).toEqual([]);
  });
});

describe("grade with the stateless pack's type check", () => {
  const worker = new StatelessTypeCheck();
  afterAll(() => worker.close());

  it("adds a types check to each task, failing only the task whose export the runner cannot use", async () => {
    const { cwd } = submission("serve-returns-string");
    const report = await gradeSubmission({ cwd, pack, dir: "sub", tasks: TASK_IDS, typecheck: worker });
    const types = report.tasks.map((t) => t.checks.find((c) => c.kind === "types"));
    expect(types.map((c) => `${c?.name} ${c?.status}`)).toEqual(["t1_types pass", "t2_types pass", "t3_types pass", "t4_types fail"]);
    expect(types[3]!.message).toContain("needs back { out, log }");
  });
});
