// A pack's quiz.md is rendered from its quiz data, so the questions are written once; a test and
// `grade dev check` keep the file in step with the data.
import { CHOICE_LETTERS, type Quiz } from "./types.js";

export function renderQuizMarkdown(quiz: Quiz): string {
  const out = [
    `# ${quiz.title}`,
    "",
    `Answer in \`${quiz.answersFile}\`, one line per question, as \`qN: answer\`:`,
    "",
    "```",
    "q4: C",
    "q9: -32000 Server error",
    "```",
    "",
    "Questions 1–8 are multiple choice: write one capital letter, A to D. They are marked against a",
    "key held separately from your materials. Questions 9–10 are short answers in an exact format,",
    "printed under each question; each is marked by that rule. `grade quiz` checks your file's",
    "format and marks 9–10 at once; the marks of 1–8 need the key.",
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
