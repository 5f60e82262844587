import { describe, expect, it } from "vitest";
import { importsFile, nameImportedTimeouts } from "./imported-timeouts.js";

const task = (n: number) => ({ id: `task${n}`, number: n, title: `T${n}`, file: `task${n}.ts`, exportName: `f${n}`, signature: "" });
const timeout = { reason: "timeout" as const, message: "It was stopped after using 100% of its work budget." };

describe("a time-out inside an imported file", () => {
  it("reads relative imports of a task file, with or without an extension", () => {
    expect(importsFile('import { toMcp } from "./task1";', "task1.ts")).toBe(true);
    expect(importsFile("import { toMcp } from './task1.js';", "task1.ts")).toBe(true);
    expect(importsFile('export { handle } from "./task1.ts";', "task1.ts")).toBe(true);
    expect(importsFile('import { toMcp } from "./task10";', "task1.ts")).toBe(false);
    expect(importsFile('import { x } from "./reference/task1";', "task1.ts")).toBe(false);
  });

  it("names the imported file whose own task timed out, in the later tasks that import it", () => {
    const files = { "task1.ts": "loop", "task2.ts": 'import { toMcp } from "./task1";', "task3.ts": 'import { handle } from "./task2.js";' };
    const named = nameImportedTimeouts([{ task: task(1), failure: timeout }, { task: task(2), failure: timeout }, { task: task(3), failure: timeout }], files);
    expect(named.has("task1")).toBe(false);
    expect(named.get("task2")).toBe(`${timeout.message} task2.ts imports task1.ts, whose own task was stopped the same way: the endless work is most likely in task1.ts, so fix that file first.`);
    // task3 imports task2, which imports task1: the file where the chain starts.
    expect(named.get("task3")).toContain("task3.ts uses task1.ts (through task2.ts), whose own task was stopped the same way: the endless work is most likely in task1.ts");
  });

  it("leaves a time-out alone when the file imports no timed-out file", () => {
    const files = { "task1.ts": "loop", "task2.ts": "export function handle() { while (true) {} }" };
    expect(nameImportedTimeouts([{ task: task(1), failure: timeout }, { task: task(2), failure: timeout }], files).size).toBe(0);
    expect(nameImportedTimeouts([{ task: task(1) }, { task: task(2), failure: timeout }], { "task2.ts": 'import "./task1";' }).size).toBe(0);
  });
});
