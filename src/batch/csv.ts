// grades.csv: one row per student, RFC 4180 quoting (a field with a comma, quote or line break
// is quoted, quotes doubled), so spreadsheets and gradebook imports read it as written. Text that
// a spreadsheet would run as a formula (a student's folder name, a message) gets a `'` first.
// The message is the instructor's (instructor-text.ts), not the advice the student reads.
import { TASK_IDS } from "../../courses/mcp-ch2/course/tasks.js";
import { firstProblem } from "./instructor-text.js";
import { spreadsheetText } from "../report/sanitize.js";
import type { Report } from "../report/types.js";

export const CSV_HEADER = ["id", "score", "max_score", ...TASK_IDS, "status", "first_failing_check", "message"];

/** The first check that failed or errored, else the first task that could not run: a check id, and the instructor's line. */
export const firstFailure = firstProblem;

export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = spreadsheetText(value);
  return text !== value || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function gradesCsv(reports: readonly Report[]): string {
  const rows = reports.map((r) => {
    const first = firstFailure(r);
    const scores = TASK_IDS.map((id) => r.tasks.find((t) => t.task === id)?.score ?? "");
    return [r.submission, r.score, r.maxScore, ...scores, r.status, first?.check ?? "", first?.message ?? ""];
  });
  return [CSV_HEADER, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** Reads RFC 4180 CSV back into rows (for merge's checks and for tests). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\n" || (c === "\r" && text[i + 1] === "\n")) {
      if (c === "\r") i++;
      row.push(field); rows.push(row); row = []; field = "";
    } else field += c;
  }
  if (field !== "" || row.length) { row.push(field); rows.push(row); }
  return rows;
}
