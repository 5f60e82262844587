// `grade quiz [ANSWERS] [--key FILE]`: reads the answers file and the key (named by --key or by
// GRADE_QUIZ_KEY, never looked for next to the student's files) and marks the quiz.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { QUIZ_KEY_ENV, questionNumbers, type Quiz } from "../quiz/types.js";
import { UserError } from "../cli/errors.js";
import { markQuiz, QuizKeyError, type QuizResult } from "../quiz/mark.js";

export interface QuizOptions {
  cwd: string;
  quiz: Quiz;
  /** Where its questions are (the pack's starters folder's quiz.md), for the messages. */
  questionsFile: string;
  env: NodeJS.ProcessEnv;
  answers: string;
  key?: string;
}

export interface QuizReport extends QuizResult {
  /** The answers file, as the user named it. */
  answersFile: string;
  /** Where the key came from, when one was used. */
  keySource?: string;
}

function readText(cwd: string, file: string, what: string, fix: string): string {
  const abs = path.resolve(cwd, file);
  if (!existsSync(abs)) throw new UserError(`There is no ${what} at ${file}. ${fix}`);
  if (statSync(abs).isDirectory()) throw new UserError(`${file} is a folder, not ${what}. ${fix}`);
  try {
    return readFileSync(abs, "utf8");
  } catch (error) {
    throw new UserError(`The ${what} ${file} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check its permissions.`);
  }
}

export function quizCommand(options: QuizOptions): QuizReport {
  const answersText = readText(options.cwd, options.answers, "answers file",
    `Write your answers there, one line per question as "q4: C" (the questions are in ${options.questionsFile}), or name your file: npx grade quiz path/to/answers.txt.`);
  const fromEnv = options.env[QUIZ_KEY_ENV];
  const keyFile = options.key ?? (fromEnv ? fromEnv : undefined);
  const keySource = options.key !== undefined ? `--key ${options.key}` : keyFile ? `${QUIZ_KEY_ENV}=${keyFile}` : undefined;
  const keyText = keyFile === undefined ? undefined
    : readText(options.cwd, keyFile, "quiz key", `Check the path given by ${keySource}, or leave the key out to check your answers' format and mark questions ${questionNumbers(options.quiz.questions, "short", true)}.`);
  try {
    const result = markQuiz(options.quiz.questions, answersText, keyText);
    return { ...result, answersFile: options.answers.split(path.sep).join("/"), ...(keySource ? { keySource } : {}) };
  } catch (error) {
    if (error instanceof QuizKeyError) throw new UserError(`The quiz key (${keySource}) is not a complete key: ${error.message}. A key has one line per question, q1 to q${options.quiz.questions.length}, in the same qN: answer format as the answers.`);
    throw error;
  }
}
