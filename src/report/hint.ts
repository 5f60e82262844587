// A hint as the student reads it: which one of how many, the hint, where to reread, what next.
import type { HintResult } from "../student/hint.js";
import { makeStyle } from "./style.js";

export function renderHint(result: HintResult, color: boolean): string {
  const s = makeStyle(color);
  const last = result.level === result.levels;
  const next = last
    ? "That is the exact rule; the last step is yours. Run grade watch and change one thing at a time."
    : `Still stuck? grade hint ${result.task} shows hint ${result.level + 1} of ${result.levels}.`;
  return [
    s.bold(`Hint ${result.level} of ${result.levels} · Task ${result.task.slice(4)} · ${result.title}`),
    "",
    result.hint.text,
    "",
    `${s.dim("Reread:")} ${result.hint.reread}`,
    s.dim(next),
  ].join("\n") + "\n";
}
