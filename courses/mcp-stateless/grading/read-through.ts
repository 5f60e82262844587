// One mistake, one point, across tasks 1 and 2 (issue 20): the -32022 refusal's message writes
// the version with Python's repr, and a handle that shares task 1's pyRepr (as the reference
// does) shows a repr mistake of task 1 in t2_version_check too. A check of handle that fails as
// judged, but passes when a -32022 message is judged only up to the version's repr, is marked as
// task 1's (src/pack/charges.ts charges it to task 1's failed check, or back here when task 1
// failed nothing). handle's other mistakes fail either way.
import type { CheckResult } from "../../../src/report/types.js";
import { judgeChecks, type Judged, type Outcome, type PlannedCheck } from "../behaviour/check.js";
import { comparedPart } from "../behaviour/compare.js";
import { answersOf, answersWith, isObject, UNSUPPORTED_PROTOCOL_VERSION, type ArgsChecker } from "../behaviour/model.js";
import { MESSAGES } from "../course/fixtures.js";
import { evidenceOf, type ReadThrough } from "../evidence/lines.js";
import { Missing, sameJson } from "../evidence/reading.js";

type Check = PlannedCheck["check"];

/** An answer (or its compared part) with a -32022 message cut before the version's repr. */
function uptoRepr(answer: unknown): unknown {
  if (!isObject(answer) || !isObject(answer["error"])) return answer;
  const error = answer["error"];
  // A message with nothing past its first three words names no version at all: judged whole.
  if (error["code"] !== UNSUPPORTED_PROTOCOL_VERSION || typeof error["message"] !== "string" || error["message"].split(" ").length <= 3) return answer;
  return { ...answer, error: { ...error, message: `${error["message"].split(" ").slice(0, 3).join(" ")} …` } };
}

/**
 * `to`: task 1, or, within handle, the check that showed a value written otherwise first (an
 * unknown name's None written "null" is the version refusal's too: b-repr-none-as-null), for the
 * checks `only` names.
 */
export function chargeReprReadThrough(
  plan: readonly PlannedCheck[], judged: readonly CheckResult[], outcomes: readonly (Outcome | undefined)[],
  expectedAt: (i: number, check: Check) => { value: unknown } | undefined, accepts: (check: Check) => Judged["accepts"], seed: number,
  to = "task1", only?: readonly string[],
): CheckResult[] {
  const failing = plan.filter((p, k) => judged[k]!.status === "fail" && judged[k]!.chargedTo === undefined && !p.check.part && (only === undefined || only.includes(p.check.id)));
  if (!failing.length) return [...judged];
  const lenient = judgeChecks(failing, outcomes, expectedAt, (check) => {
    const strict = accepts(check);
    return (want, actual, i) => strict(want, actual, i) || sameJson(uptoRepr(comparedPart(actual, check.compare ?? "content")), uptoRepr(want));
  }, seed);
  return judged.map((c) => (lenient.find((l) => l.name === c.name)?.status === "pass" ? { ...c, chargedTo: to } : c));
}

/** The text of a tool's failure with checkArgs's problems ("Error: …", isError true), or undefined. */
function problemsText(answer: unknown): string | undefined {
  const result = isObject(answer) && isObject(answer["result"]) ? answer["result"] : undefined;
  const first = result && Array.isArray(result["content"]) ? result["content"][0] : undefined;
  const text = isObject(first) ? first["text"] : undefined;
  return result?.["isError"] === true && typeof text === "string" && text.startsWith("Error: ") ? text : undefined;
}

/**
 * handle's evidence lines that show task 1's mistake: wrong as handle wrote them, but exactly what
 * the rules give with the checkArgs handle calls (the student's, its answers replayed), as the
 * text of a call with bad arguments is. Marked task 1's, like the behaviour checks above; only
 * where the student's checkArgs changed no more than the problems' text, so that every path of
 * handle the fixtures take (a valid call's included) still showed its work.
 */
export function chargeLinesToTask1(checks: readonly CheckResult[], checker: ArgsChecker): CheckResult[] {
  const wrong = (c: CheckResult): boolean => c.kind === "evidence" && c.status === "fail" && c.chargedTo === undefined && typeof c.actual === "string";
  if (!checks.some(wrong)) return [...checks];
  const theirs = answersWith(MESSAGES, checker).map((a) => a?.value ?? null);
  const rules = answersOf(MESSAGES);
  if (theirs.some((a, i) => !sameJson(a, rules[i]) && (problemsText(a) === undefined || problemsText(rules[i]) === undefined))) return [...checks];
  const lines = evidenceOf("task2");
  return checks.map((c) => {
    const line = wrong(c) ? lines.find((l) => l.key === c.name) : undefined;
    if (!line) return c;
    let read: string;
    try { read = line.read(theirs); } catch (error) { if (error instanceof Missing) return c; throw error; }
    return read === c.actual ? { ...c, chargedTo: "task1" } : c;
  });
}

/**
 * serve's evidence lines that show handle's mistake: wrong as serve wrote them, but exactly what
 * serve's rules give with the handle serve calls (the student's, its answers replayed in serve's
 * order: judge.ts's oracle), as the ids of the out lines are when handle answers a notification
 * or gives an error the id null. Marked task 2's, like handle's lines that show checkArgs's
 * mistake. A line that reads through another of serve's lines (lines.ts, readsThrough) does so
 * against that reading too, so serve's own mistake seen through handle's is charged once, there;
 * a line serve got wrong on its own account stays serve's.
 */
export function chargeServeLinesToHandle(checks: readonly CheckResult[], expected: unknown, value: unknown): CheckResult[] {
  if (expected === undefined) return [...checks];
  const lines = evidenceOf("task4");
  const failed = (name: string): CheckResult | undefined => checks.find((c) => c.name === name && c.status === "fail");
  return checks.map((c) => {
    const line = c.kind === "evidence" && c.status === "fail" && c.chargedTo === undefined && typeof c.actual === "string" ? lines.find((l) => l.key === c.name) : undefined;
    if (!line) return c;
    let read: string;
    try { read = line.read(expected); } catch (error) { if (error instanceof Missing) return c; throw error; }
    if (read === c.actual) return { ...c, chargedTo: "task2" };
    const through = line.readsThrough === undefined ? [] : Array.isArray(line.readsThrough) ? line.readsThrough : [line.readsThrough];
    const target = (through as readonly ReadThrough[]).find((t) => failed(t.line) && t.when(c.actual as string, read, value));
    if (!target) return c;
    const charged = failed(target.line)!;
    return { ...c, chargedTo: charged.chargedTo ?? charged.name, message: `${c.message ?? ""} With the answers of the handle serve calls, it reads through ${target.line}'s mistake, charged there: it costs nothing more.`.trim() };
  });
}

/**
 * The live stdio check's ids, when the fixtures' responses already broke t2_responses' rule (each
 * request answered under its own id, a notification not at all), or the generated inputs broke
 * it (t2_notifications: a string id taken for a notification): the same mistake seen through a
 * real pipe, charged where that check is. A failure of its own (a print, a line cut short) has
 * no id lists and stays the check's.
 */
export function chargeStdioIdsToResponses(checks: readonly CheckResult[]): CheckResult[] | undefined {
  const stdio = checks.find((c) => c.name === "t2_stdio_clean" && c.status === "fail" && c.chargedTo === undefined);
  // The generated inputs' rule only where the server answered some of the pipe's requests: a table
  // of the fixtures answers none of them.
  const responses = checks.find((c) => c.name === "t2_responses" && c.status === "fail") ??
    (stdio?.actual ? checks.find((c) => c.name === "t2_notifications" && c.status === "fail") : undefined);
  if (!responses || !stdio || typeof stdio.expected !== "string" || typeof stdio.actual !== "string") return undefined;
  const target = responses.chargedTo ?? responses.name;
  return checks.map((c) => (c === stdio ? { ...c, chargedTo: target, message: `${c.message ?? ""} The fixtures' responses show the same ids: charged by ${target}, it costs nothing more.` } : c));
}

/** An answer's compared part without its result's isError. */
function withoutIsError(part: unknown): unknown {
  if (!isObject(part) || !isObject(part["result"])) return part;
  const { isError: _, ...result } = part["result"];
  return { ...part, result };
}

/** The text of a tool's failure (a result with isError true), if the answer is one. */
function failureText(answer: unknown): string | undefined {
  const result = isObject(answer) ? answer["result"] : undefined;
  const content = isObject(result) ? result["content"] : undefined;
  const first = Array.isArray(content) ? content[0] : undefined;
  return isObject(result) && result["isError"] === true && isObject(first) && typeof first["text"] === "string" ? first["text"] : undefined;
}

/** Whether `actual` is a protocol error whose message holds a tool failure's text (its "Error: " aside). */
function failureSentAsError(text: string | undefined, actual: unknown): boolean {
  const error = isObject(actual) && !Object.hasOwn(actual, "result") ? actual["error"] : undefined;
  return text !== undefined && isObject(error) && typeof error["message"] === "string" && error["message"].includes(text.replace(/^Error: /, ""));
}

/**
 * handle's rule checks that fail only on isError while t2_z9_is_error, the line of that rule,
 * is wrong (isError a string, say): right up to isError on every input, they show that line's
 * mistake (the accepted and declined cancels' texts with it), charged there. So are those whose
 * other answers are a tool's failure sent as a protocol error holding its text (a throw the
 * dispatcher turns into -32602): the envelope's rule then finds no result there either.
 */
export function chargeIsErrorThrough(
  lines: readonly CheckResult[], plan: readonly PlannedCheck[], judged: readonly CheckResult[], outcomes: readonly (Outcome | undefined)[],
  expectedAt: (i: number, check: Check) => { value: unknown } | undefined, seed: number,
): CheckResult[] {
  if (!lines.some((l) => l.name === "t2_z9_is_error" && l.status === "fail" && l.chargedTo === undefined)) return [...judged];
  const compared = (p: PlannedCheck): string => p.check.compare ?? "content";
  const failing = plan.filter((p) => (compared(p) === "content" || compared(p) === "envelope") && judged.some((c) => c.name === p.check.id && c.status === "fail" && c.chargedTo === undefined));
  if (!failing.length) return [...judged];
  const read = (check: Check, actual: unknown): unknown => (check.part ? check.part(comparedPart(actual, "content")) : comparedPart(actual, "content"));
  // The whole model answer to the same input, for the text of a failure an envelope's part does not hold.
  const modelAnswer = (p: PlannedCheck, i: number): unknown => expectedAt(p.offset + i, { ...p.check, compare: "content", part: undefined } as Check)?.value;
  const lenient = judgeChecks(failing, outcomes, expectedAt, (check) => {
    const p = failing.find((f) => f.check === check)!;
    const envelope = (actual: unknown): unknown => (check.part ? check.part(comparedPart(actual, "envelope")) : comparedPart(actual, "envelope"));
    return (want, actual, i) => failureSentAsError(failureText(modelAnswer(p, i)), actual) ||
      (compared(p) === "content" ? sameJson(withoutIsError(read(check, actual)), withoutIsError(want)) : sameJson(envelope(actual), want));
  }, seed);
  return judged.map((c) => (lenient.find((l) => l.name === c.name)?.status === "pass" ? { ...c, chargedTo: "t2_z9_is_error", message: `${c.message ?? ""} Up to isError it follows its rule: t2_z9_is_error's mistake, charged there, costs nothing more.` } : c));
}
