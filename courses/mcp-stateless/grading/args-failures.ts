// checkArgs that throws on one kind of problem (a TypeError for a value that is not a string, the
// likeliest) instead of reporting it: one mistake, one point (issue 20). The fixture line of that
// kind charges it (t1_wrong_type); a rule check does not charge it again where a generated input
// holds exactly that fixture's case under other names and fails at the same place; and
// t1_problem_order, whose case is t1_bad_args' and t1_wrong_type's together, is charged to the
// part its call failed on while the other part is shown right, on the page's case and on inputs
// the code has not seen. Code that throws on every input it has not seen keeps nothing: the
// inputs of other kinds still fail, and so do the rules of the parts.
import { failedAsCase, FailedCall, sameFailure } from "../../../src/pack/failed-call.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { TaskFailure } from "../../../src/sandbox/protocol.js";
import type { Outcome } from "../behaviour/check.js";
import { checkArgs } from "../behaviour/model.js";
import { CHECK_ARGS_INPUTS, CHECK_ARGS_NAMES, type CheckArgsCase } from "../course/fixtures.js";

const kindOf = (problem: string): string => (problem.startsWith("missing ") ? "missing" : problem.startsWith("unexpected ") ? "unexpected" : "wrong type");

/** The kinds of problem the rules give for checkArgs's arguments [schema, args], as one key. */
function kinds(input: unknown): string | undefined {
  if (!Array.isArray(input) || input.length !== 2) return undefined;
  return [...new Set(checkArgs(input[0], input[1]).map(kindOf))].sort().join("+");
}

/** Whether the generated input holds the fixture's case: exactly its kinds of problem, under other names. */
export function sameArgsCase(fixture: unknown, input: unknown): boolean {
  const key = kinds(fixture);
  return key !== undefined && key === kinds(input);
}

/** The generated calls that fail as a fixture call of the same case did, at the same place. */
export const excusedArgsFailures = (fixtureOutcomes: readonly Outcome[] | undefined): ((input: unknown, failure: TaskFailure) => boolean) | undefined =>
  fixtureOutcomes ? failedAsCase(CHECK_ARGS_INPUTS, fixtureOutcomes, sameArgsCase) : undefined;

/** A line whose case is two others' together: for each part, its case, its line and the rule check of that line. */
interface Whole { case: CheckArgsCase; line: string; rule: string; parts: readonly { case: CheckArgsCase; line: string; rule: string }[] }
const WHOLES: readonly Whole[] = [{
  case: "problem_order", line: "t1_problem_order", rule: "t1_same_problem_order",
  parts: [{ case: "bad_args", line: "t1_bad_args", rule: "t1_same_missing_unexpected" }, { case: "wrong_type", line: "t1_wrong_type", rule: "t1_same_wrong_type" }],
}];

/**
 * The lines of two parts' case whose call failed as one part's call did, at the same place,
 * charged to that part's line, when the other part is right on the page's case and on the
 * inputs of its rule, and the line's own rule failed only as the fixture calls did (skip).
 */
export function chargeArgsParts(checks: readonly CheckResult[], extra: readonly CheckResult[], values: readonly unknown[]): CheckResult[] {
  const status = (name: string): CheckResult["status"] | undefined => [...checks, ...extra].find((c) => c.name === name)?.status;
  const failureOf = (name: CheckArgsCase): TaskFailure | undefined => {
    const value = values[CHECK_ARGS_NAMES.indexOf(name)];
    return value instanceof FailedCall ? value.failure : undefined;
  };
  return checks.map((c) => {
    const whole = WHOLES.find((w) => w.line === c.name);
    if (!whole || c.status !== "fail" || c.chargedTo !== undefined) return c;
    const failed = failureOf(whole.case);
    const own = status(whole.rule);
    if (!failed || (own !== "skip" && own !== "pass")) return c;
    const root = whole.parts.find((p) => { const f = failureOf(p.case); return f !== undefined && sameFailure(f, failed); });
    const others = whole.parts.filter((p) => p !== root);
    if (!root || status(root.line) !== "fail" || !others.every((p) => status(p.line) === "pass" && status(p.rule) === "pass")) return c;
    return { ...c, chargedTo: root.line, message: `${c.message ?? ""} It failed as ${root.line}'s call did, at the same place, and the rest of its case is right (${others.map((p) => `${p.line}, ${p.rule}`).join("; ")}): charged there, it costs nothing more.`.trim() };
  });
}
