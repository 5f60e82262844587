// What `grade dist student` reports: kept apart from dist.ts, which the student edition replaces.
import type { DevCheckItem } from "../grading/dev-check.js";

export interface DistReport {
  ok: boolean;
  out: string;
  copied: number;
  excluded: Array<{ file: string; why: string }>;
  items: DevCheckItem[];
  /** What was rewritten or written for students (scripts, README, CI, the answer key). */
  adapted: string[];
  /** Lines the grader's own source shares with a solution where it must (GRADER_SHARES): for the author to judge. */
  notes: string[];
}
