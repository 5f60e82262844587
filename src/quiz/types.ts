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
  /** quiz.md's example answer lines ("q4: C"), one per kind of question. */
  examples: readonly string[];
}

/**
 * The numbers of a quiz's questions of one kind, as a sentence names them: a run as a range
 * ("1–8", "9–10") unless `listed` ("9 and 10"), others listed ("2, 5 and 9").
 */
export function questionNumbers(questions: readonly Pick<QuizQuestion, "number" | "kind">[], kind: QuizQuestion["kind"], listed = false): string {
  const numbers = questions.filter((q) => q.kind === kind).map((q) => q.number);
  const contiguous = numbers.length >= 2 && numbers.every((n, i) => i === 0 || n === numbers[i - 1]! + 1);
  if (contiguous && !listed) return `${numbers[0]}–${numbers.at(-1)}`;
  return numbers.length <= 1 ? String(numbers[0] ?? "") : `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
}

/** The environment variable that names the quiz key (never looked for next to a student's files). */
export const QUIZ_KEY_ENV = "GRADE_QUIZ_KEY";
