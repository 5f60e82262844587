import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSubmission, starter } from "../../test/student-commands/submission.js";
import type { Report } from "../report/types.js";
import { HINTS } from "../../courses/mcp-ch2/course/hints.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { progressFileFor } from "../progress/progress-file.js";
import { parseLevel, showHint } from "./hint.js";

describe("showHint", () => {
  it("unfolds the hints in order, one more each time, and stays on the last", async () => {
    const sub = makeSubmission({ files: { "task1.ts": starter("task1.ts"), "task2.ts": starter("task2.ts") } });
    const levels: number[] = [];
    for (let i = 0; i < HINTS.task2.length + 1; i++) levels.push((await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task2" })).level);
    expect(levels).toEqual([1, 2, 3, 4, 5, 5]);
    const first = await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task1" });
    expect(first).toMatchObject({ level: 1, levels: HINTS.task1.length, hint: HINTS.task1[0] });
    expect(JSON.parse(readFileSync(path.join(sub.cwd, progressFileFor(sub.cwd, sub.dir)), "utf8")).hintsSeen).toEqual({ task1: 1, task2: 5 });
  });

  it("shows the level asked for without forgetting how far the student got", async () => {
    const sub = makeSubmission();
    await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task3", level: 4 });
    expect((await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task3", level: 2 })).hint).toBe(HINTS.task3[1]);
    expect((await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task3" })).level).toBe(5);
  });

  it("works without a submission folder, and rejects a level that does not exist", async () => {
    const result = await showHint({ pack, cwd: "/", dir: "no/such/folder", task: "task1" });
    expect(result.level).toBe(1);
    expect(() => parseLevel(pack, "0", "task1")).toThrow(/task1 has 4 hints.*from 1 to 4, got "0"/);
    expect(() => parseLevel(pack, "two", "task2")).toThrow(/from 1 to 5/);
    expect(parseLevel(pack, "3", "task2")).toBe(3);
  });

  it("follows the first failing check: its hints, then the exact rule; none for a task that passes", async () => {
    const sub = makeSubmission();
    const report = (failing: string): Report => ({
      version: 1, submission: "sub", status: "fail", score: 8, maxScore: 17, evidence: {},
      tasks: [{ task: "task2", title: "t", status: "fail", score: 8, maxScore: 9, checks: [
        { name: "t2_responses", kind: "evidence", title: "r", status: "pass" },
        { name: failing, kind: "evidence", title: "the check", status: "fail" },
      ] }],
    });
    const levels: number[] = [];
    for (let i = 0; i < 3; i++) levels.push((await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task2", report: report("t2_id4_error") })).level);
    expect(levels).toEqual([4, 5, 5]);
    const other = await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task2", report: report("t2_init_version") });
    expect(other).toMatchObject({ level: 3, ladder: [3, 5], check: { name: "t2_init_version" } });
    const passing: Report = { ...report("x"), tasks: [{ ...report("x").tasks[0]!, status: "pass", checks: [] }] };
    expect(await showHint({ pack, cwd: sub.cwd, dir: sub.dir, task: "task2", report: passing })).toMatchObject({ passes: true });
  });
});
