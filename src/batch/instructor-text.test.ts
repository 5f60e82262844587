import { describe, expect, it } from "vitest";
import { REPORT_VERSION, type Report } from "../report/types.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { checkProblem, factsOf, firstProblem, taskProblem } from "./instructor-text.js";

// The file of a task, as the pack names it (grades.csv passes the pack's).
const fileOf = (task: string): string => pack.tasks.find((t) => t.id === task)?.file ?? task;

describe("the instructor's line in grades.csv", () => {
  it("keeps the facts of a message and leaves out the advice to the student", () => {
    expect(factsOf("ann/task1.ts:3:7: Unexpected token. Fix the code at that place and save.")).toBe("ann/task1.ts:3:7: Unexpected token.");
    expect(factsOf("ann/task1.ts does not exist. Every submission has task1.ts, task2.ts and task3.ts; create it (npx grade init DIR makes a fresh set of starters).")).toBe("ann/task1.ts does not exist.");
    expect(factsOf("It used more than 64 MB of memory and was stopped. Look for a list or string that grows without end.")).toBe("It used more than 64 MB of memory and was stopped.");
  });

  it("says each of the sandbox's stops the same way for every task", () => {
    const fuel = "It was stopped after using 100% of its work budget (1100 units; the reference solution uses about 2% of it on its largest run). Look for a loop that never ends.";
    expect(taskProblem({ task: "task3", status: "fail", message: fuel }, fileOf)).toBe("task3.ts ran out of its work budget (a loop that never ends?)");
    expect(taskProblem({ task: "task2", status: "fail", message: "A module never finished loading: it was stopped after using its whole work budget for one load (1100 units; the reference solution's load uses less than one)." }, fileOf)).toBe("task2.ts ran out of its work budget (a loop that never ends?)");
    expect(taskProblem({ task: "task2", status: "fail", message: "A module was stopped while it was being loaded, when the submission's loads had used their whole work budget (30400 units for every load together)." }, fileOf)).toBe("task2.ts ran out of its work budget (a loop that never ends?)");
    expect(taskProblem({ task: "task1", status: "fail", message: "It was not run: the submission's earlier runs had used all of its work budget (3000 units)." }, fileOf)).toBe("task1.ts ran out of its work budget (a loop that never ends?)");
    expect(taskProblem({ task: "task3", status: "error", message: "serve never returned for this input: it was stopped in serve (at task3.ts:4:3) after using its whole work budget for one call (500 units)." }, fileOf)).toBe("task3.ts ran out of its work budget (a loop that never ends?)");
    expect(taskProblem({ task: "task2", status: "fail", message: "It was stopped after 5 s of the processor's time in which its work budget counted nothing: it was in built-in calls, which the budget cannot count step by step." }, fileOf)).toBe("task2.ts timed out in built-in calls");
    expect(taskProblem({ task: "task2", status: "error", message: "The grader stopped it by the clock after 120000 ms, not by its work. This is not your code's fault." }, fileOf)).toBe("task2.ts was stopped by the grader's clock (not the student's fault)");
    expect(taskProblem({ task: "task2", status: "fail", message: "handle in ann/task2.ts is not written yet: replace the TODO in it with your code." }, fileOf)).toBe("task2.ts not written yet (the starter is unchanged)");
  });

  it("gives an evidence line's expected and actual value, and another check's title", () => {
    expect(checkProblem({ name: "t2_id4_error", kind: "evidence", title: "t", status: "fail", expected: "-32602 x", actual: "-32601 x", message: "Change the code to …" })).toBe('expected "-32602 x", got "-32601 x"');
    expect(checkProblem({ name: "t2_no_stdout", kind: "output", title: "handle prints nothing on stdout", status: "fail", expected: "", actual: "hi\n" })).toBe('fails: handle prints nothing on stdout; got "hi\\n"');
  });

  it("names a check id as the first failing check, never a task", () => {
    const report: Report = {
      version: REPORT_VERSION, submission: "ann", status: "error", score: 3, maxScore: 17, evidence: {},
      tasks: [
        { task: "task1", title: "t", status: "pass", score: 3, maxScore: 3, checks: [{ name: "t1_keys", kind: "evidence", title: "k", status: "pass" }] },
        { task: "task2", title: "t", status: "error", score: 0, maxScore: 9, message: "ann/task2.ts:1:1: Unexpected token. Fix the code at that place and save.", checks: [{ name: "t2_responses", kind: "evidence", title: "r", status: "skip" }] },
      ],
    };
    expect(firstProblem(report)).toEqual({ check: "t2_responses", message: "ann/task2.ts:1:1: Unexpected token." });
  });
});
