// The stateful pack's quiz: the key marks itself full, the short answers are the model's and
// read as the page says, and grade dev check's lint sees a missing key or a stale quiz.md.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { markQuiz } from "../../../src/quiz/mark.js";
import { lintQuiz, QUIZ, QUIZ_KEY_FILE, QUIZ_MD_FILE } from "./quiz.js";

const ROOT = path.join(import.meta.dirname, "..", "..", "..");
const KEY = readFileSync(path.join(ROOT, QUIZ_KEY_FILE), "utf8");

describe("the stateful pack's quiz", () => {
  it("gives the key full marks, and a wrong letter one mark less", () => {
    expect(markQuiz(QUIZ.questions, KEY, KEY)).toMatchObject({ status: "pass", score: 7, maxScore: 7 });
    const wrong = KEY.replace(/^q1: D$/m, "q1: A");
    expect(markQuiz(QUIZ.questions, wrong, KEY)).toMatchObject({ status: "fail", score: 6 });
  });

  it("accepts the page's codes and the gate's refusal as the short answers", () => {
    // "-32601 method not found — ... an unknown tool name"; "-32602 invalid params — ... a missing required tool argument".
    expect(QUIZ.questions.find((q) => q.number === 6)).toMatchObject({ accepted: "-32601 -32602" });
    // "a tools/list sent between step 1 and step 3 returns -32600"; after initialized it is answered.
    expect(QUIZ.questions.find((q) => q.number === 7)).toMatchObject({ accepted: "2" });
    for (const q of QUIZ.questions) if (q.kind === "short") expect(q.accepted, `q${q.number}`).toMatch(q.shape);
  });

  it("lints green on the repository, and red on a missing key or a quiz.md out of step", () => {
    expect(lintQuiz(ROOT).filter((i) => !i.ok)).toEqual([]);
    const dir = mkdtempSync(path.join(os.tmpdir(), "stateful-quiz-"));
    mkdirSync(path.join(dir, path.dirname(QUIZ_MD_FILE)), { recursive: true });
    cpSync(path.join(ROOT, QUIZ_MD_FILE), path.join(dir, QUIZ_MD_FILE));
    writeFileSync(path.join(dir, QUIZ_MD_FILE), readFileSync(path.join(dir, QUIZ_MD_FILE), "utf8").replace("## 1.", "## 1 ."));
    const items = lintQuiz(dir);
    expect(items.find((i) => i.name === "quiz key")).toMatchObject({ ok: false, detail: `${QUIZ_KEY_FILE} is missing` });
    expect(items.find((i) => i.name === "quiz.md")).toMatchObject({ ok: false, detail: `${QUIZ_MD_FILE} differs from the quiz data` });
  });
});
