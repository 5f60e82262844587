// Looks for the instructor's material in files meant for students: a distinctive line of a
// reference solution (one that is not in the starters), or the quiz key's letters.
import { readFileSync } from "node:fs";
import path from "node:path";
import { QUIZ } from "../course/quiz.js";
import { parseQuizFile } from "../quiz/answers.js";

export interface SecretTexts {
  solutions: string[];
  starters: string[];
  key?: string;
}

// Shorter lines ("return out;", "}") are common to any code and prove nothing. Only lines of
// logic count: the data a solution returns (the initialize result, say) is the chapter's own and
// is also in the grader's course data, which ships.
const MIN_LINE = 30;
const LOGIC = /\b(return|if|for|while|const|let|switch|case|throw|function)\b|=>|\.(push|join|sort|map|filter)\(/;

export function distinctiveLines(solutions: string[], starters: string[]): string[] {
  const common = new Set(starters.flatMap((s) => s.split("\n").map((l) => l.trim())));
  const lines = solutions.flatMap((s) => s.split("\n").map((l) => l.trim()))
    .filter((l) => l.length >= MIN_LINE && !l.startsWith("//") && !l.startsWith("*") && !l.startsWith("/*") && !l.startsWith("import") && LOGIC.test(l) && !common.has(l));
  return [...new Set(lines)];
}

/** The key's multiple-choice letters appear in a file as answers (four or more of them). */
function leaksKey(text: string, key: string): boolean {
  const keyEntries = parseQuizFile(key).entries;
  const entries = parseQuizFile(text).entries;
  const same = QUIZ.filter((q) => q.kind === "choice" && entries.get(q.number) !== undefined && entries.get(q.number)?.value === keyEntries.get(q.number)?.value);
  return same.length >= 4;
}

export function findLeaks(dir: string, files: string[], secrets: SecretTexts): string[] {
  const lines = distinctiveLines(secrets.solutions, secrets.starters);
  const found: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, file), "utf8");
    } catch {
      continue;
    }
    if (text.includes("\0")) continue;
    const line = lines.find((l) => text.includes(l));
    if (line) found.push(`${file} contains the solution line ${JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line)}`);
    if (secrets.key && leaksKey(text, secrets.key)) found.push(`${file} contains the quiz key's answers`);
  }
  return found;
}
