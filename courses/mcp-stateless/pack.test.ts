// The pack as the engine reads it: its data hangs together (tasks, evidence keys, hints that
// name only checks that exist, the quiz), and its course module in the sandbox is course/index.ts's
// data, a fresh copy per module instance, with notWrittenYet.
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { NOT_WRITTEN_YET as ENGINE_NOT_WRITTEN_YET } from "../../src/pack/not-written-yet.js";
import { TASK1_CHECKS } from "./behaviour/task1-checks.js";
import { TASK2_CHECKS } from "./behaviour/task2-checks.js";
import { TASK4_CHECKS } from "./behaviour/task4-checks.js";
import { CLIENT_RULES } from "./client/task3.js";
import * as course from "./course/index.js";
import { sandboxSource } from "./course/sandbox-source.js";
import pack from "./pack.js";
import { scoreTask } from "../../src/pack/score.js";
import type { CheckResult } from "../../src/report/types.js";
import { SCHEMA_CHECKS } from "./schema/checks.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

function load(): Record<string, any> {
  const module = { exports: {} as Record<string, unknown> };
  vm.runInNewContext(sandboxSource(), { exports: module.exports, module, Error, String });
  return module.exports;
}

describe("the mcp-stateless pack", () => {
  it("names its four tasks, its evidence lines in order (task 3's from client/task3.ts) and its files", () => {
    expect(pack.tasks.map((t) => `${t.id}:${t.file}:${t.exportName}`)).toEqual(["task1:task1.ts:checkArgs", "task2:task2.ts:handle", "task3:task3.ts:request", "task4:task4.ts:serve"]);
    const tasks = pack.evidence.map((l) => l.task);
    expect(tasks).toEqual([...tasks].sort());
    expect(new Set(pack.evidence.map((l) => l.key)).size).toBe(pack.evidence.length);
    for (const l of pack.evidence) expect(l.key.startsWith(`t${l.task.slice(4)}_`), l.key).toBe(true);
    expect(pack.course.typesFile).toBe(path.join(ROOT, "courses", "mcp-stateless", "course", "index.ts"));
  });

  it("has hints that name only checks it has, the last level of each task being the exact rule", () => {
    const checks = new Set([...pack.evidence.map((l) => l.key), ...[...TASK1_CHECKS, ...TASK2_CHECKS, ...TASK4_CHECKS].map((c) => c.id), ...SCHEMA_CHECKS.map((c) => c.id), ...CLIENT_RULES.map((r) => r.id), "t1_no_stdout", "t2_no_stdout", "t4_no_stdout", "t4_no_stderr", "t2_stateless", "t2_no_session_state", "t2_data_alone", "t1_args_unchanged"]);
    for (const [task, hints] of Object.entries(pack.hints)) {
      expect(hints.length, task).toBeGreaterThan(1);
      for (const h of hints) for (const name of h.checks) expect(checks.has(name), `${task}: ${name}`).toBe(true);
    }
  });

  it("lints its quiz: the key marks every question right and quiz.md is its rendering", () => {
    expect(pack.lint!(ROOT).filter((r) => !r.ok)).toEqual([]);
  });

  it("gives the sandbox course/index.ts's data, fresh in each module instance, and notWrittenYet under the engine's name", () => {
    const a = load();
    for (const name of ["PROTOCOL_VERSION", "SERVER_INFO", "CLIENT_INFO", "ORDERS", "TOOLS", "RESOURCES"]) expect(a[name], name).toEqual((course as Record<string, unknown>)[name]);
    a["ORDERS"].A101.status = "cancelled";
    expect(load()["ORDERS"].A101.status).toBe("processing");
    expect(course.NOT_WRITTEN_YET).toBe(ENGINE_NOT_WRITTEN_YET);
    expect(() => a["notWrittenYet"]("handle")).toThrow(expect.objectContaining({ name: ENGINE_NOT_WRITTEN_YET, message: "handle is not written yet" }));
  });

  it("charges handle's print on stdout once, though the live stdio check sees it too (helper 43: it cost 2)", () => {
    const check = (name: string, kind: CheckResult["kind"], status: CheckResult["status"]): CheckResult => ({ name, kind, title: name, status });
    const lines = pack.evidence.filter((l) => l.task === "task2").map((l) => check(l.key, "evidence", "pass"));
    const printed = [...lines, check("t2_no_stdout", "output", "fail"), check("t2_stdio_clean", "stdio", "fail")];
    expect(scoreTask({ checks: printed }, pack.score).score).toBe(lines.length - 1);
    // A stdio failure of its own (no print) still costs its point.
    expect(scoreTask({ checks: [...lines, check("t2_no_stdout", "output", "pass"), check("t2_stdio_clean", "stdio", "fail")] }, pack.score).score).toBe(lines.length - 1);
  });

  it("grades a hand-written evidence value with its diagnosis", () => {
    expect(pack.diagnose!("t2_old_version_data", '{"supported":["2026-07-28"]}')).toMatch(/requested/);
    expect(pack.diagnose!("t2_responses", "12")).toBe("This is the accepted value.");
  });
});
