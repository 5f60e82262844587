// What a batch leaves in OUT: results.json (the version-1 reports, by id), grades.csv, one
// evidence file per student, and .grade-state/ (what each report was graded from, for resume).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { TASK_IDS } from "../course/tasks.js";
import { writeEvidence } from "../evidence/file.js";
import type { Report } from "../report/types.js";
import { gradesCsv } from "./csv.js";
import { resultsText } from "./results-file.js";

const STATE_DIR = ".grade-state";
const STATE_LOG = "graded.jsonl";

export interface SavedState {
  /** What the report depends on besides the files: the grader's version and options. */
  fingerprint: string;
  hash: string;
  report: Report;
}

export function prepareOut(out: string): void {
  mkdirSync(path.join(out, STATE_DIR), { recursive: true });
  mkdirSync(path.join(out, "evidence"), { recursive: true });
}

/**
 * What each submission was graded from, one line per submission in one file that grows as the
 * batch goes (a file per submission cost the grader a new inode each, a sixth of a millisecond
 * here), so an interrupted batch loses nothing already graded. The last line of an id counts; a
 * line cut short by an interruption is skipped, and its submission graded again.
 */
export interface StateLog {
  saved(id: string): SavedState | undefined;
  /** Writes the submission's evidence file and its state line; returns the report's JSON. */
  save(id: string, state: SavedState): string;
  /**
   * Closes the log; with `ids` (a batch that ended), rewrites it first with only their lines if
   * it holds any other (a regraded submission's earlier line, one cut short, a student gone).
   */
  close(ids?: readonly string[]): void;
}

export function openStateLog(out: string): StateLog {
  const file = path.join(out, STATE_DIR, STATE_LOG);
  const lines = new Map<string, string>();
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch { /* a first run */ }
  let count = 0;
  for (const line of text.split("\n")) {
    const id = idOf(line);
    if (id !== undefined) lines.set(id, line);
    if (line) count++;
  }
  const fd = openSync(file, "a");
  let closed = false;
  // After a line cut short, the next one starts on a line of its own.
  if (text && !text.endsWith("\n")) writeSync(fd, "\n");
  return {
    saved(id) {
      const line = lines.get(id);
      return line === undefined ? undefined : (JSON.parse(line) as SavedState);
    },
    save(id, state) {
      writeFileSync(path.join(out, "evidence", `${id}.txt`), writeEvidence(undefined, TASK_IDS, state.report.evidence));
      // The report is serialised once, for its state and for results.json (results-file.ts).
      const reportJson = JSON.stringify(state.report);
      const line = `{"id":${JSON.stringify(id)},"fingerprint":${JSON.stringify(state.fingerprint)},"hash":${JSON.stringify(state.hash)},"report":${reportJson}}`;
      writeSync(fd, `${line}\n`);
      count++;
      lines.set(id, line);
      return reportJson;
    },
    close(ids) {
      if (closed) return;
      closed = true;
      closeSync(fd);
      if (!ids || (count === ids.length && ids.every((id) => lines.has(id)))) return;
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, ids.flatMap((id) => (lines.has(id) ? [`${lines.get(id)}\n`] : [])).join(""));
      renameSync(temp, file);
    },
  };
}

/** The id of a state line, or undefined if the line is not one (empty, or cut short). */
function idOf(line: string): string | undefined {
  if (!line.endsWith("}")) return undefined;
  try {
    const { id } = JSON.parse(line) as { id?: unknown };
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}

/** results.json and grades.csv at once (grade merge; a batch writes results.json as it goes). */
export function writeResults(out: string, reports: readonly Report[]): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "results.json"), resultsText(reports.map((r) => JSON.stringify(r))));
  writeGrades(out, reports);
}

export function writeGrades(out: string, reports: readonly Report[]): void {
  writeFileSync(path.join(out, "grades.csv"), gradesCsv(reports));
}

export function readResults(out: string): Report[] | undefined {
  const file = path.join(out, "results.json");
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, "utf8")) as unknown;
  return Array.isArray(data) ? (data as Report[]) : undefined;
}

export function evidenceFiles(out: string): string[] {
  const dir = path.join(out, "evidence");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".txt")) : [];
}
