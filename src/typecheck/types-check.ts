// The `types` check built from the type checker's findings. Kept apart from the checker so that
// grading loads the 9 MB compiler only when a type check really runs.
import type { PackTask } from "../pack/types.js";
import type { CheckResult } from "../report/types.js";

export interface TypeFinding {
  /** As the student names it, relative to where grade runs. */
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * `findings` fail the check: the exports, used as the pack's runner uses them, do not type-check
 * (or could not be checked: a file refused, a limit hit). `advice` costs nothing: the compiler's
 * errors inside the student's own code under "strict", and an `any` that hides the interface.
 * `stopped`: the check hit its time or memory limit (thread.ts), the submission's doing.
 */
export type TaskTypes = { findings: TypeFinding[]; advice?: TypeFinding[] } | { skipped: string } | { stopped: string };

const MAX_SHOWN = 5;

const listed = (found: readonly TypeFinding[]): string[] => [
  ...found.slice(0, MAX_SHOWN).map((f) => `${f.file}:${f.line}:${f.column} ${f.message}`),
  ...(found.length > MAX_SHOWN ? [`(and ${found.length - MAX_SHOWN} more)`] : []),
];

const ADVICE = "Advice, which costs nothing (your own code, checked with \"strict\": true, as tsc would check it):";

/** A function's signature names what its result is read as; a task of several exports or classes says how they are used. */
function howUsed(info: PackTask): string {
  const returns = info.signature.split(" => ")[1];
  if (returns !== undefined) return `grade type-checks ${info.exportName} as the chapter's runner uses it: called on the course's fixtures, its result read as ${returns}.`;
  return `grade type-checks ${info.file}'s exports as the chapter's runner uses them: each function called and each class constructed, its methods called and properties read, on the course's fixtures, and what they give read as the runner reads it.`;
}

export function typesCheck(info: PackTask, types: TaskTypes): CheckResult {
  const check: CheckResult = {
    name: `t${info.number}_types`, kind: "types", title: `${info.file} type-checks against the chapter's interface`,
    status: "pass", expected: `${info.exportName}: ${info.signature}`,
    hint: `${howUsed(info)} Your own types are fine when that use fits them; the course's (from "grade/course") fit by construction: ${info.signature}.`,
  };
  if ("skipped" in types) return { ...check, status: "skip", message: types.skipped };
  if ("stopped" in types) return { ...check, status: "fail", message: types.stopped };
  const advice = types.advice?.length ? [ADVICE, ...listed(types.advice)] : [];
  if (!types.findings.length) return advice.length ? { ...check, message: advice.join("\n") } : check;
  return { ...check, status: "fail", message: [...listed(types.findings), ...advice].join("\n") };
}
