// A tools/list kept from before an addTool (a cache addTool does not drop): t2_tools_added's rule,
// "a tool added is listed by the next tools/list". Its lists after a tool was added to a live
// session with every tool allowed are that check's (model.ts toolsListAdded); the others after an
// add (a tool the allow-list does not name, an add before the session was live) are
// t2_tools_list's, so the one stale cache cost a second point on the seeds whose sessions held such
// a list (fairness-2026-12-05c tools-list-cache-kept-after-addtool: 16/18 at seed 0, 17/18 at
// 12345). When every list t2_tools_list judged wrong is the same server's previous answer again,
// with a tool added between them, and t2_tools_added failed too, it is that mistake, charged there.
import type { CheckResult } from "../../../src/report/types.js";
import type { WrongStep } from "./server-verdicts.js";

const WHY = "Every list it judged wrong is the server's previous tools/list answer again, with a tool added since: the list was not made again after addTool, t2_tools_added's mistake; it costs nothing more here.";

/** Whether step j answers a tools/list with the same server's answer to its previous one, and a tool was added to that server between them. */
function staleAfterAdd({ session, got, j }: WrongStep): boolean {
  const step = session.steps[j];
  const on = step?.on ?? 0;
  const isList = (k: number): boolean => { const s = session.steps[k]!; return s.op === "handle" && (s.on ?? 0) === on && (s.message as { method?: unknown } | null)?.method === "tools/list"; };
  if (!step || !isList(j)) return false;
  let added = false;
  for (let k = j - 1; k >= 0; k--) {
    const s = session.steps[k]!;
    if ((s.on ?? 0) !== on) continue;
    if (s.op === "addTool") added = true;
    else if (isList(k)) return added && sameResult(got[k], got[j]);
  }
  return false;
}

const sameResult = (a: unknown, b: unknown): boolean => {
  const result = (o: unknown): unknown => (o && typeof o === "object" && "value" in o ? (o.value as { result?: unknown } | null)?.result : undefined);
  const ra = result(a);
  return ra !== undefined && JSON.stringify(ra) === JSON.stringify(result(b));
};

export function chargeStaleLists(verdicts: readonly CheckResult[], wrong: ReadonlyMap<string, readonly WrongStep[] | undefined>): CheckResult[] {
  if (!verdicts.some((c) => c.name === "t2_tools_added" && c.status === "fail")) return [...verdicts];
  const steps = wrong.get("t2_tools_list");
  return verdicts.map((c) => (c.name === "t2_tools_list" && c.status === "fail" && c.chargedTo === undefined && steps?.length && steps.every(staleAfterAdd)
    ? { ...c, chargedTo: "t2_tools_added", message: `${c.message ?? ""}\n${WHY}` } : c));
}
