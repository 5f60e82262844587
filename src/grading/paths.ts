// Student-facing text never shows the grader machine's absolute paths: the submission is named
// as the user named it, relative to where grade was run.
import path from "node:path";
import type { TaskRun } from "../runner/outcome.js";
import type { TaskFailure } from "../runner/outcome.js";

export interface Display {
  submission: string;
  path: (abs: string) => string;
  sanitise: (text: string) => string;
  sanitiseRun: <T extends TaskRun | { failure: TaskFailure }>(ran: T) => T;
}

export function makeDisplay(cwd: string, submissionDir: string): Display {
  const relative = (abs: string): string => {
    const rel = path.relative(cwd, abs);
    return (rel === "" ? "." : rel).split(path.sep).join("/");
  };
  const submission = relative(submissionDir);
  const prefixes = [[submissionDir + path.sep, submission === "." ? "" : `${submission}/`], [cwd + path.sep, ""]] as const;
  const sanitise = (text: string): string =>
    prefixes.reduce((t, [abs, shown]) => t.split(`file://${abs}`).join(shown).split(abs).join(shown), text);
  const sanitiseFailure = (f: TaskFailure): TaskFailure => ({ ...f, message: sanitise(f.message) });
  return {
    submission, path: relative, sanitise,
    sanitiseRun: (ran) => {
      if (!("outcome" in ran)) return { ...ran, failure: sanitiseFailure(ran.failure) };
      const outcome = ran.outcome.kind === "failure" ? { kind: "failure" as const, failure: sanitiseFailure(ran.outcome.failure) } : ran.outcome;
      return { ...ran, outcome, stderr: sanitise(ran.stderr) };
    },
  };
}
