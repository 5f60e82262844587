// Student code that hangs on one generated input costs the rules that input cut short, never the
// evidence lines whose own rules were judged before it (they run first): one mistake, one point.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { gradeSubmission } from "../../src/grading/grade.js";
import { overlaySubmission } from "./overlay.js";

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

describe("a handle that hangs on a method only the generated inputs use", () => {
  it("keeps the evidence lines and the rules judged before the hang, fails the rules it cut short, and costs one point", async () => {
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
    // One mistake (ping loops), one point: the lines' own rules ran first and hold.
    expect(report.score).toBe(16);
    const task2 = report.tasks.find((t) => t.task === "task2")!;
    const behaviour = task2.checks.filter((c) => c.kind === "behaviour");
    expect(behaviour.filter((c) => c.name.startsWith("t2_same_")).every((c) => c.status === "pass")).toBe(true);
    const cut = behaviour.filter((c) => c.status !== "pass" && c.status !== "skip");
    expect(cut.length).toBeGreaterThan(0);
    // Each ping stopped at its own call's budget (or, past the run's, the run cut short).
    expect(cut.every((c) => c.status === "fail" && /never returned for this input|stopped after using 100% of its work budget/.test(`${c.message ?? ""} ${c.actual ?? ""}`))).toBe(true);
    expect(task2.checks.find((c) => c.name === "t2_interop_call")?.status).toBe("pass");
    expect(task2.status).toBe("fail");
  });
});
