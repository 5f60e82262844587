import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSubmission, solution, starter } from "../../test/student-commands/submission.js";
import pack from "../../courses/mcp-ch2/pack.js";
import { progressFileFor } from "../progress/progress-file.js";
import { statusCommand } from "./status.js";

describe("statusCommand", () => {
  it("shows each task's state and the next thing to do, and remembers progress across runs", async () => {
    const sub = makeSubmission({ files: { "task3.ts": starter("task3.ts") } });
    const first = await statusCommand({ pack, cwd: sub.cwd, dir: sub.dir, now: () => new Date("2026-11-01T10:00:00Z") });
    expect(first.tasks.map((t) => [t.task, t.state, t.score])).toEqual([["task1", "done", 3], ["task2", "done", 9], ["task3", "not started", 0]]);
    expect(first).toMatchObject({ score: 12, maxScore: 17, tasksDone: 2, progressFile: ".grade/progress/sub.json" });
    expect(first.next).toMatchObject({ task: "task3" });
    expect(first.next.text).toContain("Write serve in sub/task3.ts");
    expect(first.tasks[2]!.before).toBeUndefined();

    writeFileSync(path.join(sub.abs, "task3.ts"), solution("task3.ts"));
    const second = await statusCommand({ pack, cwd: sub.cwd, dir: sub.dir, now: () => new Date("2026-11-01T11:00:00Z") });
    expect(second.tasks[2]).toMatchObject({ state: "done", score: 5, before: { status: "fail", score: 0, at: "2026-11-01T10:00:00.000Z" } });
    expect(second.tasks[0]!.before).toMatchObject({ status: "pass", firstPassedAt: "2026-11-01T10:00:00.000Z" });
    expect(second.next.task).toBeUndefined();
    expect(second.next.text).toContain("All 17 evidence lines are right");

    const saved = JSON.parse(readFileSync(path.join(sub.cwd, progressFileFor(sub.cwd, sub.dir)), "utf8"));
    expect(saved.tasks.task3).toEqual({ status: "pass", score: 5, maxScore: 5, at: "2026-11-01T11:00:00.000Z", firstPassedAt: "2026-11-01T11:00:00.000Z" });
  });

  it("names the first failing check of a task in progress, and starts afresh from a damaged progress file", async () => {
    const sub = makeSubmission({ files: { "task2.ts": solution("task2.ts").replace('protocolVersion: "2025-06-18"', 'protocolVersion: "2025-03-26"') } });
    mkdirSync(path.join(sub.cwd, ".grade", "progress"), { recursive: true });
    writeFileSync(path.join(sub.cwd, progressFileFor(sub.cwd, sub.dir)), "{ not json");
    const report = await statusCommand({ pack, cwd: sub.cwd, dir: sub.dir });
    expect(report.tasks[1]).toMatchObject({ state: "in progress", score: 8 });
    expect(report.tasks[1]!.before).toBeUndefined();
    expect(report.next.text).toMatch(/^Fix t2_init_version: initialize answers with the server's protocol version\. Stuck\? npx grade hint task2 --dir sub gives a hint for it/);
  });
});
