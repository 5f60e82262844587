// A pack's quiz.md is rendered from its quiz data, so the questions are written once; a test and
// `grade dev check` keep the file in step with the data.
import { quizCommandLine } from "./command.js";
import { CHOICE_LETTERS, questionNumbers, type Quiz } from "./types.js";

/** The quiz.md of the pack `packId`, whose quiz command it prints as the student runs it. */
export function renderQuizMarkdown(quiz: Quiz, packId: string): string {
  const choice = questionNumbers(quiz.questions, "choice");
  const short = questionNumbers(quiz.questions, "short");
  const out = [
    `# ${quiz.title}`,
    "",
    `Answer in \`${quiz.answersFile}\`, one line per question, as \`qN: answer\`:`,
    "",
    "```",
    ...quiz.examples,
    "```",
    "",
    `Questions ${choice} are multiple choice: write one capital letter, A to D. They are marked against a`,
    `key held separately from your materials. Questions ${short} are short answers in an exact format,`,
    "printed under each question; each is marked by that rule.",
    `\`${quizCommandLine(packId)}\` checks your file's format and marks ${short} at once; the marks of`,
    `${choice} need the key.`,
    "",
  ];
  for (const q of quiz.questions) {
    out.push(`## ${q.number}. ${q.text}`, "");
    if (q.kind === "choice") for (const letter of CHOICE_LETTERS) out.push(`- **${letter}.** ${q.options[letter]}`);
    else out.push(`Format: ${q.format}.`);
    out.push("");
  }
  return out.join("\n");
}
