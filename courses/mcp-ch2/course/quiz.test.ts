import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHAPTER_QUIZ, QUIZ } from "./quiz.js";
import { markQuiz, parseQuizKey, QuizKeyError } from "../../../src/quiz/mark.js";
import { renderQuizMarkdown } from "../../../src/quiz/markdown.js";

const root = path.join(import.meta.dirname, "..", "..", "..");
const KEY = readFileSync(path.join(root, "solutions", "quiz-key.txt"), "utf8");

describe("markQuiz with the key", () => {
  it("gives the key itself full marks (a key is a perfect answers file)", () => {
    const result = markQuiz(QUIZ, KEY, KEY);
    expect(result).toMatchObject({ keyUsed: true, status: "pass", score: 10, maxScore: 10, problems: [] });
  });

  it("marks a wrong letter as a failure without showing the right one", () => {
    const answers = KEY.replace(/^q3: ([A-D])$/m, (_m, l: string) => `q3: ${l === "A" ? "B" : "A"}`);
    const result = markQuiz(QUIZ, answers, KEY);
    const q3 = result.questions[2]!;
    expect(q3.status).toBe("fail");
    expect(q3.expected).toBeUndefined();
    expect(q3.message).not.toMatch(/\b[A-D]\b.*\bis right/);
    expect(result).toMatchObject({ status: "fail", score: 9 });
  });

  it("rejects an incomplete or malformed key with what is wrong", () => {
    expect(() => parseQuizKey(QUIZ, "q1: B\n")).toThrow(QuizKeyError);
    expect(() => parseQuizKey(QUIZ, KEY.replace(/^q2: .*$/m, "q2: maybe"))).toThrow(/q2 is "maybe", not one of the letters A to D/);
    expect(() => markQuiz(QUIZ, KEY, KEY.replace(/^q10: .*\n/m, ""))).toThrow(/q10 has no answer/);
  });
});

describe("markQuiz without the key", () => {
  it("checks the format of 1-8, says their marks need the key, and marks 9-10 by their rules", () => {
    const result = markQuiz(QUIZ, KEY);
    expect(result).toMatchObject({ keyUsed: false, status: "pass", score: 2, maxScore: 2 });
    expect(result.questions.slice(0, 8).every((q) => q.status === "unmarked")).toBe(true);
    expect(result.questions.slice(8).map((q) => q.status)).toEqual(["pass", "pass"]);
  });

  it("fails a short answer of the right shape but the wrong value, and a wrong shape as malformed", () => {
    const result = markQuiz(QUIZ, "q9: -32602 Method not found\nq10: 15, 8\n");
    expect(result.questions[8]).toMatchObject({ status: "fail" });
    expect(result.questions[9]).toMatchObject({ status: "malformed" });
    expect(result.questions[9]!.message).toContain("separated by a comma with no spaces");
  });

  it("reports malformed files line by line and still marks what it can", () => {
    const text = "\uFEFF# my answers\r\nq1: b\r\nQ2 : D\r\nq2: A\r\nthe third one is C\r\nq11: A\r\nq9:-32601 Method not found\r\n";
    const result = markQuiz(QUIZ, text);
    expect(result.problems.map((p) => p.line)).toEqual([4, 5, 6]);
    expect(result.problems[0]!.message).toContain("q2 is answered again (first on line 3)");
    expect(result.problems[1]!.message).toContain("is not an answer line");
    expect(result.problems[2]!.message).toContain("no question 11");
    expect(result.questions[0]).toMatchObject({ status: "malformed", answer: "b" });
    expect(result.questions[0]!.message).toContain("capitals");
    expect(result.questions[1]).toMatchObject({ status: "unmarked", answer: "D" });
    expect(result.questions[2]).toMatchObject({ status: "missing" });
    expect(result.questions[8]).toMatchObject({ status: "pass" });
    expect(result.status).toBe("fail");
  });

  it("treats an empty file as ten missing answers", () => {
    const result = markQuiz(QUIZ, "");
    expect(result.questions.every((q) => q.status === "missing")).toBe(true);
    expect(result.status).toBe("fail");
  });
});

describe("the quiz data", () => {
  it("has ten questions: 1-8 multiple choice, 9-10 short answers with a format rule their answers meet", () => {
    expect(QUIZ.map((q) => q.kind)).toEqual([...Array(8).fill("choice"), "short", "short"]);
    for (const q of QUIZ) if (q.kind === "short") expect(q.shape.test(q.accepted)).toBe(true);
    expect(QUIZ.find((q) => q.number === 9)).toMatchObject({ accepted: "-32601 Method not found" });
    expect(QUIZ.find((q) => q.number === 10)).toMatchObject({ accepted: "15,8" });
  });

  it("tasks/quiz.md is the rendering of the data, and holds no answer to 9-10", () => {
    const md = readFileSync(path.join(root, "tasks", "quiz.md"), "utf8");
    expect(md).toBe(renderQuizMarkdown(CHAPTER_QUIZ, "mcp-ch2"));
    expect(md).not.toContain("Method not found");
    expect(md).not.toContain("15,8");
  });
});
