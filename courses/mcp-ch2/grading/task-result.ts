// Turns one task's run into its checks: the task's evidence lines, each against its rule, and
// the chapter's rule that nothing but protocol messages is printed on stdout.
import { EVIDENCE_RULES, keysOfTask, type EvidenceKey } from "../course/evidence-keys.js";
import { TASKS, type TaskId } from "../course/tasks.js";
import { computeEvidence, diagnose } from "../evidence/lines.js";
import { MESSAGES } from "../course/fixtures.js";
import { describeMessage } from "./describe.js";
import { notJson } from "../../../src/sandbox/value.js";
import { couldNotLoad } from "../../../src/sandbox/failures.js";
import { isGradersTrouble } from "../../../src/pack/verdict.js";
import { FailedCall, guarded } from "../../../src/pack/failed-call.js";
import { Missing } from "../evidence/reading.js";
import type { TaskFailure } from "../../../src/runner/outcome.js";
import type { FixtureOutcome } from "./outcomes.js";
import type { CheckResult, TaskResult, TaskStatus } from "../../../src/report/types.js";

export interface GradedTask {
  result: TaskResult;
  /** The evidence lines the code printed (only those it could compute). */
  evidence: Partial<Record<EvidenceKey, string>>;
}

const QUOTE_LIMIT = 400;

function stdoutCheck(task: TaskId, stdout: string | undefined, ran: boolean, printedBy: readonly string[] = []): CheckResult {
  const info = TASKS[task];
  const check: CheckResult = {
    name: `t${info.number}_no_stdout`, kind: "output", title: `${info.exportName} prints nothing on stdout`,
    status: "pass",
    hint: "On the stdio transport the server MUST NOT write anything to its stdout that is not a valid MCP message. Debug output goes to stderr (console.error), or into serve's log list.",
  };
  if (stdout === undefined || (stdout === "" && !ran)) return { ...check, status: "skip", message: `${info.file} did not run to the end.` };
  if (stdout === "") return printedBy.length ? { ...check, message: `What its run printed, ${printedBy.join(" and ")} printed in ${printedBy.length > 1 ? "their" : "its"} own run: charged there, not here.` } : check;
  const quoted = stdout.length > QUOTE_LIMIT ? `${stdout.slice(0, QUOTE_LIMIT)}…` : stdout;
  return {
    ...check, status: "fail", expected: "", actual: quoted,
    message: `Your code printed this on stdout: ${JSON.stringify(quoted)}. A client reading stdout would try to parse it as a message and fail, as in the chapter's first failure story. Print debug output to stderr with console.error, or remove it.`,
  };
}

// The chapter says of serve "Do not print inside it": its log goes into the list it returns, so
// even stderr is wrong there (handle may log to stderr, as a stdio server does: what handle
// printed in its own run is not serve's, src/pack/own-output.ts).
function serveStderrCheck(stderr: string | undefined, ran: boolean): CheckResult {
  const check: CheckResult = {
    name: "t3_no_stderr", kind: "output", title: "serve prints nothing on stderr either", status: "pass",
    hint: "serve does not print: the chapter's loop collects its log lines in the log list it returns (\"Do not print inside it\"). Remove console.error/console.log calls from serve and from what it calls.",
  };
  if (!ran) return { ...check, status: "skip", message: `${TASKS.task3.file} did not run to the end.` };
  if (!stderr) return check;
  const quoted = stderr.length > QUOTE_LIMIT ? `${stderr.slice(0, QUOTE_LIMIT)}…` : stderr;
  return { ...check, status: "fail", expected: "", actual: quoted, message: `serve, or code it calls, printed this on stderr: ${JSON.stringify(quoted)}. The chapter says of serve "Do not print inside it": put log lines in the log list instead.` };
}

/** Whether what the task returned on the fixtures is all data JSON can carry, as the runner prints it. */
function dataCheck(task: TaskId, outcome: FixtureOutcome): CheckResult {
  const info = TASKS[task];
  const check: CheckResult = {
    name: `t${info.number}_json_data`, kind: "output", title: `${info.exportName} returns data JSON can carry`, status: "pass",
    hint: "Return plain data: objects, lists, strings, numbers, booleans and null. No functions, Promises, cycles, undefined inside lists, BigInt, NaN or Infinity.",
  };
  if ("failure" in outcome) return { ...check, status: "skip", message: `${info.file} did not run to the end.` };
  const value = outcome.value;
  const returned = value.task === "task2" ? value.responses : [value.result];
  for (let i = 0; i < returned.length; i++) {
    if (returned[i] instanceof FailedCall) continue;
    const problem = notJson(returned[i]);
    if (problem === undefined) continue;
    const what = value.task === "task2" ? `the answer to ${describeMessage(MESSAGES[i])}` : "the return value";
    return { ...check, status: "fail", message: `${info.exportName} returned something JSON cannot represent: ${problem.replace(/^\$/, what)}. The lines that read it cannot be printed.` };
  }
  return check;
}

function evidenceChecks(task: TaskId, outcome: FixtureOutcome): { checks: CheckResult[]; evidence: GradedTask["evidence"] } {
  const evidence: GradedTask["evidence"] = {};
  if ("failure" in outcome) {
    const failure = outcome.failure;
    const why = failure?.reason === "not-written" ? `${TASKS[task].exportName} is not written yet.` : `${TASKS[task].file} did not run to the end, so this line has no value.`;
    return {
      evidence,
      checks: keysOfTask(task).map((key) => ({ name: key, kind: "evidence", title: EVIDENCE_RULES[key].title, status: "skip", expected: EVIDENCE_RULES[key].accepted, message: why, hint: EVIDENCE_RULES[key].hint })),
    };
  }
  const value = outcome.value;
  // A line that reads a call that failed has no value, and says why (src/pack/failed-call.ts).
  const missing = (f: FailedCall): Missing => new Missing(f.failure.message, false, true);
  const computed = computeEvidence(value.task === "task2" ? { ...value, responses: guarded(value.responses, missing) }
    : value.task === "task3" && value.byLine ? { ...value, byLine: guarded(value.byLine, missing) } : value);
  const checks = keysOfTask(task).map((key): CheckResult => {
    const rule = EVIDENCE_RULES[key];
    const c = computed[key]!;
    const actual = "value" in c ? c.value : undefined;
    if (actual !== undefined) evidence[key] = actual;
    const base = { name: key, kind: "evidence", title: rule.title, expected: rule.accepted, actual: actual ?? null, hint: rule.hint } as const;
    if (actual === rule.accepted) return { ...base, status: "pass" };
    // What the line reads is not data (a cycle, a function): the runner could not print it.
    if ("notData" in c && c.notData) return { ...base, status: "error", message: `This line cannot be printed: ${c.missing}.` };
    return { ...base, status: "fail", message: diagnose({ key, actual, missing: "missing" in c ? c.missing : undefined, failedCall: "failedCall" in c && c.failedCall, value }) };
  });
  return { checks, evidence };
}

/** What grading a task starts from: how the fixture run ended, and what its process printed. */
export interface TaskRunSummary {
  outcome: FixtureOutcome;
  /** Absent when the task never ran (a missing file, a syntax error). Its own code's lines only (src/pack/own-output.ts). */
  stdout?: string;
  stderr?: string;
  /** The loaded tasks' files that printed the rest of what its run printed. */
  printedBy?: string[];
  /** What its own code printed on stderr (the loaded tasks' lines left out), when it ran. */
  ownStderr?: string;
}

/** Grades one task from its fixture run, or from the failure that kept it from running. */
export function gradeTask(task: TaskId, run: TaskRunSummary): GradedTask {
  const failure: TaskFailure | undefined = "failure" in run.outcome ? run.outcome.failure : undefined;
  const { checks, evidence } = evidenceChecks(task, run.outcome);
  checks.push(dataCheck(task, run.outcome), stdoutCheck(task, run.stdout, !failure, run.printedBy));
  if (task === "task3") checks.push(serveStderrCheck(run.ownStderr ?? run.stderr, !failure && run.stdout !== undefined));
  const evidenceChecksOnly = checks.filter((c) => c.kind === "evidence");
  const score = evidenceChecksOnly.filter((c) => c.status === "pass").length;
  const status: TaskStatus = failure && (couldNotLoad(failure) || isGradersTrouble(failure)) ? "error"
    : failure || checks.some((c) => c.status === "fail" || c.status === "error") ? "fail" : "pass";
  const result: TaskResult = {
    task, title: TASKS[task].title, status, score, maxScore: evidenceChecksOnly.length, checks,
    ...(failure ? { message: failure.message } : {}),
    ...(run.stderr ? { stderr: run.stderr } : {}),
  };
  return { result, evidence };
}
