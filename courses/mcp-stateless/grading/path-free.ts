// A page line reaches only the families whose failing messages take its path (issue 20: no points
// without the work). A family is read through the page's lines (evidence/rule-families.ts): while
// one fails, the family's failure may be that line's one mistake, and costs nothing more. A handle
// that skipped the argument rules failed the page's bad-arguments line, and every family read
// through it went free with it, jsonrpc's, odd params' and inherited names' included, whose
// failing requests the rules answer with errors: skipping more work kept two points more
// (cheats-2026-12-06e, the lazy controls: 37/41 without checkArgs, 35/41 with it). A path is the
// kind of answer the rules give (an error, a tool's error result, a method's result): one slip in
// writing a kind of answer shows wherever the rules give that kind, whatever the method, tool,
// resource or code (c-str-is-repr: every name an error names quoted). A family with a failing
// request whose kind no failing line's request has is not read through those lines
// (CheckResult.notThrough).
import type { CheckResult } from "../../../src/report/types.js";
import type { PlannedCheck } from "../behaviour/check.js";
import { answersOf, newServer } from "../behaviour/model.js";
import { MESSAGES } from "../course/fixtures.js";
import { evidenceOf } from "../evidence/lines.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { TASK2_FAMILIES } from "../evidence/rule-families.js";

const THREW = Symbol("threw");
const readOr = (read: (v: unknown) => string, values: unknown[]): string | typeof THREW => { try { return read(values); } catch { return THREW; } };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The kind of answer the rules give: none, an error (one slip in writing errors, a name's quoting, shows in every code), a tool's error result, or a method's result. */
function kindOf(answer: unknown, message: unknown): string {
  if (!isObject(answer)) return "none";
  if (isObject(answer["error"])) return "error";
  const result = answer["result"];
  if (isObject(result) && result["isError"] === true) return "tool error";
  return `result of ${String(isObject(message) ? message["method"] : "")}`;
}

// The kinds of answer each of handle's lines reads, from the page's requests whose answer, made
// another, changes the line. A line that reads most of them (every answer's envelope) or the
// notification (which are answered: t2_responses) has no one path.
let kinds: Map<string, Set<string>> | undefined;
function lineKinds(): Map<string, Set<string>> {
  if (kinds) return kinds;
  const answers = answersOf(MESSAGES);
  kinds = new Map();
  for (const line of evidenceOf("task2")) {
    const base = readOr(line.read, answers);
    const reads = MESSAGES.flatMap((m, i) => {
      const other = [...answers];
      other[i] = { jsonrpc: "2.0", id: (m as { id?: unknown }).id ?? null, result: { content: [] } };
      return readOr(line.read, other) === base ? [] : [i];
    });
    if (reads.length > 0 && reads.length <= 2 && reads.every((i) => Object.hasOwn(MESSAGES[i] as object, "id"))) kinds.set(line.key, new Set(reads.map((i) => kindOf(answers[i], MESSAGES[i]))));
  }
  return kinds;
}

// The generated requests are a seed's, the same objects for a batch's every submission: each one's
// kind is found once.
const inputKinds = new WeakMap<object, string>();

/** The kind of the rules' answer to a generated request alone. */
function inputKind(input: unknown): string {
  const known = typeof input === "object" && input !== null ? inputKinds.get(input) : undefined;
  if (known !== undefined) return known;
  let kind: string;
  try { kind = kindOf(newServer()(input as never), input); } catch { kind = "none"; }
  if (typeof input === "object" && input !== null) inputKinds.set(input, kind);
  return kind;
}

/**
 * `checks` (handle's extra checks) with each failing family marked not read through the failing
 * lines (and their rules) when one of its failing inputs gets a kind of answer none of theirs
 * does; `lines`: handle's evidence checks; `failing(p)`: a planned check's failing inputs.
 */
export function markPathFree(checks: readonly CheckResult[], lines: readonly CheckResult[], plan: readonly PlannedCheck[], failing: (p: PlannedCheck) => number[]): CheckResult[] {
  const own = (c: CheckResult | undefined): boolean => c?.status === "fail" && c.chargedTo === undefined;
  const byName = new Map([...lines, ...checks].map((c) => [c.name, c]));
  const paths = [...lineKinds()].flatMap(([line, k]) => [line, ...(LINE_RULES[line] ?? [])].filter((name) => own(byName.get(name))).map((name) => ({ name, kinds: k })));
  if (!paths.length) return [...checks];
  return checks.map((c) => {
    const p = own(c) && Object.hasOwn(TASK2_FAMILIES, c.name) ? plan.find((q) => q.check.id === c.name) : undefined;
    if (!p) return c;
    const unexplained = failing(p).some((k) => { const kind = inputKind(p.inputs[k]); return !paths.some((path) => path.kinds.has(kind)); });
    if (!unexplained) return c;
    const free = paths.map(({ name }) => name).filter((name) => !(c.notThrough ?? []).includes(name));
    return free.length ? { ...c, notThrough: [...(c.notThrough ?? []), ...free] } : c;
  });
}
