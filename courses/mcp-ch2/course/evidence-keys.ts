// The 17 evidence keys in the chapter's order, each with the value its rule accepts, a
// student-facing title and a hint: a view of the evidence lines (evidence/task<N>-lines.ts, where
// each line's rule sits with how it is computed and diagnosed).
import { EVIDENCE_LINES, type EvidenceKey } from "../evidence/lines.js";
import type { TaskId } from "./tasks.js";

export type { EvidenceKey };

export const EVIDENCE_KEYS: readonly EvidenceKey[] = EVIDENCE_LINES.map((line) => line.key);

export interface EvidenceRule {
  key: EvidenceKey;
  task: TaskId;
  /** What the line shows, as the chapter words it. */
  title: string;
  /** The one value the chapter's rules accept. */
  accepted: string;
  /** The rule to reread, without giving the value away. */
  hint: string;
  /** The behaviour checks of the rules the line shows (src/pack/score.ts). */
  rules: readonly string[];
}

export const EVIDENCE_RULES = Object.fromEntries(EVIDENCE_LINES.map(({ key, task, title, accepted, hint, rules }): [EvidenceKey, EvidenceRule] =>
  [key, { key, task, title, accepted, hint, rules }])) as Record<EvidenceKey, EvidenceRule>;

export function keysOfTask(task: TaskId): EvidenceKey[] {
  return EVIDENCE_KEYS.filter((k) => EVIDENCE_RULES[k].task === task);
}
