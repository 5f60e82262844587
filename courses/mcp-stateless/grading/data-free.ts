// One slip voids no family it cannot reach (issue 20): an order's data written otherwise (A101 set
// "cancelled" as the module loads) fails t2_data_alone, which every family of handle reads
// through, so it made the order families free too (helper 71's lazy-handle-switch kept 38/41).
// A family whose every failing input gets the same answer from the rules whatever the orders hold
// cannot be showing that change: it is not read through t2_data_alone (CheckResult.notThrough).
import type { CheckResult } from "../../../src/report/types.js";
import type { PlannedCheck } from "../behaviour/check.js";
import { newServer } from "../behaviour/model.js";
import { ORDERS, type Order } from "../course/index.js";
import { sameJson } from "../evidence/reading.js";

const DATA_CHECK = "t2_data_alone";
// Every field of every order other than the page's: an answer that reads one of them reads otherwise.
const OTHER_ORDERS = (): Record<string, Order> =>
  Object.fromEntries(Object.keys(ORDERS).map((id) => [id, { status: "returned", eta: "never", total_inr: 1 }]));

/** Whether the rules' answer to `input`, from a fresh server, reads nothing of the orders' data. */
function readsNoOrder(input: unknown): boolean {
  try { return sameJson(newServer()(input as never), newServer(undefined, OTHER_ORDERS())(input as never)); } catch { return false; }
}

/** `failing(p)`: the inputs of a planned check that failed (indices into its inputs). */
export function markDataFree(checks: readonly CheckResult[], plan: readonly PlannedCheck[], failing: (p: PlannedCheck) => number[]): CheckResult[] {
  if (!checks.some((c) => c.name === DATA_CHECK && c.status === "fail" && c.chargedTo === undefined)) return [...checks];
  return checks.map((c) => {
    const p = c.status === "fail" && c.chargedTo === undefined && c.kind === "behaviour" ? plan.find((q) => q.check.id === c.name) : undefined;
    const inputs = p ? failing(p).map((k) => p.inputs[k]) : [];
    return inputs.length > 0 && inputs.every(readsNoOrder) ? { ...c, notThrough: [...(c.notThrough ?? []), DATA_CHECK] } : c;
  });
}
