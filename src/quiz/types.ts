// A pack's quiz as data: numbered questions, multiple choice (their letters only in the key,
// never shipped to students) or short answers marked by a rule the student can read.
export const CHOICE_LETTERS = ["A", "B", "C", "D"] as const;
export type ChoiceLetter = (typeof CHOICE_LETTERS)[number];

export interface ChoiceQuestion {
  number: number;
  kind: "choice";
  text: string;
  options: Record<ChoiceLetter, string>;
}

export interface ShortQuestion {
  number: number;
  kind: "short";
  text: string;
  /** The exact format, printed under the question. */
  format: string;
  /** The shape an answer must have (the format as a pattern). */
  shape: RegExp;
  accepted: string;
}

export type QuizQuestion = ChoiceQuestion | ShortQuestion;

export interface Quiz {
  /** The heading of the rendered quiz.md. */
  title: string;
  questions: readonly QuizQuestion[];
  /** The answers file a student writes, relative to the course repository. */
  answersFile: string;
}

/** The environment variable that names the quiz key (never looked for next to a student's files). */
export const QUIZ_KEY_ENV = "GRADE_QUIZ_KEY";
