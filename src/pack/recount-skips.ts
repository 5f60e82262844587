// What a pack's recount (Pack.recount) reads of the first judgement and writes into the second:
// whether a rule of a task failed on its own account (only then are its lists asked about again),
// and, for a rule that failed then and is skipped now, why: the pack's words for the mistake seen again.
import type { TaskJudgement } from "./types.js";

/** Whether a behaviour rule of `task` failed, charged to no other check. */
export const ruleFailed = (judged: Record<string, TaskJudgement>, task: string): boolean =>
  (judged[task]?.extra ?? []).some((c) => c.kind === "behaviour" && c.status === "fail" && c.chargedTo === undefined);

/** `again` with each rule of `task` that failed in `first` and is skipped now saying `why`. */
export function sayWhySkipped(first: Record<string, TaskJudgement>, again: Record<string, TaskJudgement>, task: string, why: string): Record<string, TaskJudgement> {
  const was = new Map((first[task]?.extra ?? []).map((c) => [c.name, c.status]));
  const judged = again[task];
  if (judged?.extra) judged.extra = judged.extra.map((c) => (c.status === "skip" && was.get(c.name) === "fail" ? { ...c, message: why } : c));
  return again;
}
