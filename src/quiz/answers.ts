// The quiz's answer format, shared by the student's answers and the instructor's key:
// one `qN: answer` line per question. Forgiving about what editors do (CRLF, a BOM, blank
// lines, # comments, spaces around the colon), exact about the rest, with errors that teach.

export interface QuizEntry {
  value: string;
  line: number;
}

export interface QuizFileProblem {
  line: number;
  message: string;
}

export interface ParsedQuizFile {
  /** By question number, 1 to 10. */
  entries: Map<number, QuizEntry>;
  problems: QuizFileProblem[];
}

/** `size`: the quiz's number of questions. */
export function parseQuizFile(text: string, size: number): ParsedQuizFile {
  const entries = new Map<number, QuizEntry>();
  const problems: QuizFileProblem[] = [];
  text.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const match = /^q(\d+)\s*:(.*)$/i.exec(trimmed);
    if (!match) {
      problems.push({ line, message: `line ${line} is not an answer line: ${JSON.stringify(trimmed)}. Write one line per question as qN: answer, for example "q4: C" or "q10: 10,7".` });
      return;
    }
    const number = Number(match[1]);
    if (number < 1 || number > size) {
      problems.push({ line, message: `line ${line}: there is no question ${number}; the quiz has questions 1 to ${size}.` });
      return;
    }
    const first = entries.get(number);
    if (first) {
      problems.push({ line, message: `line ${line}: q${number} is answered again (first on line ${first.line}). Keep one answer per question; only the first counts.` });
      return;
    }
    entries.set(number, { value: match[2]!.trim(), line });
  });
  return { entries, problems };
}
