// Re-grades a submission whenever one of its files is saved. Events are debounced (an editor's
// save is several events), gradings never overlap (a save during one queues exactly one more),
// and a grading runs only when a task file really changed, so grade's own writes into the folder
// (the progress file) cannot set off a loop. A half-written file is just a report with a
// syntax error in it; the watcher goes on.
import { watch, type FSWatcher } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Report } from "../report/types.js";

export interface WatcherOptions {
  submissionDir: string;
  /** The task files (the pack's): a save of one of them grades again. */
  files: readonly string[];
  grade: () => Promise<Report>;
  onStart?: () => void;
  onReport: (report: Report) => void;
  onError: (error: unknown) => void;
  debounceMs?: number;
}

export interface Watcher {
  /** Grades now, whether or not anything changed (the first grading, and tests). */
  gradeNow: () => Promise<void>;
  close: () => void;
}

async function fingerprint(dir: string, files: readonly string[]): Promise<string> {
  const parts = await Promise.all(files.map(async (f) => {
    try {
      const s = await stat(path.join(dir, f));
      return `${f}:${s.mtimeMs}:${s.size}`;
    } catch {
      return `${f}:-`;
    }
  }));
  return parts.join("|");
}

export function watchSubmission(options: WatcherOptions): Watcher {
  // An editor's save is a burst of events a few milliseconds long; one that outlasts this costs
  // one grading more (a save during a grading queues another), never a stale report.
  const debounceMs = options.debounceMs ?? 50;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let lastSeen: string | undefined;
  let closed = false;

  const run = async (force: boolean): Promise<void> => {
    if (running) { again = true; return; }
    running = true;
    try {
      const seen = await fingerprint(options.submissionDir, options.files);
      if (force || seen !== lastSeen) {
        lastSeen = seen;
        options.onStart?.();
        try {
          options.onReport(await options.grade());
        } catch (error) {
          options.onError(error);
        }
      }
    } finally {
      running = false;
    }
    if (again && !closed) { again = false; await run(false); }
  };

  const watcher: FSWatcher = watch(options.submissionDir, (_event, filename) => {
    // Only the task files matter; editors' swap and backup files and grade's own files do not.
    if (filename !== null && !options.files.includes(path.basename(filename.toString()))) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(false), debounceMs);
  });
  watcher.on("error", (error) => options.onError(error));

  return {
    gradeNow: () => run(true),
    close: () => { closed = true; clearTimeout(timer); watcher.close(); },
  };
}
