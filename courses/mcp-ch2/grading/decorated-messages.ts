// Rule 5's messages, one wording per argument rule; the page shows one of them in a line (the
// enum's, t2_id5_text). A message written with something around it ("Invalid argument: ...",
// every problem) is one slip the line charges, and every argument check that fails only so shows
// it again: charged to the line. A rule's message in other words (each problem written as a type
// message: game-every-message-a-type) is that rule's own mistake, a point each (the argument
// families read through every fixture line but this one: course/score-policy.ts).
import type { TaskJudgement } from "../../../src/pack/types.js";
import { chargeWithin, ownFailure } from "./charge-within.js";

const LINE = "t2_id5_text";

/** The first tool text in a shown answer (a check's expected or actual), or undefined. */
function textIn(shown: string | null | undefined): string | undefined {
  const m = /"text":"((?:[^"\\]|\\.)*)"/.exec(shown ?? "");
  if (!m) return undefined;
  try { return JSON.parse(`"${m[1]}"`) as string; } catch { return undefined; }
}

/** Whether `actual` holds every message of `expected` (joined with "; "), with more around them. */
const decorated = (expected: string | undefined, actual: string | undefined): boolean =>
  expected !== undefined && actual !== undefined && actual !== expected && expected.split("; ").every((m) => m !== "" && actual.includes(m));

export function chargeDecoratedMessages(handle: TaskJudgement, families: ReadonlySet<string>): void {
  const line = ownFailure(handle, LINE);
  if (!line || !decorated(line.expected ?? undefined, line.actual ?? undefined)) return;
  chargeWithin(handle, LINE, `Its messages are the rule's, with what ${LINE} shows written around them: one slip, charged there; it costs nothing more here.`,
    (c) => families.has(c.name) && decorated(textIn(c.expected), textIn(c.actual)));
}
