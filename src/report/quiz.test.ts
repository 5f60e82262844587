import { describe, expect, it } from "vitest";
import type { QuizReport } from "../student/quiz.js";
import { HOSTILE, NORMAL, runnerCommands, terminalHazards } from "./hostile.js";
import { renderQuiz } from "./quiz.js";

const quiz = (text: string): QuizReport => ({
  version: 1, keyUsed: true, status: "fail", score: 0, maxScore: 10, answersFile: `answers/${text}.txt`, keySource: `--key ${text}`,
  problems: [{ line: 3, message: text }],
  questions: [
    { question: 1, kind: "choice", status: "malformed", answer: text, message: text },
    { question: 9, kind: "short", status: "fail", answer: text, message: text },
  ],
});

describe("renderQuiz", () => {
  it("shows a hostile answers file with its controls escaped and no CI command", () => {
    for (const color of [false, true]) {
      const out = renderQuiz(quiz(HOSTILE), color);
      expect(terminalHazards(out)).toEqual([]);
      expect(runnerCommands(out)).toEqual([]);
    }
  });

  it("shows a normal answer as written", () => {
    const out = renderQuiz(quiz(NORMAL), false);
    expect(out).toContain(`  ✗ q9: ${NORMAL}\n      ${NORMAL}\n`);
  });
});
