// The type check on test/fixtures/types/: submissions typed in every style a class writes, each
// correct one passing (with advice, at no cost, where its own code has errors under "strict") and
// each wrong one failing at its export with a message that says what the chapter's runner needed. Each folder is laid over a copy of solutions/ (test/overlay.ts), so a
// wrong one can re-export the reference for the tasks it does not get wrong.
import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bothCompilers } from "../../../test/compilers.js";
import { overlay, ROOT } from "../../../test/overlay.js";
import { TASK_IDS, type TaskId } from "../course/tasks.js";
import { TypeChecker, type TaskTypes, type TypeFinding } from "./check-types.js";

const FIXTURES = path.join(ROOT, "test", "fixtures", "types");

/** Correct code, each typed its own way (half of them failed the earlier check by declared identity). */
const CORRECT = [
  "arrow-consts", "class-instances", "export-list", "inferred-generic", "json-objects", "node-modules", "overloads",
  "own-interfaces", "own-types-records", "readonly-shapes", "undefined-no-response", "unknown-params", "own-response-optional",
];

/** Correct code whose own code has errors under "strict" (or an any that hides the interface): passing, with this advice, by task. */
const ADVISED: Record<string, Partial<Record<TaskId, string[]>>> = {
  "plain-javascript": {
    task1: ["sub/task1.ts:3:23 TS7006: Parameter 'tool' implicitly has an 'any' type. (grade type-checks with \"strict\": true, under which an implicit any is an error: annotate the parameter, e.g. toMcp(tool: ToolDefinition)"],
    task2: [...["7:17 TS7006: Parameter 'value'", "7:24 TS7006: Parameter 'type'", "17:26 TS7006: Parameter 'args'", "17:32 TS7006: Parameter 'schema'", "33:15 TS7006: Parameter 'value'", "33:22 TS7006: Parameter 'isError'", "37:24 TS7006: Parameter 'message'"].map((m) => `sub/task2.ts:${m}`)],
    task3: [
      "4:17 TS7023: 'dumps' implicitly has return type 'any'", "4:23 TS7006: Parameter 'value'", "7:46 TS7024", "12:23 TS7006: Parameter 'lines'",
      "13:9 TS7034: Variable 'out'", "14:9 TS7034: Variable 'log'", "15:18 TS7006", "15:24 TS7006", "28:12 TS7005", "28:17 TS7005",
    ].map((m) => `sub/task3.ts:${m}`),
  },
  "string-key-index": {
    task2: ["sub/task2.ts:16:58 TS7053: Element implicitly has an 'any' type because expression of type 'string' can't be used to index type"],
  },
  "implicit-any": {
    task1: ["sub/task1.ts:2:23 TS7006: Parameter 'tool' implicitly has an 'any' type.", "sub/task1.ts:6:19 TS7006: Parameter 'tool' implicitly has an 'any' type. (grade type-checks with \"strict\": true, under which an implicit any is an error: annotate the parameter with the type of what it receives.)"],
  },
  "serve-returns-any": {
    task3: ["sub/task3.ts:5:17 serve(LINES) returns any, so nothing checks that the chapter's runner can use its result"],
  },
};

/** `then`: the findings after the first, in full. */
interface Wrong { task: TaskId; at: string; says: string[]; then?: string[] }

const WRONG: Record<string, Wrong> = {
  "tomcp-returns-string": { task: "task1", at: "4:17", says: ["runner calls toMcp(TOOL) and needs back an MCP tool", "but it returns string", "Type 'string' is not assignable"] },
  "tomcp-schema-string": { task: "task1", at: "10:17", says: ["it returns McpTool", "Types of property 'inputSchema' are incompatible", "Type 'string' is not assignable to type 'object'"] },
  "handle-takes-number": { task: "task2", at: "4:17", says: ["calls handle(MESSAGES[0] (initialize, id 1))", "Argument of type 'MESSAGES[0]' is not assignable to parameter of type 'number'", "fails for 7 more of the chapter's MESSAGES"] },
  "handle-requests-only": { task: "task2", at: "5:17", says: ["handle(MESSAGES[1] (notifications/initialized, a notification))", "Property 'id' is missing"] },
  "async-handle": { task: "task2", at: "5:23", says: ["returns Promise<JsonRpcResponse | null>", "handle is async", "no async, no await"] },
  "handle-never-responds": { task: "task2", at: "4:17", says: ["handle returns null for every one of the chapter's MESSAGES", "never answers a request"] },
  "serve-returns-array": { task: "task3", at: "5:17", says: ["needs back { out, log }", "but it returns string[]", "missing the following properties", "out, log"] },
  "serve-two-parameters": { task: "task3", at: "5:17", says: ["calls serve(LINES)", "Expected 2 arguments, but got 1"] },
  "default-export": { task: "task3", at: "5:25", says: ["has a default export but no export named serve", "instead of export default"] },
  "missing-export": { task: "task3", at: "1:1", says: ["task3.ts has no export named serve"] },
};

const line = (f: TypeFinding): string => `${f.file}:${f.line}:${f.column} ${f.message}`;
const messages = (types: TaskTypes): string[] => (!("findings" in types) ? [JSON.stringify(types)] : types.findings.map(line));
const advice = (types: TaskTypes): string[] => ("findings" in types ? (types.advice ?? []).map(line) : []);

// The fixtures referee the compilers: each gives every fixture the same verdicts and messages.
describe.each(bothCompilers())("the type check by use with %s, on fixture submissions", (_, compiler) => {
  let checker: TypeChecker | undefined;
  const check = (name: string): Record<TaskId, TaskTypes> => {
    checker ??= new TypeChecker(ROOT, compiler());
    const cwd = mkdtempSync(path.join(os.tmpdir(), "grade-types-"));
    const dir = overlay(path.join(cwd, "sub"), path.join(FIXTURES, name));
    return checker.check(dir, TASK_IDS, (abs) => path.relative(cwd, abs));
  };

  it("knows every fixture folder as correct or wrong", () => {
    // hostile-paths is hostile.test.ts's (its links and FIFO are made at run time), mcp-stateless/ the other pack's.
    expect(readdirSync(FIXTURES).filter((f) => f !== "hostile-paths" && !f.startsWith("mcp-")).sort()).toEqual([...CORRECT, ...Object.keys(ADVISED), ...Object.keys(WRONG)].sort());
  });

  it.each(CORRECT)("passes %s, with no advice", (name) => {
    const result = check(name);
    for (const task of TASK_IDS) expect([...messages(result[task]), ...advice(result[task])], task).toEqual([]);
  });

  it.each(Object.entries(ADVISED))("passes %s, its own code's errors shown as advice with their fix", (name, expected) => {
    const result = check(name);
    for (const task of TASK_IDS) {
      expect(messages(result[task]), task).toEqual([]);
      const given = advice(result[task]);
      const wanted = expected[task] ?? [];
      expect(given.length, `${task}: ${given.join("\n")}`).toBe(wanted.length);
      wanted.forEach((start, i) => expect(given[i], task).toContain(start));
    }
  });

  it.each(Object.entries(WRONG))("fails %s at its export, saying what the runner needed", (name, wrong) => {
    const result = check(name);
    const [finding, ...more] = messages(result[wrong.task]);
    expect(more).toEqual(wrong.then ?? []);
    expect(finding).toMatch(new RegExp(`^sub/${wrong.task}\\.ts:${wrong.at} `));
    for (const part of wrong.says) expect(finding).toContain(part);
    for (const task of TASK_IDS.filter((t) => t !== wrong.task)) expect(messages(result[task]), task).toEqual([]);
  });
});
