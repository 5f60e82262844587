// Looks for the instructor's material in files meant for students: a distinctive line of a
// reference solution (one that is not in the starters), or the quiz key's letters.
import { readFileSync } from "node:fs";
import path from "node:path";
import { QUIZ } from "../course/quiz.js";
import { parseQuizFile } from "../../../src/quiz/answers.js";

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
  const keyEntries = parseQuizFile(key, QUIZ.length).entries;
  const entries = parseQuizFile(text, QUIZ.length).entries;
  const same = QUIZ.filter((q) => q.kind === "choice" && entries.get(q.number) !== undefined && entries.get(q.number)?.value === keyEntries.get(q.number)?.value);
  return same.length >= 4;
}

/** Each file of the edition that can be read, with its text (one that cannot is not looked at). */
function* readable(dir: string, files: string[]): Generator<[string, string]> {
  for (const file of files) {
    try {
      yield [file, readFileSync(path.join(dir, file), "utf8")];
    } catch { /* gone, or a folder */ }
  }
}

export function findLeaks(dir: string, files: string[], secrets: SecretTexts): string[] {
  const lines = distinctiveLines(secrets.solutions, secrets.starters);
  const found: string[] = [];
  for (const [file, text] of readable(dir, files)) {
    if (text.includes("\0")) continue;
    const line = lines.find((l) => text.includes(l));
    if (line) found.push(`${file} contains the solution line ${JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line)}`);
    if (secrets.key && leaksKey(text, secrets.key)) found.push(`${file} contains the quiz key's answers`);
  }
  return found;
}

// An import of a module by its file name, with any extension: `from "./model.js"`, `import("../behaviour/model")`.
const importsOf = (text: string): string[] => [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);

/**
 * Model code in the edition: a line of an instructor-side module (the model of the rules, its
 * answer key, the dist tooling), or an import that names one of those modules.
 */
export function findModelCode(dir: string, files: string[], instructorTexts: string[], instructorFiles: string[]): string[] {
  const lines = distinctiveLines(instructorTexts, []);
  const names = new Set(instructorFiles.map((f) => path.posix.basename(f).replace(/\.ts$/, "")));
  const found: string[] = [];
  for (const [file, text] of readable(dir, files)) {
    const line = lines.find((l) => text.includes(l));
    if (line) found.push(`${file} contains the model's line ${JSON.stringify(line.length > 60 ? `${line.slice(0, 60)}…` : line)}`);
    if (!/\.(c|m)?[jt]s$/.test(file)) continue;
    const spec = importsOf(text).find((s) => s.startsWith(".") && names.has(path.posix.basename(s).replace(/\.(c|m)?[jt]s$/, "")));
    if (spec) found.push(`${file} imports ${spec}, which stays with the course's authors`);
  }
  return found;
}

/** What the edition's README must not show a student: the solutions, author-only parts, the dist tooling. */
export function readmeProblems(dir: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(dir, "README.md"), "utf8");
  } catch {
    return ["there is no README.md"];
  }
  const problems: string[] = [];
  if (/solutions\//.test(text) || /--dir solutions/.test(text)) problems.push("it names solutions/");
  if (/authors-only/.test(text)) problems.push("an author-only marker is left in it");
  if (/grade dist\b|grade dev\b/.test(text)) problems.push("it shows the course author's commands (grade dist, grade dev)");
  return problems;
}
