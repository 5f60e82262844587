// grades.csv: one row per student, RFC 4180 quoting (a field with a comma, quote or line break
// is quoted, quotes doubled), so spreadsheets and gradebook imports read it as written. Text that
// a spreadsheet would run as a formula (a student's folder name, a message) gets a `'` first.
// The message is the instructor's (instructor-text.ts), not the advice the student reads.
import { firstProblem } from "./instructor-text.js";
import { spreadsheetText } from "../report/sanitize.js";
import type { Pack } from "../pack/types.js";
import type { Report } from "../report/types.js";

/** The columns: a score per task of the pack (its ids, in order), and the pack's id last. */
export const csvHeader = (tasks: readonly string[]): string[] => ["id", "score", "max_score", ...tasks, "status", "first_failing_check", "message", "pack"];

/** The task ids of the reports, in the order they first appear (every report of a class has the same). */
export const tasksOf = (reports: readonly Report[]): string[] => [...new Set(reports.flatMap((r) => r.tasks.map((t) => t.task)))];

/** The first check that failed or errored, else the first task that could not run: a check id, and the instructor's line. */
export const firstFailure = firstProblem;

export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = spreadsheetText(value);
  return text !== value || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function gradesCsv(reports: readonly Report[], pack?: Pick<Pack, "tasks">): string {
  const tasks = pack ? pack.tasks.map((t) => t.id) : tasksOf(reports);
  const fileOf = (task: string): string => pack?.tasks.find((t) => t.id === task)?.file ?? task;
  const rows = reports.map((r) => {
    const first = firstFailure(r, fileOf);
    const scores = tasks.map((id) => r.tasks.find((t) => t.task === id)?.score ?? "");
    return [r.submission, r.score, r.maxScore, ...scores, r.status, first?.check ?? "", first?.message ?? "", r.pack ?? ""];
  });
  return [csvHeader(tasks), ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
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
