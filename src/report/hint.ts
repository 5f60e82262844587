// A hint as the student reads it: which one of how many, the check it is for, the hint, where
// to reread, and the exact command for the next one.
import type { HintResult } from "../student/hint.js";
import { gradeCommandLine } from "./command-line.js";
import { terminalLine as line } from "./sanitize.js";
import { makeStyle } from "./style.js";

export function renderHint(result: HintResult, color: boolean): string {
  const s = makeStyle(color);
  const heading = `Task ${result.task.slice(4)} · ${result.title}`;
  if (result.passes) {
    return [
      s.bold(`No hint needed · ${heading}`),
      "",
      `Task ${result.task.slice(4)} passes every check. ${line(gradeCommandLine(`hint ${result.task} --level 1`, result.dir))} still shows its first hint.`,
    ].join("\n") + "\n";
  }
  const next = result.ladder.find((l) => l > result.level);
  const more = next === undefined
    ? `That is the exact rule; the last step is yours. Run ${line(gradeCommandLine("watch", result.dir))} and change one thing at a time.`
    : `Still stuck? ${line(gradeCommandLine(`hint ${result.task}`, result.dir))} shows hint ${next} of ${result.levels}${result.check ? ", the next about this check" : ""}.`;
  return [
    s.bold(`Hint ${result.level} of ${result.levels} · ${heading}`),
    ...(result.check ? [s.dim(`For the check to fix first: ${line(result.check.name)} · ${line(result.check.title)}`)] : []),
    "",
    result.hint.text,
    "",
    `${s.dim("Reread:")} ${result.hint.reread}`,
    s.dim(more),
  ].join("\n") + "\n";
}
