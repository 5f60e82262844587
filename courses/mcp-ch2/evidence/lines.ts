// The chapter's 17 evidence lines in its order (each task's in task<N>-lines.ts), and what the
// grader does with them: compute a task's lines from what it returned, the way the chapter's
// runner prints them, and say why a line's value is wrong.
import type { EvidenceCheck, TaskValue } from "./line.js";
import { Missing } from "./reading.js";
import { TASK1_LINES } from "./task1-lines.js";
import { TASK2_LINES } from "./task2-lines.js";
import { TASK3_LINES } from "./task3-lines.js";

const ALL_LINES = [...TASK1_LINES, ...TASK2_LINES, ...TASK3_LINES];
export type EvidenceKey = (typeof ALL_LINES)[number]["key"];
export const EVIDENCE_LINES: readonly EvidenceCheck<TaskValue, EvidenceKey>[] = ALL_LINES;

const LINE_OF = new Map(EVIDENCE_LINES.map((line) => [line.key, line]));

/** A line's value, or why it has none; `notData` when what it reads is not JSON data (an error, not a wrong answer). */
export type Computed = { value: string } | { missing: string; notData?: true; failedCall?: true };
export type ComputedEvidence = Partial<Record<EvidenceKey, Computed>>;

/** The evidence lines of one task's returned values. A line that cannot be computed (the runner would have crashed) is `missing`. */
export function computeEvidence(value: TaskValue): ComputedEvidence {
  const result: ComputedEvidence = {};
  for (const line of EVIDENCE_LINES.filter((l) => l.task === value.task)) {
    try {
      result[line.key] = { value: line.compute(value) };
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
      result[line.key] = { missing: error.message, ...(error.notData ? { notData: true as const } : {}), ...(error.failedCall ? { failedCall: true as const } : {}) };
    }
  }
  return result;
}

export interface DiagnosisInput {
  key: EvidenceKey;
  /** The printed value, or undefined when the line could not be computed. */
  actual: string | undefined;
  missing?: string;
  /** The line has no value because a call it reads failed (a throw): that failure is the diagnosis. */
  failedCall?: boolean;
  /** What the task returned; absent when only an evidence file is being checked. */
  value?: TaskValue;
}

/** What a task's function does with every input, for a line whose input made it throw or loop. */
const FAILED_CALL_RULE: Partial<Record<TaskValue["task"], string>> = {
  task2: "handle answers every request with a response (an error response for a request it cannot serve), and null for a notification.",
  task3: "serve answers every line: a line that is not JSON gets the Parse error line (catch what JSON.parse throws), an empty one nothing, and every message what handle returns for it.",
};

/** One paragraph for a line that does not match its rule: what is wrong, and the rule the student most likely broke. */
export function diagnose(input: DiagnosisInput): string {
  const line = LINE_OF.get(input.key)!;
  if (input.failedCall && input.missing) return `${input.missing} The chapter's runner stops at a throw (and waits for ever on a loop): ${FAILED_CALL_RULE[line.task] ?? ""}`.trim();
  const specific = line.diagnose?.(input.actual, input.value?.task === line.task ? input.value : undefined);
  if (specific) return specific;
  if (input.actual === undefined) return `This line could not be computed: ${input.missing}.`;
  return `Expected ${line.accepted}, got ${input.actual}.`;
}
