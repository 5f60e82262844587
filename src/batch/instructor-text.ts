// What grades.csv says about a submission: written for the instructor who reads the class's
// sheet, not for the student (the student-facing advice, "Fix the code at that place and save.",
// stays in the reports the student reads). One short line per row: the check that failed and
// what it found, or why a task could not run.
import { saysNotWritten } from "../sandbox/failures.js";
import type { CheckResult, Report, TaskResult } from "../report/types.js";

const LIMIT = 200;

const clip = (text: string): string => (text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text);

/** Sentences of advice to the student, left out of the instructor's line. */
const ADVICE = /^(Fix|Look|Raise|Replace|Create|Move|Print|Remove|Return|Split|Put|Write|Choose|Pass|Use|Keep|Make|Add|Try|Debug|Code at the top level|A task returns|A default export|This is most likely|Every submission has|The lines that read it)\b/;

/** The message's sentences of fact, without the advice that follows them. */
export function factsOf(message: string): string {
  const sentences = message.replace(/\s+/g, " ").trim().split(/(?<=[.!?])\s+(?=[A-Z"(])/);
  const facts = sentences.filter((s, i) => i === 0 || !ADVICE.test(s));
  // A first sentence may end in advice after a colon: "toMcp in task1.ts is not written yet: replace the TODO".
  return facts.join(" ").replace(/: (replace|create|fix|move|remove|raise) [^.]*\./i, ".").replace(/\s*\((?:npx )?grade init[^)]*\)/, "");
}

/** Why a task could not run, as the instructor's sheet says it. Time-outs read the same for every task. */
export function taskProblem(task: Pick<TaskResult, "task" | "message" | "status">, fileOf: (task: string) => string = (t) => t): string {
  const file = fileOf(task.task);
  const message = task.message ?? "";
  // An entry refused as a submission (discover.ts): already written for the instructor.
  if (message.startsWith("Not graded:")) return message;
  // The sandbox's stops (src/sandbox/failures.ts): its work budget, built-in calls, the clock.
  if (/of its work budget|work budget ran out|never returned for this input|never finished loading|loads had used their whole work budget/.test(message)) return `${file} ran out of its work budget (a loop that never ends?)`;
  if (/processor's time .*in built-in calls|stopped in a built-in call/.test(message)) return `${file} timed out in built-in calls`;
  if (/stopped it by the clock/.test(message)) return `${file} was stopped by the grader's clock (not the student's fault)`;
  if (task.status !== "error" && saysNotWritten(message)) return `${file} not written yet (the starter is unchanged)`;
  const facts = factsOf(message);
  return clip(facts.includes(file) ? facts : `${file}: ${facts}`);
}

/** What a failed check found: expected and actual for an evidence line, else the check's title and what it saw. */
export function checkProblem(check: CheckResult): string {
  const actual = check.actual === undefined ? undefined : check.actual === null ? "no value" : JSON.stringify(check.actual);
  if (check.kind === "evidence" && check.expected !== undefined) return clip(`expected ${JSON.stringify(check.expected)}, got ${actual ?? "no value"}`);
  const what = check.status === "error" ? `${check.title} (could not be checked)` : `fails: ${check.title}`;
  return clip(actual !== undefined && actual !== '""' ? `${what}; got ${actual}` : what);
}

/** The first problem of a submission: its check id (a check, never a task) and the instructor's line. */
export function firstProblem(report: Report, fileOf?: (task: string) => string): { check: string; message: string } | undefined {
  for (const task of report.tasks) {
    if (task.message) {
      const first = task.checks.find((c) => c.status !== "pass");
      return { check: first?.name ?? "", message: taskProblem(task, fileOf) };
    }
    const check = task.checks.find((c) => c.status === "fail" || c.status === "error");
    if (check) return { check: check.name, message: checkProblem(check) };
  }
  return undefined;
}
