// The stateful pack's type check on test/fixtures/types/mcp-stateful/: correct submissions in
// other styles pass (their own code's errors under "strict" as advice), wrong ones fail at the
// export with what the driver does with it. Each folder is laid over a copy of the reference
// solution; so are the class's submissions (test/fixtures/mcp-stateful-class/), whose mistakes
// are all in behaviour: none fails the type check.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../../src/grading/grade.js";
import { ProbeChecker } from "../../../src/typecheck/probe-check.js";
import type { TaskTypes } from "../../../src/typecheck/types-check.js";
import pack from "../pack.js";
import { statefulSpec } from "./spec.js";
import { StatefulTypeCheck } from "./worker-client.js";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const SOLUTIONS = path.join(ROOT, "solutions", "mcp-stateful");
const FIXTURES = path.join(ROOT, "test", "fixtures", "types", "mcp-stateful");
const CLASS = path.join(ROOT, "test", "fixtures", "mcp-stateful-class");
const TASK_IDS = ["task1", "task2", "task3"];

function submission(fixture?: string): { cwd: string; dir: string } {
  const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-stateful-types-"));
  const dir = path.join(cwd, "sub");
  mkdirSync(dir);
  for (const file of readdirSync(SOLUTIONS).filter((f) => f.endsWith(".ts"))) cpSync(path.join(SOLUTIONS, file), path.join(dir, file));
  if (fixture) cpSync(fixture, dir, { recursive: true });
  return { cwd, dir };
}

const checker = new ProbeChecker(ROOT, statefulSpec(ROOT));
const check = (fixture?: string): Record<string, TaskTypes> => {
  const { cwd, dir } = submission(fixture);
  return checker.check(dir, TASK_IDS, (abs) => path.relative(cwd, abs));
};
const text = (f: { file: string; line: number; column: number; message: string }) => `${f.file}:${f.line}:${f.column} ${f.message}`;
const findings = (t: TaskTypes | undefined): string[] => (t && "findings" in t ? t.findings.map(text) : [JSON.stringify(t)]);
const advice = (t: TaskTypes | undefined): string[] => (t && "findings" in t ? (t.advice ?? []).map(text) : []);

/** Each correct style, and for each task a piece of its advice (all of it for exported-any). */
const CORRECT: Record<string, Record<string, string[]>> = {
  "own-interfaces": { task2: ["TS2339: Property 'required' does not exist on type 'object'."], task3: ["TS18048: 'response.error' is possibly 'undefined'."] },
  "plain-javascript": {
    task1: ["TS7006: Parameter 'id' implicitly has an 'any' type.", 'request(2, "tools/list") leaves out parameters of request that have no type', "Mark the ones the runner may leave out optional, as the course's signature (id: RequestId, method: string, params?: JsonObject) => JsonRpcRequest does."],
    task3: ["LabClient uses tools without declaring it (plain JavaScript's style)", "Declare it in the class: tools: Tool[]."],
  },
  "exported-any": { task2: ["LabServer has type any, so nothing checks that the runner can construct it and use its members."] },
  // Its transport's constructor takes its own LabServer class, as the course's session passes one.
  "transport-takes-own-server": {},
};

/** The task that fails, where, and what its one finding says. */
const WRONG: Record<string, { task: string; at: string; says: string[] }> = {
  "handle-returns-string": { task: "task2", at: "18:14", says: ["LabServer's handle does not fit the course's handle(message: JsonRpcMessage): JsonRpcResponse | null", "the runner calls server.handle(INITIALIZE) and needs back a response", "but it returns string | null."] },
  "server-constructor-two-args": { task: "task2", at: "18:14", says: ["the runner calls new LabServer({\"allowedTools\":[\"add\",\"weather\",\"subtract\"]})", "TS2554: Expected 2 arguments, but got 1."] },
  "missing-drain-outbox": { task: "task2", at: "18:14", says: ["LabServer has no method drainOutbox, which the runner calls: server.drainOutbox(). Add it: drainOutbox(): JsonRpcNotification[]."] },
  "client-async": { task: "task3", at: "24:14", says: ["client.connect() returns Promise<JsonObject>, a Promise: LabClient.connect is async", "no async, no await"] },
  "kindof-takes-message": { task: "task1", at: "22:17", says: ["kindOf does not fit the course's signature (message: unknown) => MessageKind: the runner calls kindOf({", "The same call fails for"] },
  "missing-lab-client": { task: "task3", at: "1:1", says: ["task3.ts has no export named LabClient, the name the runner imports. Write export class LabClient {"] },
};

describe("the stateful pack's type check by use", () => {
  it("knows every fixture folder as correct or wrong", () => {
    expect(readdirSync(FIXTURES).sort()).toEqual([...Object.keys(CORRECT), ...Object.keys(WRONG)].sort());
  });

  it("passes the reference solution and the starters, with no advice", () => {
    const result = check();
    for (const t of TASK_IDS) expect([...findings(result[t]), ...advice(result[t])], t).toEqual([]);
    const starters = checker.check(path.join(ROOT, "starters", "mcp-stateful"), TASK_IDS, (abs) => path.relative(ROOT, abs));
    for (const t of TASK_IDS) expect(findings(starters[t]), t).toEqual([]);
  });

  it.each(Object.entries(CORRECT))("passes %s, its own code's errors and its untyped parts as advice", (name, expected) => {
    const result = check(path.join(FIXTURES, name));
    for (const t of TASK_IDS) {
      expect(findings(result[t]), t).toEqual([]);
      const given = advice(result[t]).join("\n");
      if (!expected[t]) expect(given, t).toBe("");
      for (const part of expected[t] ?? []) expect(given, t).toContain(part);
    }
  });

  it.each(Object.entries(WRONG))("fails %s at its export, saying what the driver does with it", (name, wrong) => {
    const result = check(path.join(FIXTURES, name));
    const [finding, ...more] = findings(result[wrong.task]);
    expect(more).toEqual([]);
    expect(finding).toMatch(new RegExp(`^sub/${wrong.task}\\.ts:${wrong.at} `));
    for (const part of wrong.says) expect(finding).toContain(part);
    for (const t of TASK_IDS.filter((x) => x !== wrong.task)) expect(findings(result[t]), t).toEqual([]);
  });

  // A test a folder: the class grows, and one test over all of it outgrew the timeout on a busy machine.
  const folders = existsSync(CLASS) ? readdirSync(CLASS) : [];
  it("has the class's submissions to check", () => expect(folders.length).toBeGreaterThan(0));
  it.each(folders)("passes the class's %s (its mistakes are in behaviour; private #fields and EventEmitters among the styles)", (folder) => {
    const result = check(path.join(CLASS, folder));
    for (const t of TASK_IDS) expect(findings(result[t]), `${folder} ${t}`).toEqual([]);
  });
});

describe("grade with the stateful pack's type check", () => {
  const worker = new StatefulTypeCheck();
  afterAll(() => worker.close());

  it("adds a types check to each task, failing only the task whose export a driver cannot use", async () => {
    const { cwd } = submission(path.join(FIXTURES, "handle-returns-string"));
    const report = await gradeSubmission({ cwd, pack, dir: "sub", tasks: TASK_IDS, typecheck: worker });
    const types = report.tasks.map((t) => t.checks.find((c) => c.kind === "types"));
    expect(types.map((c) => `${c?.name} ${c?.status}`)).toEqual(["t1_types pass", "t2_types fail", "t3_types pass"]);
    expect(types[1]!.message).toContain("needs back a response");
  });
});
