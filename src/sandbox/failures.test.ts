// A starter's "not written yet" is the task's own only when its own file threw it: a handle written
// before the toMcp it imports failed (and is judged again with a copy, grading/stand-ins.ts).
import { describe, expect, it } from "vitest";
import { failures } from "./failures.js";

const thrown = (where?: string) => ({ name: "GradeNotWrittenYet", text: "GradeNotWrittenYet: toMcp is not written yet", ...(where ? { where } : {}) });

describe("not written yet", () => {
  it("is the task's own when its own file threw it, or when no place is known", () => {
    for (const where of ["work/task1.ts:21:10", undefined]) {
      expect(failures.call({ entry: "work/task1.ts", exportName: "toMcp" }, thrown(where))).toEqual({ reason: "not-written", message: "toMcp in work/task1.ts is not written yet: replace the TODO in it with your code." });
    }
  });

  it("is a failure of a task whose import threw it, naming the import", () => {
    const load = failures.load({ entry: "work/task2.ts", exportName: "handle" }, thrown("work/task1.ts:21:10"));
    expect(load.reason).toBe("import-error");
    expect(load.message).toBe("handle in work/task2.ts uses, while it is loaded, toMcp of work/task1.ts, which is not written yet: write that first (until then, this task is judged with a correct copy of it where the course has one).");
    expect(failures.call({ entry: "work/task3.ts", exportName: "serve" }, thrown("work/task1.ts:21:10")).reason).toBe("throw");
  });
});
