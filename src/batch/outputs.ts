// What a batch leaves in OUT: results.json (the list of version-1 reports, in id order),
// grades.csv, report.html (the class report), one evidence file per student, and .grade-state/
// (what each report was graded from, for resume).
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import type { Pack } from "../pack/types.js";
import { writeEvidence } from "../evidence/file.js";
import { renderClassHtml } from "../report/class-html.js";
import type { Report } from "../report/types.js";
import { gradesCsv } from "./csv.js";
import { resultsText } from "./results-file.js";

const STATE_DIR = ".grade-state";
export const CLASS_REPORT = "report.html";
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
  // A batch killed outright leaves its half-written results.json.<pid>.partial: gone once that process is.
  for (const name of readdirSync(out)) {
    const pid = /^results\.json\.(\d+)\.partial$/.exec(name)?.[1];
    if (pid !== undefined && !alive(Number(pid))) rmSync(path.join(out, name), { force: true });
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const SHARD_FILE = "shard.json";

/** Which part of the class a batch graded (--shard I/N), for grade merge to find a part missing; none for the whole class. */
export function writeShard(out: string, shard: { index: number; count: number } | undefined): void {
  writeFileSync(path.join(out, STATE_DIR, SHARD_FILE), `${JSON.stringify(shard ? { index: shard.index, count: shard.count } : { whole: true })}\n`);
}

/** The part a batch output holds: undefined when it does not say (an output of an older grade). */
export function readShard(out: string): { index: number; count: number } | "whole" | undefined {
  try {
    const data = JSON.parse(readFileSync(path.join(out, STATE_DIR, SHARD_FILE), "utf8")) as { index?: unknown; count?: unknown; whole?: unknown };
    if (data.whole === true) return "whole";
    return Number.isInteger(data.index) && Number.isInteger(data.count) ? { index: data.index as number, count: data.count as number } : undefined;
  } catch {
    return undefined;
  }
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

export function openStateLog(out: string, pack: Pick<Pack, "tasks" | "evidence">): StateLog {
  const file = path.join(out, STATE_DIR, STATE_LOG);
  // Only what earlier runs left is kept in memory: this run's lines are written and forgotten.
  const { lines: earlier, count: earlierCount, cut } = readLog(file);
  const written = new Set<string>();
  let count = earlierCount;
  const fd = openSync(file, "a");
  let closed = false;
  // After a line cut short, the next one starts on a line of its own.
  if (cut) writeSync(fd, "\n");
  return {
    saved(id) {
      const line = earlier.get(id);
      try {
        return line === undefined ? undefined : (JSON.parse(line) as SavedState);
      } catch {
        return undefined; // cut short: graded again
      }
    },
    save(id, state) {
      writeFileSync(path.join(out, "evidence", `${id}.txt`), writeEvidence(undefined, pack.tasks.map((t) => t.id), state.report.evidence, pack.evidence));
      // The report is serialised once, for its state and for results.json (results-file.ts).
      const reportJson = JSON.stringify(state.report);
      writeSync(fd, `{"id":${JSON.stringify(id)},"fingerprint":${JSON.stringify(state.fingerprint)},"hash":${JSON.stringify(state.hash)},"report":${reportJson}}\n`);
      written.add(id);
      count++;
      return reportJson;
    },
    close(ids) {
      if (closed) return;
      closed = true;
      closeSync(fd);
      if (!ids || (count === ids.length && ids.every((id) => written.has(id) || earlier.has(id)))) return;
      const { lines } = readLog(file);
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, ids.flatMap((id) => (lines.has(id) ? [`${lines.get(id)}\n`] : [])).join(""));
      renameSync(temp, file);
    },
  };
}

/** The log's last line of each id, how many lines it has, and whether its last one was cut short. */
function readLog(file: string): { lines: Map<string, string>; count: number; cut: boolean } {
  const lines = new Map<string, string>();
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { lines, count: 0, cut: false }; // a first run
  }
  let count = 0;
  for (const line of text.split("\n")) {
    if (!line) continue;
    count++;
    // Each line starts with its id (save above); whether the rest is whole, saved() finds out.
    const id = /^\{"id":("(?:[^"\\]|\\.)*")/.exec(line)?.[1];
    if (id !== undefined) lines.set(JSON.parse(id) as string, line);
  }
  return { lines, count, cut: text.length > 0 && !text.endsWith("\n") };
}

/** results.json and grades.csv at once (grade merge; a batch writes results.json as it goes). */
export function writeResults(out: string, reports: readonly Report[], pack?: Pick<Pack, "tasks" | "title">): void {
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "results.json"), resultsText(reports.map((r) => JSON.stringify(r))));
  writeGrades(out, reports, pack);
}

export function writeGrades(out: string, reports: readonly Report[], pack?: Pick<Pack, "tasks" | "title">): void {
  writeFileSync(path.join(out, "grades.csv"), gradesCsv(reports, pack));
  const evidence = new Set(evidenceFiles(out));
  writeFileSync(path.join(out, CLASS_REPORT), renderClassHtml(reports, {
    ...(pack?.title ? { title: pack.title } : {}),
    evidenceOf: (id) => (evidence.has(`${id}.txt`) ? `evidence/${id}.txt` : undefined),
  }));
}

export function readResults(out: string): Report[] | undefined {
  const file = path.join(out, "results.json");
  if (!existsSync(file)) return undefined;
  const data = JSON.parse(readFileSync(file, "utf8")) as unknown;
  return Array.isArray(data) ? (data as Report[]) : undefined;
}

/** The pack the first of these batch outputs graded, as its reports name it (undefined when unreadable). */
export function packOfResults(cwd: string, outs: readonly string[]): string | undefined {
  try {
    const pack = outs.length ? readResults(path.resolve(cwd, outs[0]!))?.find((r) => typeof r?.pack === "string")?.pack : undefined;
    return typeof pack === "string" ? pack : undefined;
  } catch {
    return undefined; // merge itself says what is wrong with the file
  }
}

export function evidenceFiles(out: string): string[] {
  const dir = path.join(out, "evidence");
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".txt")) : [];
}
