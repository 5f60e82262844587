// A slip in tools/list's order judged by two checks. The page's step-6 list (t2_tools_after, the
// line of t2_tools_added) is, by the model's own reading, a t2_tools_list step: the trace's
// allow-list leaves delete_db out, and t2_tools_added judges only lists where every tool is allowed
// (model.ts toolsListAdded). So one rule's order slip took two points (round 2026-12-07e):
// - allowed tools listed first (m-tools-list-allowed-first): the step-3 list is right (its allowed
//   tools already come first), step 6 is wrong, and t2_tools_list fails; t2_tools_added holds.
//   The line shows t2_tools_list's mistake: charged there.
// - a tool added once live listed first (m-live-added-listed-first): t2_tools_added fails (its
//   line with it), and t2_tools_list fails on the lists after a live add where some tool is not
//   allowed. Where every list t2_tools_list got wrong is right but for the place of the tools
//   added live, it is t2_tools_added's mistake: charged there.
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, Session } from "../behaviour/session.js";
import type { WrongStep } from "./server-verdicts.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The tool names of a tools/list answer, or undefined. */
function names(o: Outcome | undefined): string[] | undefined {
  const value = o !== undefined && "value" in o && isObject(o.value) ? o.value : undefined;
  const result = value?.["result"];
  const tools = isObject(result) ? result["tools"] : undefined;
  return Array.isArray(tools) ? tools.map((t) => String(isObject(t) ? t["name"] : t)) : undefined;
}

const permuted = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
const permutedText = (a: unknown, b: unknown): boolean => typeof a === "string" && typeof b === "string" && a !== b && permuted(a.split(","), b.split(","));

/**
 * The trace's step-6 list wrong by its order alone, while t2_tools_list fails by lists in another
 * order alone and t2_tools_added (the tools added live, every tool allowed) holds: t2_tools_list's
 * mistake. `otherOrder`: the checks every failure of which is a list in another order.
 */
export function chargeListAfterToRule(lines: readonly CheckResult[], verdicts: readonly CheckResult[], otherOrder: readonly string[]): void {
  const after = lines.find((c) => c.name === "t2_tools_after");
  const before = lines.find((c) => c.name === "t2_tool_names");
  const list = verdicts.find((c) => c.name === "t2_tools_list");
  const added = verdicts.find((c) => c.name === "t2_tools_added");
  if (after?.status !== "fail" || after.chargedTo !== undefined || !permutedText(after.actual, after.expected)) return;
  if (before?.status !== "pass" || added?.status !== "pass" || list?.status !== "fail" || list.chargedTo !== undefined || !otherOrder.includes(list.name)) return;
  Object.assign(after, { chargedTo: list.name, message: `${after.message ?? ""}\nThe trace's allow-list leaves delete_db out, so this list is one of t2_tools_list's, which fails by the same order: its mistake, and it costs nothing more here.` });
}

/** The names of the tools added to step j's server after it was made live (a notifications/initialized notification) and before step j. */
function addedLive(session: Session, j: number): Set<string> {
  const on = session.steps[j]?.on ?? 0;
  const out = new Set<string>();
  let live = false;
  session.steps.slice(0, j).forEach((step) => {
    if ((step.on ?? 0) !== on) return;
    if (step.op === "handle" && isObject(step.message) && step.message["method"] === "notifications/initialized" && step.message["jsonrpc"] === "2.0" && !Object.hasOwn(step.message, "id")) live = true;
    if (step.op === "addTool" && live) out.add(step.tool);
  });
  return out;
}

/** Whether a wrong list has the model's tools, in the model's order but for the tools added live. */
function wrongByLiveAddsAlone(w: WrongStep): boolean {
  const mine = names(w.got[w.j]), theirs = names(w.want);
  if (!mine || !theirs || !permuted(mine, theirs)) return false;
  const live = addedLive(w.session, w.j);
  if (live.size === 0) return false;
  const others = (list: string[]): string => list.filter((n) => !live.has(n)).join("\n");
  return others(mine) === others(theirs);
}

/**
 * t2_tools_list failing only by the place of the tools added live, while t2_tools_added fails by
 * lists in another order alone: t2_tools_added's mistake. `wrong`: every step each check judged
 * wrong; `otherOrder` as above.
 */
export function chargeLiveAddedOrder(verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>, otherOrder: readonly string[]): void {
  const list = verdicts.find((c) => c.name === "t2_tools_list");
  const added = verdicts.find((c) => c.name === "t2_tools_added");
  if (added?.status !== "fail" || added.chargedTo !== undefined || !otherOrder.includes(added.name)) return;
  if (list?.status !== "fail" || list.chargedTo !== undefined) return;
  const steps = wrong.get(list.name);
  if (!steps?.length || !steps.every(wrongByLiveAddsAlone)) return;
  Object.assign(list, { chargedTo: added.name, message: `${list.message ?? ""}\nEvery list it judged wrong is right but for the place of the tools added once the session was live, as t2_tools_added's are: that check's mistake, and it costs nothing more here.` });
}
