// kindOf's likeliest single mistakes, seen by both of its rule checks (t1_method_kinds: messages
// with a method; t1_kinds: the rest) and by a line: one mistake, one point (issue 20). A rule
// check whose every answer is exactly what one of these mistakes gives is charged to the line
// that shows it (wrong on its own account), or else to the first rule check that shows it.
// Code that answers only the page's messages is explained by none (its answers to the shapes it
// has not seen are not a mistake's), and is charged each time.
import type { CheckResult } from "../../../src/report/types.js";
import type { SandboxReply } from "../../../src/sandbox/protocol.js";
import { kindOf } from "../behaviour/messages.js";
import type { StatefulPlan } from "./plan.js";
import { valueOf } from "./values.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

interface KindMistake {
  /** The line that shows it on the page's trace, if one does. */
  line?: string;
  /** What kindOf says with the mistake. */
  answer(message: unknown): string;
}

const KIND_MISTAKES: readonly KindMistake[] = [
  // `message.id == null` for "has no id": an id null read as no id at all (t1_null_id_kind's line).
  { line: "t1_null_id_kind", answer: (m) => kindOf(isObject(m) && m["id"] === null ? Object.fromEntries(Object.entries(m).filter(([k]) => k !== "id")) : m) },
  // jsonrpc other than "2.0" (or none) read as invalid, before the keys are looked at.
  { answer: (m) => (isObject(m) && m["jsonrpc"] !== "2.0" ? "invalid" : kindOf(m)) },
];

const RULES = new Set(["t1_method_kinds", "t1_kinds"]);
const hasMethod = (m: unknown): boolean => isObject(m) && Object.hasOwn(m, "method");

/** The rule checks among `checks` charged to the line or earlier rule that shows the mistake they fail by alone. */
export function chargeKindsAlike(lines: readonly CheckResult[], checks: readonly CheckResult[], p: NonNullable<StatefulPlan["task1"]>, reply: SandboxReply): CheckResult[] {
  const failing = (c: CheckResult): boolean => c.status === "fail" && c.chargedTo === undefined;
  const run = reply.runs[p.kinds.run];
  if (run?.status !== "ran" || !checks.some((c) => RULES.has(c.name) && failing(c))) return [...checks];
  /** Whether every answer of a rule's family is the mistake's. */
  const explains = (mistake: KindMistake, family: boolean): boolean => p.kinds.inputs.every((message, i) => {
    if (hasMethod(message) !== family) return true;
    const call = run.calls[i];
    return call?.ok === true && valueOf(call) === mistake.answer(message);
  });
  const roots = new Map<KindMistake, string>();
  for (const mistake of KIND_MISTAKES) if (mistake.line && lines.some((l) => l.name === mistake.line && failing(l))) roots.set(mistake, mistake.line);
  return checks.map((check) => {
    if (!RULES.has(check.name) || !failing(check)) return check;
    const shows = KIND_MISTAKES.filter((m) => explains(m, check.name === "t1_method_kinds"));
    const root = shows.map((m) => roots.get(m)).find((r) => r !== undefined);
    if (root === undefined) { for (const m of shows) roots.set(m, check.name); return check; }
    return { ...check, chargedTo: root, message: `${check.message ?? ""}\nEvery kindOf answer it judged is what the mistake ${root} shows gives: charged there, it costs nothing more.` };
  });
}
