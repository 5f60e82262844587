// `grade watch [task]`: grades now and again on every save. On a terminal it redraws one screen
// and reads single keys (h: a hint, q: quit); otherwise (a pipe, CI, a test) it prints the full
// pretty report after every change. It ends on q, Ctrl-C or SIGTERM.
import type { Pack } from "../../pack/types.js";
import type { ExtraCheckOptions } from "../../grading/grade.js";
import { resolveSubmission } from "../../grading/grade.js";
import { renderPretty } from "../../report/pretty.js";
import { hintedCheck, showHint, type HintResult } from "../../student/hint.js";
import { currentTask, taskState } from "../../student/next-step.js";
import { SandboxPool } from "../../sandbox/pool.js";
import { renderWatchScreen, type WatchScreenState } from "../../watch/screen.js";
import { watchSubmission } from "../../watch/watcher.js";
import { UserError } from "../errors.js";
import type { Report } from "../../report/types.js";
import type { Io } from "../output.js";
import { gradeCommand } from "./grade.js";

export interface WatchCommandOptions {
  pack: Pack;
  dir: string;
  /** The evidence file to write; by default the submission's own. */
  evidence?: string;
  timeoutMs?: number;
  typecheck: boolean;
  /** Checks beyond the evidence lines, as grade runs them; none when absent. */
  extra?: ExtraCheckOptions;
  focus?: string;
  color: boolean;
}

const CLEAR = "\u001b[2J\u001b[3J\u001b[H";
const CTRL_C = "\u0003";

/**
 * Whether a hint still belongs on screen after a new grading: a hint about a check while that
 * check still fails, a hint about the task as a whole while the task is in the same state.
 */
export function hintStillApplies(hint: HintResult, before: Report, after: Report): boolean {
  const task = after.tasks.find((t) => t.task === hint.task);
  if (!task || task.status === "pass") return false;
  if (hint.check) return task.checks.some((c) => c.name === hint.check!.name && (c.status === "fail" || c.status === "error"));
  const old = before.tasks.find((t) => t.task === hint.task);
  return hintedCheck(after, hint.task) === undefined && old !== undefined && taskState(old) === taskState(task);
}

function describeError(error: unknown): string {
  return error instanceof UserError ? error.message : `internal error, a bug in grade itself: ${(error as Error)?.message ?? String(error)}`;
}

export async function watchCommand(io: Io, options: WatchCommandOptions): Promise<void> {
  const submissionDir = resolveSubmission(io.cwd, options.dir, options.pack);
  const stdin = io.stdin;
  const interactive = io.isTTY && stdin?.isTTY === true;
  const worker = options.typecheck ? options.pack.types?.checker() : undefined;
  let state: WatchScreenState | undefined;
  const draw = (): void => { if (state) io.stdout(CLEAR + renderWatchScreen(state, options.color)); };

  const watcher = watchSubmission({
    files: options.pack.tasks.map((t) => t.file),
    submissionDir,
    grade: () => gradeCommand({ cwd: io.cwd, pack: options.pack, dir: options.dir, tasks: options.pack.tasks.map((t) => t.id), ...(options.evidence !== undefined ? { evidence: options.evidence } : {}), timeoutMs: options.timeoutMs, typecheck: worker ?? false, pool, ...(options.extra ? { extra: options.extra } : {}) }),
    onStart: () => { if (interactive && state) { state = { ...state, busy: true }; draw(); } },
    onReport: (report) => {
      if (!interactive) {
        io.stdout(`── grade watch: graded at ${new Date().toISOString().slice(11, 19)} UTC ──\n${renderPretty(report, options.color)}\n`);
        return;
      }
      // A hint stays on screen while what it was for still fails, and goes once it passes.
      const keep = state?.hint && hintStillApplies(state.hint, state.report, report) ? state.hint : undefined;
      state = { pack: options.pack, report, ...(options.focus ? { focus: options.focus } : {}), ...(keep ? { hint: keep } : {}) };
      draw();
    },
    onError: (error) => {
      if (interactive && state) { state = { ...state, busy: false, problem: describeError(error) }; draw(); }
      else io.stderr(`grade watch: ${describeError(error)}\n`);
    },
  });

  if (!interactive) io.stdout(`grade watch: watching ${options.dir}/ for changes; stop with Ctrl-C.\n`);
  // One sandbox thread for the whole session: a save is graded without starting one; each
  // grading still gets a fresh engine instance of its own.
  const pool = new SandboxPool(1, true, options.pack.course.sandboxSource());
  // The stop signals are handled from the start: one that comes during the first grading ends
  // watch as cleanly as one that comes later.
  try {
    const stopped = new Promise<void>((resolve) => {
      const stop = (): void => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        if (interactive) { stdin!.off("data", onKey); stdin!.setRawMode(false); stdin!.pause(); }
        resolve();
      };
      const onKey = (data: Buffer): void => {
        const key = data.toString("utf8");
        if (key === "q" || key === CTRL_C) return stop();
        if (key === "h" && state) {
          const task = currentTask(state.report, options.focus);
          if (!task || task.status === "pass") return;
          // The hint for the current report's first failing check, not for what failed before.
          void showHint({ cwd: io.cwd, pack: options.pack, dir: options.dir, task: task.task, report: state.report }).then((hint) => {
            if (state) { state = { ...state, hint }; draw(); }
          });
        }
      };
      // The process's signals are watch's to handle: the user ends it, not an error.
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
      if (interactive) { stdin!.setRawMode(true); stdin!.resume(); stdin!.on("data", onKey); }
    });
    await watcher.gradeNow();
    await stopped;
  } finally {
    watcher.close();
    await Promise.all([worker?.close(), pool.close()]);
    if (interactive) io.stdout("\n");
  }
}
