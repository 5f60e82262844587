// Marks the quiz as data. With the key, questions 1-8 are compared with its letters; without
// it, their format is checked and their marks wait for the key. Questions 9-10 are always
// marked by the rule printed with them.
import { CHOICE_LETTERS, type ChoiceQuestion, type QuizQuestion } from "./types.js";
import { parseQuizFile, type QuizFileProblem } from "./answers.js";

export type QuizAnswerStatus = "pass" | "fail" | "unmarked" | "missing" | "malformed";

export interface QuizAnswerResult {
  question: number;
  kind: QuizQuestion["kind"];
  status: QuizAnswerStatus;
  /** The student's answer as written; absent when missing. */
  answer?: string;
  /** The accepted answer, shown only when the student got it wrong and it may be shown. */
  expected?: string;
  message?: string;
}

export interface QuizResult {
  version: 1;
  keyUsed: boolean;
  status: "pass" | "fail";
  /** Marks gained, out of the questions that could be marked (10 with the key, 2 without). */
  score: number;
  maxScore: number;
  questions: QuizAnswerResult[];
  /** Lines of the answers file that are not answers. */
  problems: QuizFileProblem[];
}

export class QuizKeyError extends Error {
  override name = "QuizKeyError";
}

/** Reads a key: every question answered, 1-8 with a letter. Throws a QuizKeyError otherwise. */
export function parseQuizKey(questions: readonly QuizQuestion[], keyText: string): Map<number, string> {
  const parsed = parseQuizFile(keyText, questions.length);
  const faults = parsed.problems.map((p) => p.message.replace(/\.$/, ""));
  for (const q of questions) {
    const entry = parsed.entries.get(q.number);
    if (!entry) faults.push(`q${q.number} has no answer`);
    else if (q.kind === "choice" && !isLetter(entry.value)) faults.push(`line ${entry.line}: q${q.number} is ${JSON.stringify(entry.value)}, not one of the letters A to D`);
  }
  if (faults.length) throw new QuizKeyError(faults.join("; "));
  return new Map([...parsed.entries].map(([n, e]) => [n, e.value]));
}

const isLetter = (value: string): boolean => (CHOICE_LETTERS as readonly string[]).includes(value);

function markChoice(q: ChoiceQuestion, answer: string, key: Map<number, string> | undefined): QuizAnswerResult {
  const base = { question: q.number, kind: q.kind, answer } as const;
  if (!isLetter(answer)) {
    const upper = answer.toUpperCase();
    const why = isLetter(upper) ? `write the letter in capitals: q${q.number}: ${upper}` : "write one capital letter, A, B, C or D, and nothing else";
    return { ...base, status: "malformed", message: `${JSON.stringify(answer)} is not a choice: ${why}.` };
  }
  const expected = key?.get(q.number);
  if (expected === undefined) return { ...base, status: "unmarked", message: "The format is right; this question's mark needs the key." };
  return expected === answer ? { ...base, status: "pass" } : { ...base, status: "fail", message: `Not ${answer}. Reread the part of the chapter the question is about.` };
}

function markAnswer(q: QuizQuestion, answer: string, key: Map<number, string> | undefined): QuizAnswerResult {
  if (q.kind === "choice") return markChoice(q, answer, key);
  const base = { question: q.number, kind: q.kind, answer } as const;
  if (!q.shape.test(answer)) return { ...base, status: "malformed", message: `${JSON.stringify(answer)} does not have the required format: ${q.format}.` };
  return answer === q.accepted ? { ...base, status: "pass" } : { ...base, status: "fail", message: "The format is right, the answer is not. Work it out again from the chapter." };
}

/** Marks an answers file; pass the key's text to mark questions 1-8 as well. */
export function markQuiz(quiz: readonly QuizQuestion[], answersText: string, keyText?: string): QuizResult {
  const key = keyText === undefined ? undefined : parseQuizKey(quiz, keyText);
  const parsed = parseQuizFile(answersText, quiz.length);
  const questions = quiz.map((q): QuizAnswerResult => {
    const entry = parsed.entries.get(q.number);
    if (!entry || entry.value === "") return { question: q.number, kind: q.kind, status: "missing", message: `No answer: add a line "q${q.number}: ${q.kind === "choice" ? "<A, B, C or D>" : "<answer>"}".` };
    return markAnswer(q, entry.value, key);
  });
  const marked = quiz.filter((q) => key !== undefined || q.kind === "short").length;
  const score = questions.filter((r) => r.status === "pass").length;
  const failed = questions.some((r) => r.status === "fail" || r.status === "missing" || r.status === "malformed") || parsed.problems.length > 0;
  return { version: 1, keyUsed: key !== undefined, status: failed ? "fail" : "pass", score, maxScore: marked, questions, problems: parsed.problems };
}
