// A loop in task1.ts that tasks 2 and 3 reach through their imports, through the real CLI: it
// costs task 1 alone, since tasks 2 and 3 are judged with a correct copy of task1.ts
// (src/grading/stand-ins.ts). A pack without copies names task1.ts in their time-outs instead
// (imported-timeouts.test.ts).
import { copyFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "./cli.js";

describe("a time-out in task1.ts, reached from tasks 2 and 3", () => {
  it("stops task 1 alone", async () => {
    const dir = tempDir("grade-timeout-");
    for (const f of ["task2.ts", "task3.ts"]) copyFileSync(path.join(ROOT, "solutions", f), path.join(dir, f));
    writeFileSync(path.join(dir, "task1.ts"), "export function toMcp(tool: unknown): unknown {\n  while (true) {}\n}\n");
    const run = await runCli(["--dir", dir, "--no-behaviour", "--no-live", "--no-typecheck", "--evidence", path.join(dir, "e.txt"), "--reporter", "json"]);
    const report = JSON.parse(run.stdout) as { tasks: { task: string; status: string; message?: string; standIns?: string[] }[] };
    const [t1, t2, t3] = report.tasks;
    expect(t1).toMatchObject({ status: "fail" });
    expect(t1!.message).toMatch(/work budget/);
    expect(t1!.message).not.toContain("fix that file first");
    expect([t2, t3].map((t) => [t!.status, t!.standIns])).toEqual([["pass", ["task1.ts"]], ["pass", ["task1.ts"]]]);
  });
});
