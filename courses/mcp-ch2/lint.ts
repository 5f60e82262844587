// What grade dev check lints of chapter 2 beyond what it lints of every pack: the quiz key and
// the quiz file, the parts of the course that are not run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DevCheckItem } from "../../src/grading/dev-check.js";
import { parseQuizKey } from "../../src/quiz/mark.js";
import { renderQuizMarkdown } from "../../src/quiz/markdown.js";
import { CHAPTER_QUIZ, QUIZ } from "./course/quiz.js";

export const QUIZ_KEY_FILE = "solutions/quiz-key.txt";
export const QUIZ_FILE = "tasks/quiz.md";

/** The quiz key and the quiz file. */
export function courseDataItems(root: string): DevCheckItem[] {
  const items: DevCheckItem[] = [];
  const keyFile = path.join(root, QUIZ_KEY_FILE);
  let keyItem: DevCheckItem;
  if (!existsSync(keyFile)) keyItem = { name: "the quiz key covers all ten questions", ok: false, detail: `there is no ${QUIZ_KEY_FILE}` };
  else {
    try {
      const key = parseQuizKey(QUIZ, readFileSync(keyFile, "utf8"));
      const disagree = QUIZ.filter((q) => q.kind === "short" && key.get(q.number) !== q.accepted).map((q) => `q${q.number} is ${JSON.stringify(key.get(q.number))} but its rule accepts ${JSON.stringify(q.kind === "short" ? q.accepted : "")}`);
      keyItem = { name: "the quiz key covers all ten questions", ok: disagree.length === 0, detail: disagree.length ? disagree.join("; ") : `${key.size} answers, 9 and 10 agree with their rules` };
    } catch (error) {
      keyItem = { name: "the quiz key covers all ten questions", ok: false, detail: (error as Error).message };
    }
  }
  items.push(keyItem);
  const quizFile = path.join(root, QUIZ_FILE);
  const current = existsSync(quizFile) && readFileSync(quizFile, "utf8") === renderQuizMarkdown(CHAPTER_QUIZ, "mcp-ch2");
  items.push({ name: `${QUIZ_FILE} is the quiz data, rendered`, ok: current, detail: current ? `${QUIZ.length} questions` : "out of date with courses/mcp-ch2/course/quiz.ts: rewrite it with grade dev quiz-md" });
  return items;
}
