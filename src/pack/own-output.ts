// A print belongs to the code that made it (issue 20: one mistake, one point). A task's module
// may load another task's (chapter 2's handle calls toMcp; the stateless pack's handle calls
// checkArgs, its serve handle): a console.log in toMcp then shows in every run that loads it,
// and would cost task 2 and task 3 a point each for task 1's line. What a task printed that the
// tasks it loaded printed in their own runs is theirs, charged there.
import type { CheckResult } from "../report/types.js";

export interface OwnOutput {
  /** What the task's own code printed (its lines no loaded task printed in its own run). */
  own: string;
  /** The files whose own runs printed the rest. */
  others: string[];
}

// A line is matched with its numbers left out: a log of a time, a count or an id says other
// numbers in each run (a handle logging each request's microseconds to stderr, as a stdio server
// may, had its lines charged to serve, which printed nothing of its own).
const shape = (line: string): string => line.replace(/\d+/g, "#");

/** `printed` without the lines that the loaded tasks (`loaded`: file → what its own run printed) printed too, numbers aside. */
export function ownOutput(printed: string, loaded: Readonly<Record<string, string | undefined>>): OwnOutput {
  const theirs = new Map<string, string>();
  for (const [file, text] of Object.entries(loaded)) for (const line of (text ?? "").split("\n")) if (line !== "" && !theirs.has(shape(line))) theirs.set(shape(line), file);
  const others = new Set<string>();
  const own = printed.split("\n").filter((line) => {
    const file = theirs.get(shape(line));
    if (file === undefined) return true;
    others.add(file);
    return false;
  });
  return { own: own.join("\n").trim() === "" ? "" : own.join("\n"), others: [...others] };
}

type Tasks = readonly { task: string; checks: readonly CheckResult[] }[];

/**
 * The same print again in a live server: a task the server loads printed a line on stdout in its
 * own run (its `printCheck` failed with it), and the server's stdio check refused that very line
 * (its `stdioCheck`, in `server`'s task). The stdio failure and the interop ones it explains are
 * charged to the print's check: one console.log, one point. Checks of `server` to replace, or none.
 */
export function chargeLoadedPrint(tasks: Tasks, printer: { task: string; check: string; file: string }, server: { task: string; stdioCheck: string }): CheckResult[] | undefined {
  const print = tasks.find((t) => t.task === printer.task)?.checks.find((c) => c.name === printer.check);
  if (print?.status !== "fail" || typeof print.actual !== "string") return undefined;
  const printed = new Set(print.actual.split("\n").filter((line) => line !== ""));
  const checks = tasks.find((t) => t.task === server.task)?.checks;
  const stdio = checks?.find((c) => c.name === server.stdioCheck);
  if (!checks || stdio?.status !== "fail" || typeof stdio.actual !== "string" || !printed.has(stdio.actual)) return undefined;
  const note = ` That line is ${printer.file}'s print, charged by ${printer.check}: it costs nothing more here.`;
  return checks.map((c) => (c.status === "fail" && (c === stdio || c.kind === "interop") ? { ...c, chargedTo: printer.check, message: `${c.message ?? ""}${note}` } : c));
}
