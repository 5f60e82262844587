// One mistake, one point, where a response is judged three ways: a response the pack's rules
// decide is compared with its model by a behaviour check, and checked by the MCP schema, an SDK's
// client and the stdio check too. A shape wrong in a way no evidence line reads (a result missing
// a field the schema requires) failed all of them, a point each. When a behaviour check of the
// task failed, the task's schema and interop failures, and a stdio failure that refused a
// response rather than a print, are charged where that check's are.
import type { CheckResult } from "../report/types.js";

/** Whether a stdout line the stdio check refused is a response (a JSON object), not a print. */
function isResponse(line: string | null | undefined): boolean {
  if (typeof line !== "string") return false;
  try { const v = JSON.parse(line) as unknown; return v !== null && typeof v === "object" && !Array.isArray(v); } catch { return false; }
}

/** `checks` with those failures charged to the first failed behaviour check's charge, or undefined when none is. */
export function chargeBehindBehaviour(checks: readonly CheckResult[]): CheckResult[] | undefined {
  const failed = checks.filter((c) => c.kind === "behaviour" && c.status === "fail");
  const cause = failed.find((c) => c.chargedTo === undefined) ?? failed[0];
  if (!cause) return undefined;
  const target = cause.chargedTo ?? cause.name;
  const note = ` The responses the rules decide are judged against them by ${cause.name}, which failed: the same mistake, charged by ${target}; it costs nothing more here.`;
  let changed = false;
  const out = checks.map((c) => {
    if ((c.kind !== "schema" && c.kind !== "interop" && !(c.kind === "stdio" && isResponse(c.actual))) || c.status !== "fail" || c.chargedTo !== undefined) return c;
    changed = true;
    return { ...c, chargedTo: target, message: `${c.message ?? ""}${note}` };
  });
  return changed ? out : undefined;
}
