// What a batch leaves in OUT: results.json (the version-1 reports, by id), grades.csv, one
// evidence file per student, and .grade-state/ (what each report was graded from, for resume).
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { TASK_IDS } from "../course/tasks.js";
import { writeEvidence } from "../evidence/file.js";
import type { Report } from "../report/types.js";
import { gradesCsv } from "./csv.js";
import { resultsText } from "./results-file.js";

const STATE_DIR = ".grade-state";

export interface SavedState {
  /** What the report depends on besides the files: the grader's version and options. */
  fingerprint: string;
  hash: string;
  report: Report;
}

const stateFile = (out: string, id: string): string => path.join(out, STATE_DIR, `${encodeURIComponent(id)}.json`);

export function readState(out: string, id: string): SavedState | undefined {
  try {
    return JSON.parse(readFileSync(stateFile(out, id), "utf8")) as SavedState;
  } catch {
    return undefined;
  }
}

export function prepareOut(out: string): void {
  mkdirSync(path.join(out, STATE_DIR), { recursive: true });
  mkdirSync(path.join(out, "evidence"), { recursive: true });
}

/**
 * Written as each submission finishes, so an interrupted batch loses nothing already graded.
 * Synchronous: on our machines a small synchronous write costs ~25 µs, the promise API ~200 µs of
 * the grader's own thread, which is what a batch of a thousand waits on.
 */
export function saveSubmission(out: string, id: string, state: SavedState): string {
  writeFileSync(path.join(out, "evidence", `${id}.txt`), writeEvidence(undefined, TASK_IDS, state.report.evidence));
  // The report is serialised once, for its state and for results.json (results-file.ts).
  const reportJson = JSON.stringify(state.report);
  writeFileSync(stateFile(out, id), `{"fingerprint":${JSON.stringify(state.fingerprint)},"hash":${JSON.stringify(state.hash)},"report":${reportJson}}`);
  return reportJson;
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
