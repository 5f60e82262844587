import { describe, expect, it } from "vitest";
import { HINTS } from "../../courses/mcp-ch2/course/hints.js";
import pack from "../../courses/mcp-ch2/pack.js";
import type { CheckResult, Report, TaskResult } from "../report/types.js";
import { HOSTILE, runnerCommands, terminalHazards } from "../report/hostile.js";
import { renderWatchScreen } from "./screen.js";

const check = (name: string, status: CheckResult["status"], extra: Partial<CheckResult> = {}): CheckResult =>
  ({ name, kind: "evidence", title: `title of ${name}`, status, ...extra });

const task = (id: TaskResult["task"], status: TaskResult["status"], checks: CheckResult[], extra: Partial<TaskResult> = {}): TaskResult => ({
  task: id, title: `Title ${id}`, status, checks,
  score: checks.filter((c) => c.kind === "evidence" && c.status === "pass").length,
  maxScore: checks.filter((c) => c.kind === "evidence").length, ...extra,
});

const report = (tasks: TaskResult[]): Report => ({
  version: 1, submission: "sub", status: tasks.every((t) => t.status === "pass") ? "pass" : "fail",
  score: tasks.reduce((n, t) => n + t.score, 0), maxScore: 17, tasks, evidence: {},
});

const t1Done = task("task1", "pass", [check("t1_keys", "pass"), check("t1_schema_unchanged", "pass"), check("t1_name_description_unchanged", "pass")]);
const t2 = task("task2", "fail", [
  check("t2_responses", "pass"),
  check("t2_init_version", "fail", { actual: "2025-03-26", expected: "2025-06-18", message: "You echoed the client's protocolVersion." }),
  check("t2_tool_names", "fail", { actual: "x", expected: "logs_search", message: "second" }),
]);
const t3NotStarted = task("task3", "fail", [check("t3_out_count", "skip")], { message: "serve in task3.ts is not written yet" });

describe("renderWatchScreen", () => {
  it("labels the bar with the score, and counts the evidence lines apart (a failing check beyond them lowers only the score)", () => {
    const t1 = task("task1", "fail", [check("t1_keys", "pass"), check("t1_schema_unchanged", "pass"), check("t1_name_description_unchanged", "pass"), check("t1_no_stdout", "fail", { kind: "output" })], { score: 1 });
    const screen = renderWatchScreen({ pack, report: { ...report([t1]), score: 1, maxScore: 17 } }, false);
    expect(screen).toContain("] score 1/17 · 3/17 evidence lines right · 0 of 1 tasks done");
  });

  it("shows the progress, the current task's first failing check with its diagnosis, and the keys", () => {
    const screen = renderWatchScreen({ pack, report: report([t1Done, t2, t3NotStarted]) }, false);
    expect(screen).toContain("] score 4/17 · 4/17 evidence lines right · 1 of 3 tasks done");
    expect(screen).toContain("Task 2 · Title task2  FAIL · evidence 1/3 · 2 of 3 checks failed: t2_init_version, t2_tool_names");
    expect(screen).toContain("✗ t2_init_version: 2025-03-26\n      expected: 2025-06-18\n      You echoed the client's protocolVersion.");
    expect(screen).not.toContain("second");
    expect(screen).toContain("and 1 more failing in this task (npx grade task2 --dir sub shows them all)");
    expect(screen.trimEnd().split("\n").at(-1)).toBe("h: a hint for task2 · q: quit · saving a file in sub/ re-grades");
    expect(screen).not.toMatch(/\u001b\[/);
  });

  it("focuses on the task asked for, and tells how to start a task not written yet", () => {
    const screen = renderWatchScreen({ pack, report: report([t1Done, t2, t3NotStarted]), focus: "task3" }, false);
    expect(screen).toContain("Task 3 · Title task3");
    expect(screen).toContain("Write serve in sub/task3.ts");
    expect(screen).toContain("h: a hint for task3");
  });

  it("shows a hint under the task, and no hint key once everything passes", () => {
    const hint = { task: "task2" as const, title: "Title task2", dir: "sub", level: 2, levels: 5, ladder: [1, 2, 3, 4, 5], hint: HINTS.task2[1]! };
    expect(renderWatchScreen({ pack, report: report([t1Done, t2]), hint }, false)).toContain(`Hint 2 of 5:\n  ${HINTS.task2[1]!.text}`);
    const forCheck = { ...hint, check: { name: "t2_init_version", title: "x" }, ladder: [3, 5], level: 3, hint: HINTS.task2[2]! };
    expect(renderWatchScreen({ pack, report: report([t1Done, t2]), hint: forCheck }, false)).toContain(`Hint 3 of 5 (for t2_init_version):\n  ${HINTS.task2[2]!.text}`);
    const t2Done = task("task2", "pass", [check("t2_responses", "pass")]);
    const screen = renderWatchScreen({ pack, report: report([t1Done, t2Done]) }, false);
    expect(screen).not.toContain("h: a hint");
    expect(screen).toContain("q: quit");
  });

  it("shows what the submission controls with controls escaped and no CI command: values, messages, its folder", () => {
    const failing = (text: string): TaskResult => task("task2", "fail", [check("t2_init_version", "fail", { actual: text, expected: "2025-06-18", message: `line one\n::warning::${text}` })]);
    const evil = "\u001b[2J\u001b]0;owned\u0007\r::error::forged\u202e";
    for (const text of [evil, HOSTILE]) {
      const crashed = task("task1", "error", [check("t1_keys", "skip")], { message: `It threw: ${text}\n::notice::x` });
      const behaviour = task("task2", "fail", [{ name: "t2_x", kind: "behaviour", title: "x", status: "fail", message: text, actual: text }]);
      for (const color of [false, true]) {
        for (const state of [{ pack, report: { ...report([t1Done, failing(text)]), submission: `sub${text}` } }, { pack, report: report([crashed]) }, { pack, report: report([t1Done, behaviour]) }, { pack, report: report([t1Done, failing(text)]), problem: text }]) {
          const screen = renderWatchScreen(state, color);
          expect(terminalHazards(screen)).toEqual([]);
          expect(runnerCommands(screen)).toEqual([]);
        }
      }
    }
    const bad = failing(evil);
    const screen = renderWatchScreen({ pack, report: report([t1Done, bad]) }, false);
    expect(screen).toContain("✗ t2_init_version: \\x1b[2J\\x1b]0;owned\\x07\\r::error::forged\\u202e");
    expect(screen).toContain("      line one\n      \\x3a:warning::");
  });
});
