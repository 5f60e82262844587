// The checks of one task's fixture run: its evidence lines, each against its accepted value,
// and the output rules (nothing on stdout; serve prints nothing at all).
import type { PackTask } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { TaskFailure, WireRun } from "../../../src/sandbox/protocol.js";
import { ownOutput } from "../../../src/pack/own-output.js";
import { acceptedOf, evidenceOf, LinesAlone, type EvidenceTask } from "../evidence/lines.js";
import { Missing } from "../evidence/reading.js";
import { guarded, type FailedCall } from "../../../src/pack/failed-call.js";

const QUOTE_LIMIT = 400;
const quoted = (text: string): string => (text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text);

/** A line that reads a call that failed: that failure is its diagnosis. */
class FailedRead extends Error {}
const THROWN: Record<EvidenceTask, string> = {
  task1: "The page's runner stops at a throw (and waits for ever on a loop): checkArgs returns a list of problems (an empty one when nothing is wrong) for any schema and arguments.",
  task2: "The page's runner stops at a throw (and waits for ever on a loop): handle answers every request with a response (an error response for one it cannot serve), and null for a notification.",
  task4: "The page's runner stops at a throw (and waits for ever on a loop): serve answers every line: a line JSON.parse cannot read gets the parse error line (catch what it throws), a blank one nothing, and every message what handle returns for it.",
};

export function evidenceChecks(task: EvidenceTask, outcome: { values: unknown[] } | { failure: TaskFailure }, exportName: string): { checks: CheckResult[]; evidence: Record<string, string> } {
  const evidence: Record<string, string> = {};
  const checks = evidenceOf(task).map((line): CheckResult => {
    const base = { name: line.key, kind: "evidence", title: line.title, expected: acceptedOf(line.key), hint: line.hint } as const;
    if ("failure" in outcome) {
      const why = outcome.failure.reason === "not-written" ? `${exportName} is not written yet.` : "The task did not run to the end on its fixtures, so this line has no value.";
      return { ...base, status: "skip", message: why };
    }
    const value = task === "task4" ? outcome.values[0] : outcome.values;
    const failedRead = (f: FailedCall): FailedRead => new FailedRead(f.failure.message);
    let actual: string;
    try {
      actual = line.read(task !== "task4" ? guarded(outcome.values, failedRead) : value instanceof LinesAlone ? new LinesAlone(guarded(value.answers, failedRead)) : value);
    } catch (error) {
      if (error instanceof FailedRead) return { ...base, status: "fail", actual: null, message: `${error.message} ${THROWN[task]}` };
      if (!(error instanceof Missing)) throw error;
      return { ...base, status: "fail", actual: null, message: `This line could not be computed: ${error.message}.` };
    }
    evidence[line.key] = actual;
    return actual === base.expected ? { ...base, status: "pass", actual } : { ...base, status: "fail", actual, message: line.diagnose(actual, value) };
  });
  return { checks: chargedThrough(task, checks, "failure" in outcome ? undefined : task === "task4" ? outcome.values[0] : outcome.values), evidence };
}

/** A reading that cannot be made (serve returned no { out, log }) excuses nothing. */
function readsThroughWhen(when: (actual: string | undefined, accepted: string, value: unknown) => boolean, actual: string | undefined, accepted: string, value: unknown): boolean {
  try { return when(actual, accepted, value); } catch (error) { if (error instanceof Missing) return false; throw error; }
}

/**
 * The lines that only read through another wrong line's mistake, charged there
 * (EvidenceCheck.readsThrough), following a chain to the line that charges it.
 */
function chargedThrough(task: EvidenceTask, checks: CheckResult[], value: unknown): CheckResult[] {
  const lines = evidenceOf(task);
  const through = new Map<string, string>();
  for (const check of checks) {
    const reads = lines.find((l) => l.key === check.name)?.readsThrough;
    if (!reads || check.status !== "fail") continue;
    for (const one of [reads].flat()) {
      const first = checks.find((c) => c.name === one.line);
      if (first?.status !== "fail") continue;
      if (readsThroughWhen(one.when, typeof check.actual === "string" ? check.actual : undefined, acceptedOf(check.name), value)) { through.set(check.name, first.name); break; }
    }
  }
  const root = (name: string, seen = new Set<string>()): string => {
    const next = through.get(name);
    return next === undefined || seen.has(next) ? name : root(next, seen.add(name));
  };
  return checks.map((check) => {
    if (!through.has(check.name)) return check;
    const target = root(check.name);
    return { ...check, chargedTo: target, message: `${check.message ?? ""} It reads through ${target}'s mistake, charged there: it costs nothing more.` };
  });
}

/** What the tasks a run loaded printed in their own fixture runs, by file: stdout and stderr. */
export interface LoadedOutput { stdout: Record<string, string | undefined>; stderr: Record<string, string | undefined> }

export function outputChecks(task: PackTask, run: WireRun | undefined, ran: boolean, loaded: LoadedOutput = { stdout: {}, stderr: {} }): CheckResult[] {
  const printed = run && run.status !== "skipped" ? run : undefined;
  const stdout: CheckResult = {
    name: `t${task.number}_no_stdout`, kind: "output", title: `${task.exportName} prints nothing on stdout`, status: "pass",
    hint: "On the stdio transport stdout is the protocol channel: anything else printed there corrupts the stream (2.6). Log to stderr with console.error, or into serve's log list.",
  };
  const checks = [stdout];
  if (task.id === "task4") {
    checks.push({
      name: "t4_no_stderr", kind: "output", title: "serve prints nothing on stderr either", status: "pass",
      hint: "serve prints nothing at all: its log lines go into the log list it returns. Remove console.log and console.error calls from serve and what it calls.",
    });
  }
  return checks.map((check) => {
    if (!printed || !ran) return { ...check, status: "skip", message: `${task.file} did not run to the end.` };
    const where = check.name.endsWith("no_stderr") ? "stderr" : "stdout";
    // A print belongs to the code that made it (src/pack/own-output.ts): what a loaded task printed
    // in its own run is that task's (a console.log in checkArgs is task 1's; handle may log to stderr).
    const { own: text, others } = ownOutput(printed[where] ?? "", loaded[where]);
    if (!text) return others.length ? { ...check, message: `What its run printed, ${others.join(" and ")} printed in ${others.length > 1 ? "their" : "its"} own run: charged there, not here.` } : check;
    return { ...check, status: "fail", expected: "", actual: quoted(text), message: `Your code printed this on ${where}: ${JSON.stringify(quoted(text))}. ${where === "stdout" ? "A client reading stdout would try to parse it as a message and fail. Print debug output with console.error, or remove it." : "Put log lines in the log list instead."}` };
  });
}
