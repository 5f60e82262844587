// One mistake, one point, inside a task (issue 20): two of a task's evidence lines can read the
// same thing the code got wrong. The later line is then charged to the earlier (`chargedTo`), and
// so is its own rule when the rule's smallest counterexample shows the same thing, or that rule
// would take the later line's point for it (src/pack/score.ts). Two places in the chapter:
// - a key toMcp's result lacks: t1_keys shows it, and t1_name_description_unchanged or
//   t1_schema_unchanged reads the missing key (right once it is there); and on generated tools,
//   t1_same_keys and the rules t1_same_name_description or t1_same_schema;
// - the found text of a valid call: t2_id3_text and t2_id7_text both read it, and id 7's text is
//   then id 3's with id 7's arguments (a query written with JSON.stringify, say); and the text
//   lines of ids 3, 5 and 7 when each result has a content but no content[0].text;
// - serve's result with one thing left out (it stopped early, or wrote no Parse error line), or
//   with an empty line read as a message: the count lines and the lines whose answer is gone.
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { canonicalJson } from "../../../src/json/python-json.js";
import { LINES, MESSAGES } from "../course/fixtures.js";
import { foundText, MCP_TOOL, PARSE_ERROR_RESPONSE } from "../course/protocol.js";
import { EVIDENCE_LINES } from "../evidence/lines.js";
import { deepEqual, isObject } from "../evidence/reading.js";
import { TASK3_LINES } from "../evidence/task3-lines.js";

export const ownFailure = (c: CheckResult | undefined): boolean => c?.status === "fail" && c.chargedTo === undefined;
const rulesOf = (key: string): readonly string[] => EVIDENCE_LINES.find((l) => l.key === key)?.rules ?? [];

/** The answer a behaviour check shows as its smallest counterexample, when it is whole JSON. */
export function shownAnswer(check: CheckResult): unknown {
  try { return typeof check.actual === "string" ? JSON.parse(check.actual) as unknown : undefined; } catch { return undefined; }
}

/** `line` (failed on its own) and each of its rules that `showsIt` charged to `to`. */
export function charge(judged: TaskJudgement, line: string, to: string, why: string, showsIt: (answer: unknown, rule: CheckResult) => boolean): void {
  if (!ownFailure(judged.checks.find((c) => c.name === line))) return;
  const mark = (c: CheckResult): CheckResult => ({ ...c, chargedTo: to, message: `${c.message ?? ""} ${why}`.trim() });
  judged.checks = judged.checks.map((c) => (c.name === line ? mark(c) : c));
  const rules = rulesOf(line);
  if (judged.extra) judged.extra = judged.extra.map((c) => (rules.includes(c.name) && ownFailure(c) && showsIt(shownAnswer(c), c) ? mark(c) : c));
}

const TASK1_READS: Readonly<Record<string, readonly string[]>> = {
  t1_name_description_unchanged: ["name", "description"],
  t1_schema_unchanged: ["inputSchema"],
};

/** Task 1's lines that read a key toMcp's result lacks, charged to t1_keys. */
export function chargeMissingKeys(task1: TaskJudgement, result: unknown): void {
  if (!ownFailure(task1.checks.find((c) => c.name === "t1_keys")) || !isObject(result)) return;
  for (const [key, reads] of Object.entries(TASK1_READS)) {
    const lacks = (answer: unknown): boolean => isObject(answer) && reads.some((k) => !Object.hasOwn(answer, k));
    if (!lacks(result)) continue;
    const line = EVIDENCE_LINES.find((l) => l.key === key)!;
    const filled = { ...Object.fromEntries(reads.filter((k) => !Object.hasOwn(result, k)).map((k) => [k, (MCP_TOOL as unknown as Record<string, unknown>)[k]])), ...result };
    let right: boolean;
    try { right = line.compute({ task: "task1", result: filled }) === line.accepted; } catch { right = false; }
    if (right) charge(task1, key, "t1_keys", `The result has no ${reads.filter((k) => !Object.hasOwn(result, k)).join(" or ")} key: the mistake t1_keys charges; it costs nothing more here.`, lacks);
  }
}

const RULE_READS: Readonly<Record<string, readonly string[]>> = {
  t1_same_name_description: ["name", "description"],
  t1_same_schema: ["inputSchema"],
  t1_schema_extra_keys: ["inputSchema"],
  t1_inherited_names: ["inputSchema"],
};

/**
 * The same on generated tools: a key toMcp's result lacks there only (an empty description left
 * out) fails t1_same_keys, and t1_same_name_description or a rule of the schema reads the missing
 * key too; when the smallest counterexample is right but for that key, the rule is charged to
 * t1_same_keys (it cost 2).
 */
export function chargeMissingKeyRules(task1: TaskJudgement): void {
  if (!task1.extra || !ownFailure(task1.extra.find((c) => c.name === "t1_same_keys"))) return;
  task1.extra = task1.extra.map((c) => {
    const reads = RULE_READS[c.name];
    const actual = ownFailure(c) ? shownAnswer(c) : undefined;
    let expected: unknown;
    try { expected = typeof c.expected === "string" ? JSON.parse(c.expected) : undefined; } catch { expected = undefined; }
    if (!reads || !isObject(actual) || !isObject(expected)) return c;
    const missing = reads.filter((k) => !Object.hasOwn(actual, k));
    if (missing.length === 0 || !reads.every((k) => missing.includes(k) || deepEqual(actual[k], expected[k]))) return c;
    return { ...c, chargedTo: "t1_same_keys", message: `${c.message ?? ""} The result has no ${missing.join(" or ")} key: the mistake t1_same_keys charges; it costs nothing more here.`.trim() };
  });
}

const at = (i: number): Record<string, unknown> => (MESSAGES[i] as unknown as { params: { arguments: Record<string, unknown> } }).params.arguments;
export const indexOfId = (id: number): number => MESSAGES.findIndex((m) => "id" in m && m.id === id);

function textOf(answer: unknown): string | undefined {
  const content = isObject(answer) && isObject(answer["result"]) ? answer["result"]["content"] : undefined;
  const first = Array.isArray(content) ? content[0] : undefined;
  return isObject(first) && typeof first["text"] === "string" ? first["text"] : undefined;
}

/** The query and service a found text in the chapter's form names, or undefined. */
function foundArguments(text: string | undefined): Record<string, string> | undefined {
  const [before, between, after] = foundText("\u0000", "\u0000").split("\u0000") as [string, string, string];
  if (text === undefined || !text.startsWith(before) || !text.endsWith(after)) return undefined;
  const middle = text.slice(before.length, text.length - after.length);
  const cut = middle.lastIndexOf(between);
  return cut < 0 ? undefined : { query: middle.slice(0, cut), service: middle.slice(cut + between.length) };
}

/**
 * t2_id7_text charged to t2_id3_text when id 7's text is id 3's with id 7's arguments, and so is
 * its rule when the rule's smallest counterexample is id 3's text with that call's arguments (its
 * query is another: t2_same_call_with_limit varies it).
 */
export function chargeFoundText(task2: TaskJudgement, responses: readonly unknown[]): void {
  if (!ownFailure(task2.checks.find((c) => c.name === "t2_id3_text"))) return;
  const [three, seven] = [indexOfId(3), indexOfId(7)];
  const text3 = textOf(responses[three]);
  const text7 = textOf(responses[seven]);
  if (text3 === undefined || text7 === undefined) return;
  // id 3's text with id 3's argument values replaced by another call's: the same mistake there.
  const written = (args: Record<string, unknown>): string => {
    let text = text3;
    for (const [k, v] of Object.entries(at(three))) {
      const other = args[k];
      if (typeof v === "string" && typeof other === "string") text = text.split(v).join(other);
    }
    return text;
  };
  if (written(at(seven)) !== text7) return;
  const sameMistake = (answer: unknown, rule: CheckResult): boolean => {
    let expected: unknown;
    try { expected = typeof rule.expected === "string" ? JSON.parse(rule.expected) as unknown : undefined; } catch { return false; }
    const args = foundArguments(textOf(expected));
    return args !== undefined && textOf(answer) === written(args);
  };
  charge(task2, "t2_id7_text", "t2_id3_text", "Its text is id 3's with id 7's arguments: the same mistake in the found text, charged by t2_id3_text; it costs nothing more here.", sameMistake);
}

/**
 * serve's lines when its result is the chapter's with one thing left out: the loop ended right
 * after a notification or a line that is not JSON (a break or return where it goes on), or every
 * Parse error line is missing. The count lines and the lines they take with them read one
 * mistake: each failed line after the first is charged to the first.
 */
export function chargeServeLeftOut(task3: TaskJudgement, result: unknown, withOwnHandle: (lines: readonly string[]) => unknown): void {
  if (!isObject(result)) return;
  const same = (want: unknown): boolean => isObject(want) && deepEqual(result["out"], want["out"]) && deepEqual(result["log"], want["log"]);
  const full = withOwnHandle(LINES);
  if (!isObject(full) || same(full)) return;
  const parseError = canonicalJson(PARSE_ERROR_RESPONSE);
  const withoutParseErrors = { ...full, out: (full["out"] as string[]).filter((l) => l !== parseError) };
  // Where the loop may wrongly end: after a line that puts nothing on out as a message does.
  const stops = LINES.map((_, i) => i + 1).filter((k) => k < LINES.length && isNotAnswered(LINES[k - 1]!));
  // An empty line read as a line that is not JSON: a Parse error line and a log line, both from the
  // one rule that empty lines are skipped.
  const blankRead = LINES.some((l) => l.trim() === "") && same(withOwnHandle(LINES.map((l) => (l.trim() === "" ? "\u0000not json" : l))));
  // The first line never read (a loop that starts at 1), the lines after it numbered as they are.
  const firstSkipped = LINES.length > 1 && LINES[0]!.trim() !== "" && same(withOwnHandle(["", ...LINES.slice(1)]));
  const what = same(withoutParseErrors) ? "every Parse error line is missing"
    : firstSkipped ? "serve never reads the first line (look at where the loop starts)"
    : stops.some((k) => same(withOwnHandle(LINES.slice(0, k)))) ? "serve stopped after a line it answers with no message, before the end of the lines"
    : blankRead ? "an empty line is read as a message, answered with a Parse error line and logged, where it is skipped" : undefined;
  if (!what) return;
  const lines = new Set<string>(TASK3_LINES.map((l) => l.key));
  const first = task3.checks.find((c) => lines.has(c.name) && ownFailure(c));
  if (!first) return;
  task3.checks = task3.checks.map((c) => (c !== first && lines.has(c.name) && ownFailure(c)
    ? { ...c, chargedTo: first.name, message: `${c.message ?? ""} One mistake (${what}), charged by ${first.name}; it costs nothing more here.`.trim() } : c));
}

/** Whether a line gets no answer that is a message: a notification, or text that is not JSON. */
function isNotAnswered(line: string): boolean {
  try { const m = JSON.parse(line) as unknown; return isObject(m) && !Object.hasOwn(m, "id"); } catch { return true; }
}

const hasContent = (answer: unknown): boolean => isObject(answer) && isObject(answer["result"]) && Object.hasOwn(answer["result"], "content");

/**
 * The text lines of ids 5 and 7 charged to t2_id3_text when no call result has a text where the
 * chapter reads it (content[0].text) but each has a content: one shape of a tool result, wrong.
 */
export function chargeContentShape(task2: TaskJudgement, responses: readonly unknown[]): void {
  const three = responses[indexOfId(3)];
  if (!ownFailure(task2.checks.find((c) => c.name === "t2_id3_text")) || textOf(three) !== undefined || !hasContent(three)) return;
  const shaped = (answer: unknown): boolean => textOf(answer) === undefined && hasContent(answer);
  for (const [line, id] of [["t2_id5_text", 5], ["t2_id7_text", 7]] as const) {
    if (shaped(responses[indexOfId(id)])) charge(task2, line, "t2_id3_text", "The result has a content, but no text at content[0].text: the same shape as id 3's, charged by t2_id3_text; it costs nothing more here.", shaped);
  }
}
