// Fixture submissions, each wrong in one way (or right in a style of its own), judged in this
// process on every behaviour check of their task: a wrong one fails exactly the checks that reach
// its mistake, a right one and the reference solutions fail none.
import { describe, expect, it } from "vitest";
import * as solution1 from "../../../solutions/task1.js";
import * as solution2 from "../../../solutions/task2.js";
import * as solution3 from "../../../solutions/task3.js";
import type { TaskId } from "../course/tasks.js";
import { judgeInProcess } from "./in-process.js";

const SEEDS = [1, 2, 12345];

const CASES: Record<string, { task: TaskId; fails: string[] }> = {
  "correct-other-style/task1": { task: "task1", fails: [] },
  "correct-other-style/task2": { task: "task2", fails: [] },
  "rebuilds-schema/task1": { task: "task1", fails: ["t1_schema_extra_keys"] },
  "copies-by-assignment/task1": { task: "task1", fails: ["t1_inherited_names"] },
  "stops-at-first-error/task2": { task: "task2", fails: ["t2_several_errors", "t2_no_arguments"] },
  "joins-with-comma/task2": { task: "task2", fails: ["t2_several_errors", "t2_no_arguments"] },
  "arguments-assumed/task2": { task: "task2", fails: ["t2_no_arguments", "t2_odd_params"] },
  // t2_string_type holds no null (t2_null_required's own input since each check's inputs keep to its rule).
  "falsy-as-missing/task2": { task: "task2", fails: ["t2_enum_value", "t2_empty_query", "t2_null_required"] },
  "null-as-absent/task2": { task: "task2", fails: ["t2_null_required", "t2_null_optional"] },
  "method-table/task2": { task: "task2", fails: ["t2_inherited_methods"] },
  "tool-table/task2": { task: "task2", fails: ["t2_inherited_tool_names"] },
  "properties-lookup/task2": { task: "task2", fails: ["t2_inherited_argument_names"] },
};

const EXPORTS: Record<TaskId, string> = { task1: "toMcp", task2: "handle", task3: "serve" };

const FIXTURES = new URL("../../../test/fixtures/behaviour/", import.meta.url);

async function exported(file: string, task: TaskId): Promise<(input: never) => unknown> {
  const module = (await import(/* @vite-ignore */ new URL(`${file}.ts`, FIXTURES).href)) as Record<string, (input: never) => unknown>;
  return module[EXPORTS[task]]!;
}

const failing = (task: TaskId, fn: (input: never) => unknown, seed: number): string[] =>
  judgeInProcess(task, fn, seed).filter((c) => c.status !== "pass").map((c) => c.name);

describe("behaviour checks on fixture submissions", () => {
  it.each(SEEDS)("pass the reference solutions on every check (seed %i)", (seed) => {
    expect(failing("task1", solution1.toMcp, seed)).toEqual([]);
    expect(failing("task2", solution2.handle, seed)).toEqual([]);
    expect(failing("task3", solution3.serve, seed)).toEqual([]);
  });

  it.each(Object.entries(CASES))("%s fails exactly its checks", async (file, { task, fails }) => {
    const fn = await exported(file, task);
    for (const seed of SEEDS) expect(failing(task, fn, seed).sort(), `seed ${seed}`).toEqual([...fails].sort());
  });

  it("shows the smallest counterexample, with what the rule allows", async () => {
    const checks = judgeInProcess("task2", await exported("joins-with-comma/task2", "task2"), 1);
    const several = checks.find((c) => c.name === "t2_several_errors")!;
    expect(several.message).toMatch(/The smallest: handle\(\{"jsonrpc":"2.0","id":1,"method":"tools\/call","params":\{"name":"logs_search","arguments":\{\}\}\}\)$/);
    expect(several.expected).toContain('"text":"missing required field: service; missing required field: query"');
    expect(several.expected).toContain("in any order");
    expect(several.actual).toContain('"text":"missing required field: service, missing required field: query"');
    expect(several.hint).toMatch(/^Rule 5: .* Check every field/);

    const odd = judgeInProcess("task2", await exported("arguments-assumed/task2", "task2"), 1).find((c) => c.name === "t2_odd_params")!;
    expect(odd.message).toMatch(/The smallest: handle\(\{"jsonrpc":"2.0","id":1,"method":"tools\/call"\}\)$/);
    expect(odd.expected).toMatch(/^a response with "id": 1 and either a result or an error/);
    expect(odd.actual).toMatch(/^threw TypeError/);
  });
});
