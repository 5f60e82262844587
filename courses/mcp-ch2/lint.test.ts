import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderQuizMarkdown } from "../../src/quiz/markdown.js";
import { courseDataItems } from "./lint.js";
import { CHAPTER_QUIZ } from "./course/quiz.js";

const KEY = readFileSync(path.join(import.meta.dirname, "..", "..", "solutions", "quiz-key.txt"), "utf8");

function course(key: string | undefined, quizMd = renderQuizMarkdown(CHAPTER_QUIZ, "mcp-ch2")): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "grade-course-"));
  mkdirSync(path.join(root, "solutions"));
  mkdirSync(path.join(root, "tasks"));
  if (key !== undefined) writeFileSync(path.join(root, "solutions", "quiz-key.txt"), key);
  writeFileSync(path.join(root, "tasks", "quiz.md"), quizMd);
  return root;
}

const item = (root: string, start: string) => courseDataItems(root).find((i) => i.name.startsWith(start))!;

describe("courseDataItems (part of grade dev check)", () => {
  it("passes the course as it is: hints for every task, a complete key, quiz.md up to date", () => {
    expect(courseDataItems(course(KEY)).every((i) => i.ok)).toBe(true);
  });

  it("fails a key that is missing, incomplete, or disagrees with the rule of 9 or 10", () => {
    expect(item(course(undefined), "the quiz key")).toMatchObject({ ok: false, detail: "there is no solutions/quiz-key.txt" });
    expect(item(course(KEY.replace(/^q7: .*\n/m, "")), "the quiz key")).toMatchObject({ ok: false, detail: expect.stringContaining("q7 has no answer") });
    expect(item(course(KEY.replace(/^q10: .*$/m, "q10: 12,7")), "the quiz key")).toMatchObject({ ok: false, detail: expect.stringContaining("q10 is \"12,7\" but its rule accepts \"15,8\"") });
  });

  it("fails a quiz.md that is out of date with the data", () => {
    expect(item(course(KEY, "# old quiz\n"), "tasks/quiz.md")).toMatchObject({ ok: false });
  });
});
