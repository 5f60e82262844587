// `grade batch`: grades every submission of a class folder in the sandbox pool, several at a
// time, each with the same gradeSubmission as `grade`. A submission's failures are its own row;
// only a failure of the grader itself marks the batch broken, and even then every other row is
// kept.
import os from "node:os";
import path from "node:path";
import { DEFAULT_TIMEOUT_MS, gradeSubmission, type GradeOptions } from "../grading/grade.js";
import { SandboxPool } from "../sandbox/pool.js";
import { fullMarks } from "../pack/score.js";
import type { Pack } from "../pack/types.js";
import { REPORT_VERSION, type Report } from "../report/types.js";
import { hashSubmission, listSubmissions, refusal } from "./discover.js";
import { openStateLog, prepareOut, writeGrades, writeShard } from "./outputs.js";
import { writeResultsAsTheyCome } from "./results-file.js";
import { inShard, type Shard } from "./shard.js";

export interface BatchOptions {
  cwd: string;
  /** The pack every submission of the class is graded against. */
  pack: Pack;
  /** The class folder: one subfolder per student. */
  dir: string;
  out: string;
  /** Sandbox threads (default: one per core). */
  jobs?: number;
  /** Time limit for one submission, all its tasks together. */
  timeoutMs?: number;
  shard?: Shard;
  force?: boolean;
  /** Also the type check (checks of kind types, shown, not scored), in one checker thread for the class. */
  typecheck?: boolean;
  /** Grading options passed through to every submission's gradeSubmission. */
  grade?: Partial<Omit<GradeOptions, "cwd" | "dir" | "pool" | "timeoutMs" | "typecheck" | "pack">>;
  onProgress?: (progress: BatchProgress) => void;
  /** Aborted (Ctrl-C): no new submission starts; those in flight finish and are saved for the resume. */
  signal?: AbortSignal;
}

/** A batch stopped by its signal: what was graded is saved in OUT, and the same command resumes. */
export class BatchInterrupted extends Error {
  constructor(readonly done: number, readonly total: number) {
    super(`the batch was interrupted after ${done} of ${total} submissions`);
  }
}

export interface BatchProgress {
  done: number;
  total: number;
  skipped: number;
  startedAt: number;
}

export interface BatchResult {
  reports: Report[];
  graded: number;
  /** Unchanged since the last run with this OUT, so taken from it. */
  skipped: number;
  /** Submissions on which the grader itself failed (each still has an error row). */
  broken: { id: string; error: string }[];
  durationMs: number;
}

export const GRADER_FINGERPRINT = `grade-report-v${REPORT_VERSION}`;

export async function gradeBatch(options: BatchOptions): Promise<BatchResult> {
  const classDir = path.resolve(options.cwd, options.dir);
  const out = path.resolve(options.cwd, options.out);
  // The output folder may sit inside the class folder (grade batch . --out results): not a student.
  const files = options.pack.tasks.map((t) => t.file);
  const ids = listSubmissions(classDir, options.dir, files).filter((id) => path.join(classDir, id) !== out && inShard(id, options.shard));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const jobs = Math.max(1, options.jobs ?? os.availableParallelism());
  const { pack } = options;
  const tasks = options.grade?.tasks ?? pack.tasks.map((t) => t.id);
  const fingerprint = `${GRADER_FINGERPRINT};${pack.id};${pack.score.id};timeout=${timeoutMs};tasks=${tasks.join(",")};typecheck=${options.typecheck === true};${JSON.stringify(options.grade ?? {})}`;
  const progress: BatchProgress = { done: 0, total: ids.length, skipped: 0, startedAt: Date.now() };
  const reports = new Map<string, Report>();
  const broken: BatchResult["broken"] = [];
  prepareOut(out);
  writeShard(out, options.shard);
  // Opened before any sandbox process starts: if OUT cannot be written, nothing is left running.
  const states = openStateLog(out, pack);
  const results = writeResultsAsTheyCome(out, ids.length);
  // One thread per core; each submission gets a fresh engine instance of its own (sandbox/).
  const pool = new SandboxPool(jobs, false, pack.course.sandboxSource());
  const checker = options.typecheck ? pack.types?.checker() : undefined;

  const gradeOne = async (id: string, index: number): Promise<void> => {
    let hash = "";
    let json: string;
    try {
      const refused = refusal(classDir, id, files);
      if (refused !== undefined) {
        // Not the student's code failing, and not the grader: a row that says why, never cached.
        const report = refusedReport(pack, id, tasks, refused);
        reports.set(id, report);
        results.add(index, JSON.stringify(report));
        progress.done++;
        options.onProgress?.({ ...progress });
        return;
      }
      hash = hashSubmission(path.join(classDir, id));
      const saved = options.force ? undefined : states.saved(id);
      if (saved && saved.hash === hash && saved.fingerprint === fingerprint) {
        reports.set(id, saved.report);
        json = JSON.stringify(saved.report);
        progress.skipped++;
      } else {
        const report = await gradeSubmission({ ...options.grade, pack, cwd: classDir, dir: id, tasks, timeoutMs, pool, ...(checker ? { typecheck: checker } : {}) });
        reports.set(id, report);
        json = states.save(id, { fingerprint, hash, report });
      }
    } catch (error) {
      // Our failure, not the student's: the row says so, the batch goes on, the exit code tells.
      const message = error instanceof Error ? error.message : String(error);
      broken.push({ id, error: message });
      const report = brokenReport(pack, id, tasks, message);
      reports.set(id, report);
      json = JSON.stringify(report);
    }
    results.add(index, json);
    progress.done++;
    options.onProgress?.({ ...progress });
  };

  try {
    // A few submissions in flight per thread, so that reading and judging overlap running.
    let next = 0;
    const lanes: Promise<void>[] = [];
    for (let started = 0; started < Math.min(ids.length, jobs * 3); started++) {
      if (started > 0) await new Promise((resolve) => setImmediate(resolve));
      const lane = (async () => {
        for (let index = next++; index < ids.length && !options.signal?.aborted; index = next++) await gradeOne(ids[index]!, index);
      })();
      lane.catch(() => undefined); // seen by Promise.all below, not an unhandled rejection meanwhile
      lanes.push(lane);
    }
    await Promise.all(lanes);
    if (options.signal?.aborted) throw new BatchInterrupted(progress.done, ids.length);
    results.finish();
    states.close(ids);
  } catch (error) {
    results.abandon();
    states.close();
    throw error;
  } finally {
    await pool.close();
    await checker?.close();
  }
  const ordered = ids.map((id) => reports.get(id)!);
  writeGrades(out, ordered, pack);
  return { reports: ordered, graded: ids.length - progress.skipped, skipped: progress.skipped, broken, durationMs: Date.now() - progress.startedAt };
}

/** The row of a submission the grader failed on: every task in error, saying it was our fault. */
function brokenReport(pack: Pack, id: string, tasks: readonly string[], error: string): Report {
  return errorReport(pack, id, tasks, `The grader failed on this submission (a bug in grade, not in the student's code): ${error}`);
}

/** The row of an entry of the class folder that is not a submission to grade (discover.ts). */
function refusedReport(pack: Pack, id: string, tasks: readonly string[], why: string): Report {
  return errorReport(pack, id, tasks, why);
}

function errorReport(pack: Pack, id: string, tasks: readonly string[], message: string): Report {
  const lines = (task: string): number => pack.evidence.filter((e) => e.task === task).length;
  return {
    version: REPORT_VERSION, pack: pack.id, submission: id, status: "error", score: 0, evidence: {},
    maxScore: tasks.reduce((n, t) => n + fullMarks(lines(t), pack.score), 0),
    tasks: tasks.map((task) => ({ task, title: pack.tasks.find((t) => t.id === task)?.title ?? task, status: "error", score: 0, maxScore: fullMarks(lines(task), pack.score), message, checks: [] })),
  };
}
