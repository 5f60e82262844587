// Student code that hangs on one generated input costs that task's generated checks, never its
// evidence lines: the generated inputs run in a process of their own.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grading/grade.js";
import { overlaySubmission } from "./overlay.js";

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

describe("a handle that hangs on a method only the generated inputs use", () => {
  it("keeps all 17 evidence lines and reports task2's generated checks as errors", async () => {
    const { dir, cleanup } = overlaySubmission(undefined);
    cleanups.push(cleanup);
    const file = path.join(dir, "task2.ts");
    const source = readFileSync(file, "utf8").replace(
      'if (!("id" in message)) return null;',
      'if (message.method === "ping") for (;;) { /* hangs */ }\n  if (!("id" in message)) return null;',
    );
    writeFileSync(file, source);
    const report = await gradeSubmission({ cwd: dir, dir: ".", tasks: ["task1", "task2", "task3"], extra: { seed: 1 } });
    expect(report.tasks.map((t) => t.message ?? "ran")).toEqual(["ran", "ran", "ran"]);
    expect(report.score).toBe(17);
    const task2 = report.tasks.find((t) => t.task === "task2")!;
    const behaviour = task2.checks.filter((c) => c.kind === "behaviour");
    expect(behaviour.length).toBeGreaterThan(0);
    expect(behaviour.every((c) => c.status === "error" && /stopped after using 100% of its work budget/.test(c.message ?? ""))).toBe(true);
    expect(task2.checks.find((c) => c.name === "t2_interop_call")?.status).toBe("pass");
    expect(task2.status).toBe("fail");
  });
});
