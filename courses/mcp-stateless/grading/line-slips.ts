// A slip in one fixture answer's value (a text's wording, a data field written otherwise, a
// message without its colon) costs its line, and voided every family reading through that line,
// though the slip reaches none of the inputs those families fail on (helper 75: three such slips
// beside a lazy handle kept 38/41, cheats-2026-12-05c). A line whose value is the rules' with one
// stretch written otherwise is such a slip. A family with a failing answer that still fails once
// that stretch is written as the rules write it has a mistake of its own: it is not read through
// the line nor its rules. A line whose value is another altogether (a result where an error is
// due, no answer) stays read through: its mistake may be any family's too. And one slip shown by
// several of the page's lines is charged by the first (chargeRepeatedSlips).
import type { Points } from "../../../src/pack/score.js";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { orderSlip, reordered, repairs, showsSlipOf, valueSlip, type Slip } from "../evidence/value-slip.js";

/**
 * The characters of answers (as JSON text, once a repair) one grading's repairs may read: each
 * repair reads an answer whole, and a submission's answers are the student's to make large.
 * Past it an answer is not repaired (its family is its own mistake): the rules' answers are small.
 */
const REPAIR_BUDGET = 20_000_000;
interface Budget { chars: number }

/** Whether the answer is the rules' once one of the slips, or all of them, is written right there. */
function rightWithout(value: unknown, slips: readonly Slip[], passes: (value: unknown) => boolean, budget: Budget): boolean {
  let text: string | undefined;
  try { text = JSON.stringify(value); } catch { return false; }
  if (text === undefined) return false;
  const tries = [...slips.flatMap(repairs), (t: string) => slips.reduce((acc, s) => repairs(s)[0]?.(acc) ?? acc, t)];
  const cost = text.length * (tries.length + 1);
  if (cost > budget.chars) return false;
  budget.chars -= cost;
  if (tries.some((repair) => {
    let fixed: unknown;
    try { fixed = JSON.parse(repair(text!)) as unknown; } catch { return false; }
    return passes(fixed);
  })) return true;
  // A list's order: the lists of named objects put in the rules' order.
  const orders = slips.flatMap((s) => (s.order ? [s.order] : []));
  return orders.length > 0 && passes(orders.reduce((v, order) => reordered(v, order), JSON.parse(text) as unknown));
}

/** A family's failing answers, and whether an answer is the rules'. */
export interface FailingAnswers { values: readonly unknown[]; passes: (value: unknown, k: number) => boolean }

/**
 * A task's FailingAnswers by check, from its planned checks, the outcomes of their inputs and
 * `fails(p, k, outcome)`; undefined where a failing input got no answer (no slip is what it shows).
 */
export function failingAnswersOf(
  planned: readonly PlannedCheck[], outcomes: readonly (Outcome | undefined)[], fails: (p: PlannedCheck, k: number, outcome: Outcome | undefined) => boolean,
): (name: string) => FailingAnswers | undefined {
  return (name) => {
    const p = planned.find((q) => q.check.id === name);
    if (!p) return undefined;
    const at = p.inputs.flatMap((_, k) => (fails(p, k, outcomes[p.offset + k]) ? [k] : []));
    const values = at.map((k) => outcomes[p.offset + k]);
    if (values.some((o) => o?.ok !== true)) return undefined;
    return { values: values.map((o) => (o as { value: unknown }).value), passes: (value, j) => !fails(p, at[j]!, { ok: true, value }) };
  };
}

/**
 * The failed families (by `families`' through lists) with `notThrough` their lines' value slips
 * (of `lines`) and those lines' rules, where an answer still fails with the slips written right.
 */
export function markLineValueSlips(all: readonly CheckResult[], lines: readonly CheckResult[], families: Readonly<Record<string, Points>>, failing: (name: string) => FailingAnswers | undefined): CheckResult[] {
  // Each failed line's slip; a line charged to another (the same slip shown again) keeps its own
  // stretch, and where it alone fails a family, the family goes where the line went.
  const chargedTo = new Map<string, string>();
  const slips = lines.flatMap((c) => {
    if (c.kind !== "evidence" || c.status !== "fail" || typeof c.expected !== "string" || typeof c.actual !== "string") return [];
    const slip = valueSlip(c.name, c.expected, c.actual) ?? orderSlip(c.name, c.expected, c.actual);
    if (slip && c.chargedTo !== undefined) chargedTo.set(c.name, c.chargedTo);
    return slip ? [slip] : [];
  });
  if (slips.length === 0) return [...all];
  const budget: Budget = { chars: REPAIR_BUDGET };
  // A line charged to a slipped line (it shows that slip again: evidence/lines.ts) takes its rules
  // along where their every failing answer is right with that slip written right.
  const slipOf = new Map(slips.map((s) => [s.line, s]));
  const alongWith = new Map<string, string>();
  for (const line of lines) {
    const slip = line.chargedTo !== undefined ? slipOf.get(line.chargedTo) : undefined;
    for (const rule of slip ? LINE_RULES[line.name] ?? [] : []) {
      const c = all.find((x) => x.name === rule && x.status === "fail" && x.chargedTo === undefined && !x.crashed);
      const answers = c ? failing(rule) : undefined;
      if (answers && answers.values.length > 0 && answers.values.every((v, k) => rightWithout(v, [slip!], (fixed) => answers.passes(fixed, k), budget))) alongWith.set(rule, slip!.line);
    }
  }
  const charged = all.map((c) => {
    const to = alongWith.get(c.name);
    return to === undefined ? c : { ...c, chargedTo: to, message: `${c.message ?? ""} Every answer it failed is right with ${to}'s slip written right: that slip, charged there; it costs nothing more here.`.trim() };
  });
  return markFamilies(charged, slips, chargedTo, families, failing, budget);
}

function markFamilies(all: readonly CheckResult[], slips: readonly Slip[], chargedTo: ReadonlyMap<string, string>, families: Readonly<Record<string, Points>>, failing: (name: string) => FailingAnswers | undefined, budget: Budget): CheckResult[] {
  // Each failed family's verdict: right once the slips it reads are written right, or not.
  const bySlip = new Set<string>();
  const own = new Map<string, Slip[]>();
  for (const c of all) {
    const through = families[c.name]?.through;
    if (!through || c.status !== "fail" || c.chargedTo !== undefined || c.crashed) continue;
    const read = slips.filter((s) => through.includes(s.line));
    const answers = read.length > 0 ? failing(c.name) : undefined;
    if (!answers || answers.values.length === 0) continue;
    // Every failing answer right once the slips are: the slips' failure, read through them.
    if (answers.values.every((v, k) => rightWithout(v, read, (fixed) => answers.passes(fixed, k), budget))) bySlip.add(c.name);
    else own.set(c.name, read);
  }
  // A family of its own is read through neither the slips' lines and rules nor the families that
  // failed only by those slips.
  return all.map((c) => {
    const read = own.get(c.name);
    // Failing only by slips of lines all charged elsewhere: charged where they are (read through a
    // line charged to another would charge nothing).
    const through = families[c.name]?.through;
    const lines = bySlip.has(c.name) ? slips.filter((s) => through!.includes(s.line)) : [];
    const to = lines.length > 0 && lines.every((s) => chargedTo.has(s.line)) ? chargedTo.get(lines[0]!.line) : undefined;
    if (to !== undefined) return { ...c, chargedTo: to, message: `${c.message ?? ""} Every answer it failed is right with ${lines[0]!.line}'s slip written right: that slip, charged by ${to}; it costs nothing more here.`.trim() };
    if (!read) return c;
    return { ...c, notThrough: [...(c.notThrough ?? []), ...read.flatMap((s) => [s.line, ...(LINE_RULES[s.line] ?? [])]), ...through!.filter((n) => bySlip.has(n))] };
  });
}

/**
 * A task's lines with each failed line that shows an earlier failed line's value slip again (an
 * "Error: " prefix written "error: " in every tool error's text) charged to that line: one slip,
 * one point, however many of the page's lines show it.
 */
export function chargeRepeatedSlips(lines: readonly CheckResult[]): CheckResult[] {
  const own = (c: CheckResult): c is CheckResult & { expected: string; actual: string } =>
    c.kind === "evidence" && c.status === "fail" && c.chargedTo === undefined && typeof c.expected === "string" && typeof c.actual === "string";
  const out = [...lines];
  out.forEach((later, i) => {
    if (!own(later)) return;
    const first = out.slice(0, i).find((c) => own(c) && showsSlipOf(c.actual, c.expected, later.actual, later.expected));
    if (first) out[i] = { ...later, chargedTo: first.name, message: `${later.message ?? ""} It is ${first.name}'s slip again, written right there it is right here: charged there; it costs nothing more here.`.trim() };
  });
  return out;
}
