// The one screen watch mode redraws: a progress bar, the current task's first failing check
// with its diagnosis, an optional hint, and the keys. A pure function of its state. Everything
// the submission controls (values, messages, its folder's name) is shown through sanitize.ts.
import type { Pack } from "../pack/types.js";
import type { Report } from "../report/types.js";
import { gradeCommandLine } from "../report/command-line.js";
import { terminalLine as line, terminalText as text } from "../report/sanitize.js";
import { makeStyle, type Style } from "../report/style.js";
import { evidenceRight, taskCounts } from "../report/task-counts.js";
import type { HintResult } from "../student/hint.js";
import { currentTask, firstFailingCheck, nextStep, taskState } from "../student/next-step.js";

export interface WatchScreenState {
  pack: Pack;
  report: Report;
  focus?: string;
  hint?: HintResult;
  /** Shown while a new grading runs. */
  busy?: boolean;
  /** Why the last grading could not be made, if it could not. */
  problem?: string;
}

const BAR = 34;

export function progressBar(right: number, total: number, s: Style): string {
  const filled = Math.round((right / total) * BAR);
  return `[${s.pass("█".repeat(filled))}${s.dim("░".repeat(BAR - filled))}]`;
}

function indent(text: string, pad: string): string[] {
  return text.split("\n").map((l) => pad + l);
}

function currentLines(state: WatchScreenState, s: Style): string[] {
  const task = currentTask(state.report, state.focus);
  if (!task) return [s.pass(text(nextStep(state.pack, state.report).text))];
  const name = s.bold(`Task ${task.task.slice(4)} · ${line(task.title)}`);
  if (task.status === "pass") return [`${name}  ${s.pass("PASS")} · ${line(taskCounts(task))}`, "", text(nextStep(state.pack, state.report, state.focus).text)];
  const head = `${name}  ${task.status === "error" ? s.error("ERROR") : s.fail("FAIL")} · ${line(taskCounts(task))}`;
  const state_ = taskState(task);
  if (state_ === "not started") return [head, "", text(nextStep(state.pack, state.report, state.focus).text)];
  if (state_ === "does not run") return [head, "", ...indent(`${s.error("!")} ${text(task.message ?? "It stopped before returning.")}`, "  "), "", "Fix it and save: the screen updates by itself."];
  const check = firstFailingCheck(task, state.pack);
  if (!check) return [head];
  const lines = [head, "", `  ${s.fail("✗")} ${check.kind === "evidence" ? `${s.bold(`${line(check.name)}:`)} ${check.actual != null ? line(check.actual) : s.dim("(no value)")}` : line(check.title)}`];
  if (check.kind === "evidence" && check.expected !== undefined) lines.push(`      ${s.dim("expected:")} ${line(check.expected)}`);
  if (check.message) lines.push(...indent(text(check.message), "      "));
  const more = task.checks.filter((c) => c.status === "fail" || c.status === "error").length - 1;
  if (more > 0) lines.push(s.dim(`  and ${more} more failing in this task (${line(gradeCommandLine(task.task, state.report.submission))} shows them all)`));
  return lines;
}

export function renderWatchScreen(state: WatchScreenState, color: boolean): string {
  const s = makeStyle(color);
  const { report } = state;
  const done = report.tasks.filter((t) => t.status === "pass").length;
  const out = [
    `${s.bold("grade watch")} ${line(report.submission)}/${state.busy ? s.dim("  grading…") : ""}`,
    "",
    `${progressBar(report.score, report.maxScore, s)} score ${report.score}/${report.maxScore} · ${evidenceRight(report.tasks)}/${state.pack.evidence.length} evidence lines right · ${done} of ${report.tasks.length} tasks done`,
    "",
    ...currentLines(state, s),
  ];
  if (state.problem) out.push("", s.error(text(state.problem)));
  if (state.hint) {
    const about = state.hint.check ? ` (for ${line(state.hint.check.name)})` : "";
    out.push("", s.bold(`Hint ${state.hint.level} of ${state.hint.levels}${about}:`), ...indent(state.hint.hint.text, "  "), s.dim(`  Reread: ${state.hint.hint.reread}`));
  }
  const task = currentTask(report, state.focus);
  const hintKey = task && task.status !== "pass" ? `h: a hint for ${task.task} · ` : "";
  out.push("", s.dim(`${hintKey}q: quit · saving a file in ${line(report.submission)}/ re-grades`));
  return out.join("\n") + "\n";
}
