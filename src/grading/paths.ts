// Student-facing text never shows the grader machine's absolute paths: the submission is named
// as the user named it, relative to where grade was run.
import path from "node:path";

export interface Display {
  submission: string;
  path: (abs: string) => string;
  sanitise: (text: string) => string;
}

export function makeDisplay(cwd: string, submissionDir: string): Display {
  const relative = (abs: string): string => {
    const rel = path.relative(cwd, abs);
    return (rel === "" ? "." : rel).split(path.sep).join("/");
  };
  const submission = relative(submissionDir);
  const prefixes = [[submissionDir + path.sep, submission === "." ? "" : `${submission}/`], [cwd + path.sep, ""]] as const;
  // Most texts hold no path at all: looking costs less than splitting (a batch sanitises tens of
  // texts per submission).
  // An absolute path only where one starts: "../../tmp/x/task2.ts" holds "/tmp/x/" but is already
  // relative (replacing inside it doubled the path).
  const patterns = prefixes.map(([abs, shown]) => [new RegExp(`(?:file://)?(?<![\\w.~-])${abs.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "g"), shown] as const);
  const sanitise = (text: string): string => (!prefixes.some(([abs]) => text.includes(abs)) ? text
    : patterns.reduce((t, [pattern, shown]) => t.replace(pattern, () => shown), text));
  return {
    submission, path: relative, sanitise,
  };
}
