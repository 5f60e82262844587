// `grade dev check`: lints the course itself, as rustlings does. Every starter must fail as
// shipped (with the friendly "not written yet"), every solution must pass every check, and
// every check must carry a student-facing title and a hint.
import path from "node:path";
import { EVIDENCE_KEYS, EVIDENCE_RULES } from "../course/evidence-keys.js";
import { TASK_IDS } from "../course/tasks.js";
import { gradeSubmission } from "./grade.js";

export interface DevCheckItem {
  name: string;
  ok: boolean;
  detail: string;
}

export interface DevCheckReport {
  ok: boolean;
  items: DevCheckItem[];
}

export const STARTERS_DIR = "tasks";
export const SOLUTIONS_DIR = "solutions";

export async function devCheck(options: { root: string; timeoutMs?: number }): Promise<DevCheckReport> {
  // With the checks beyond the evidence lines too (a fixed seed, so the lint is repeatable).
  const grade = (dir: string) => gradeSubmission({ cwd: options.root, dir, tasks: TASK_IDS, timeoutMs: options.timeoutMs, extra: { seed: 0 } });
  const [starters, solutions] = await Promise.all([grade(STARTERS_DIR), grade(SOLUTIONS_DIR)]);
  const items: DevCheckItem[] = [];
  for (const task of starters.tasks) {
    const notWritten = task.status === "fail" && /not written yet/.test(task.message ?? "");
    items.push({
      name: `${path.join(STARTERS_DIR, task.task)}.ts fails as shipped`, ok: notWritten,
      detail: notWritten ? "reports \"not written yet\"" : `status ${task.status}${task.message ? `: ${task.message}` : ""}`,
    });
  }
  for (const task of solutions.tasks) {
    const failing = task.checks.filter((c) => c.status !== "pass");
    items.push({
      name: `${path.join(SOLUTIONS_DIR, task.task)}.ts passes every check`, ok: task.status === "pass" && failing.length === 0,
      detail: failing.length ? `not passing: ${failing.map((c) => `${c.name} (${c.status}${c.message ? `: ${c.message}` : ""})`).join("; ")}` : `${task.checks.length} checks pass`,
    });
  }
  const checks = solutions.tasks.flatMap((t) => t.checks);
  const untitled = checks.filter((c) => !c.title?.trim() || !c.hint?.trim()).map((c) => c.name);
  const ruleGaps = EVIDENCE_KEYS.filter((k) => !EVIDENCE_RULES[k].title.trim() || !EVIDENCE_RULES[k].hint.trim() || EVIDENCE_RULES[k].accepted === "");
  const gaps = [...new Set([...untitled, ...ruleGaps])];
  items.push({
    name: "every check has a title and a hint", ok: gaps.length === 0,
    detail: gaps.length ? `missing on: ${gaps.join(", ")}` : `${checks.length} checks`,
  });
  return { ok: items.every((i) => i.ok), items };
}
