// The one screen watch mode redraws: a progress bar, the current task's first failing check
// with its diagnosis, an optional hint, and the keys. A pure function of its state.
import { EVIDENCE_KEYS } from "../course/evidence-keys.js";
import type { TaskId } from "../course/tasks.js";
import type { Report } from "../report/types.js";
import { makeStyle, type Style } from "../report/style.js";
import type { HintResult } from "../student/hint.js";
import { currentTask, firstFailingCheck, nextStep, taskState } from "../student/next-step.js";

export interface WatchScreenState {
  report: Report;
  focus?: TaskId;
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
  if (!task) return [s.pass(nextStep(state.report).text)];
  const head = `${s.bold(`Task ${task.task.slice(4)} · ${task.title}`)}  ${task.score}/${task.maxScore}`;
  if (task.status === "pass") return [`${head}  ${s.pass("PASS")}`, "", nextStep(state.report, state.focus).text];
  const state_ = taskState(task);
  if (state_ === "not started") return [head, "", nextStep(state.report, state.focus).text];
  if (state_ === "does not run") return [head, "", ...indent(`${s.error("!")} ${task.message ?? "It stopped before returning."}`, "  "), "", "Fix it and save: the screen updates by itself."];
  const check = firstFailingCheck(task);
  if (!check) return [head];
  const lines = [head, "", `  ${s.fail("✗")} ${check.kind === "evidence" ? `${s.bold(`${check.name}:`)} ${check.actual ?? s.dim("(no value)")}` : check.title}`];
  if (check.kind === "evidence" && check.expected !== undefined) lines.push(`      ${s.dim("expected:")} ${check.expected}`);
  if (check.message) lines.push(...indent(check.message, "      "));
  const more = task.checks.filter((c) => c.status === "fail" || c.status === "error").length - 1;
  if (more > 0) lines.push(s.dim(`  and ${more} more failing in this task (grade ${task.task} shows them all)`));
  return lines;
}

export function renderWatchScreen(state: WatchScreenState, color: boolean): string {
  const s = makeStyle(color);
  const { report } = state;
  const done = report.tasks.filter((t) => t.status === "pass").length;
  const out = [
    `${s.bold("grade watch")} ${report.submission}/${state.busy ? s.dim("  grading…") : ""}`,
    "",
    `${progressBar(report.score, EVIDENCE_KEYS.length, s)} ${report.score}/${EVIDENCE_KEYS.length} evidence lines right · ${done} of ${report.tasks.length} tasks done`,
    "",
    ...currentLines(state, s),
  ];
  if (state.problem) out.push("", s.error(state.problem));
  if (state.hint) {
    out.push("", s.bold(`Hint ${state.hint.level} of ${state.hint.levels}:`), ...indent(state.hint.hint.text, "  "), s.dim(`  Reread: ${state.hint.hint.reread}`));
  }
  const task = currentTask(report, state.focus);
  const hintKey = task && task.status !== "pass" ? `h: a hint for ${task.task} · ` : "";
  out.push("", s.dim(`${hintKey}q: quit · saving a file in ${report.submission}/ re-grades`));
  return out.join("\n") + "\n";
}
