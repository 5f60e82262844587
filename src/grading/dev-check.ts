// `grade dev check`: lints the course itself, as rustlings does. Every starter must fail as
// shipped (with the friendly "not written yet"), every solution must pass every check, and
// every check must carry a student-facing title and a hint.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { EVIDENCE_KEYS, EVIDENCE_RULES } from "../../courses/mcp-ch2/course/evidence-keys.js";
import { HINTS } from "../../courses/mcp-ch2/course/hints.js";
import { QUIZ } from "../../courses/mcp-ch2/course/quiz.js";
import { TASK_IDS } from "../../courses/mcp-ch2/course/tasks.js";
import { parseQuizKey } from "../quiz/mark.js";
import { renderQuizMarkdown } from "../quiz/markdown.js";
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
export const QUIZ_KEY_FILE = `${SOLUTIONS_DIR}/quiz-key.txt`;
export const QUIZ_FILE = `${STARTERS_DIR}/quiz.md`;

export async function devCheck(options: { root: string; timeoutMs?: number }): Promise<DevCheckReport> {
  // With the checks beyond the evidence lines too (a fixed seed, so the lint is repeatable).
  const grade = (dir: string) => gradeSubmission({ cwd: options.root, dir, tasks: TASK_IDS, timeoutMs: options.timeoutMs, extra: { seed: 0 }, typecheck: true });
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
  items.push(...courseDataItems(options.root));
  return { ok: items.every((i) => i.ok), items };
}

/** Hints, the quiz key and the quiz file: the parts of the course that are not run. */
export function courseDataItems(root: string): DevCheckItem[] {
  const items: DevCheckItem[] = [];
  const thin = TASK_IDS.filter((t) => HINTS[t].length === 0 || HINTS[t].some((h) => !h.text.trim() || !h.reread.trim()));
  items.push({
    name: "every task has hints, each naming a part of the chapter", ok: thin.length === 0,
    detail: thin.length ? `empty or missing on: ${thin.join(", ")}` : TASK_IDS.map((t) => `${t}: ${HINTS[t].length} levels`).join(", "),
  });
  const keyFile = path.join(root, QUIZ_KEY_FILE);
  let keyItem: DevCheckItem;
  if (!existsSync(keyFile)) keyItem = { name: "the quiz key covers all ten questions", ok: false, detail: `there is no ${QUIZ_KEY_FILE}` };
  else {
    try {
      const key = parseQuizKey(readFileSync(keyFile, "utf8"));
      const disagree = QUIZ.filter((q) => q.kind === "short" && key.get(q.number) !== q.accepted).map((q) => `q${q.number} is ${JSON.stringify(key.get(q.number))} but its rule accepts ${JSON.stringify(q.kind === "short" ? q.accepted : "")}`);
      keyItem = { name: "the quiz key covers all ten questions", ok: disagree.length === 0, detail: disagree.length ? disagree.join("; ") : `${key.size} answers, 9 and 10 agree with their rules` };
    } catch (error) {
      keyItem = { name: "the quiz key covers all ten questions", ok: false, detail: (error as Error).message };
    }
  }
  items.push(keyItem);
  const quizFile = path.join(root, QUIZ_FILE);
  const current = existsSync(quizFile) && readFileSync(quizFile, "utf8") === renderQuizMarkdown();
  items.push({ name: `${QUIZ_FILE} is the quiz data, rendered`, ok: current, detail: current ? `${QUIZ.length} questions` : "out of date with src/course/quiz.ts: rewrite it with grade dev quiz-md" });
  return items;
}
