// The quiz's marks as the student reads them: one line per question, what to fix under it.
import type { QuizAnswerResult } from "../quiz/mark.js";
import { questionNumbers } from "../quiz/types.js";
import type { QuizReport } from "../student/quiz.js";
import { terminalLine as line, terminalText as text } from "./sanitize.js";
import { makeStyle, type Style } from "./style.js";

function mark(r: QuizAnswerResult, s: Style): string {
  switch (r.status) {
    case "pass": return s.pass("✓");
    case "fail": return s.fail("✗");
    case "unmarked": return s.skip("?");
    default: return s.fail("!");
  }
}

/** The count the header and the footer both give: "9 of 10 marked answers right, 2 to fix in the file". */
export function quizSummary(report: QuizReport): string {
  const wrongShape = report.questions.filter((r) => r.status === "malformed" || r.status === "missing").length + report.problems.length;
  return `${report.score} of ${report.maxScore} marked answers right${wrongShape ? `, ${wrongShape} to fix in the file` : ""}`;
}

export function renderQuiz(report: QuizReport, color: boolean): string {
  const s = makeStyle(color);
  const summary = quizSummary(report);
  const out = [`${s.bold("grade quiz")} ${line(report.answersFile)} · ${summary}${report.keyUsed ? "" : ` (without the key only questions ${questionNumbers(report.questions.map((q) => ({ number: q.question, kind: q.kind })), "short", true)} are marked)`}`, ""];
  if (report.problems.length) {
    out.push(s.bold("The file's format"));
    for (const p of report.problems) out.push(`  ${s.fail("!")} ${line(p.message)}`);
    out.push("");
  }
  for (const r of report.questions) {
    out.push(`  ${mark(r, s)} ${s.bold(`q${r.question}:`)} ${r.answer !== undefined ? line(r.answer) : s.dim("(no answer)")}`);
    if (r.status !== "pass" && r.status !== "unmarked" && r.message) out.push(`      ${text(r.message)}`);
  }
  out.push("");
  const unmarked = report.questions.filter((r) => r.status === "unmarked").length;
  if (unmarked) out.push(s.dim(`${unmarked} answer${unmarked > 1 ? "s have" : " has"} the right format; their marks need the key (--key FILE or ${"GRADE_QUIZ_KEY"}).`));
  if (report.keySource) out.push(s.dim(`Marked with the key from ${line(report.keySource)}.`));
  out.push(summary);
  return out.join("\n") + "\n";
}
