// A key added to every request (a "version" beside jsonrpc, id, method and params) costs the
// request keys' line, and voided the client's two families reading through it, though the
// grader's scripted server answers a request by its method and id and never reads another key:
// such a slip reaches none of the calls those families fail on (helper 75's client-slip-keys-rules
// kept 40/41 skipping both). Keys left out (no jsonrpc, no id) do reach them: read through as before.
import type { CheckResult } from "../../../src/report/types.js";
import { LINE_RULES } from "../evidence/line-rules.js";
import { TASK3_FAMILIES } from "../evidence/rule-families.js";

const KEYS_LINE = "t3_request_keys";

/** The client's families with `notThrough` the request keys' line and rules where that line shows only keys added. */
export function notThroughAddedKeys(lines: readonly CheckResult[], rules: readonly CheckResult[]): CheckResult[] {
  const line = lines.find((c) => c.name === KEYS_LINE && c.status === "fail" && c.chargedTo === undefined);
  if (typeof line?.expected !== "string" || typeof line.actual !== "string") return [...rules];
  const sent = new Set(line.actual.split(","));
  if (!line.expected.split(",").every((key) => sent.has(key))) return [...rules];
  return rules.map((c) => (Object.hasOwn(TASK3_FAMILIES, c.name) && c.status === "fail"
    ? { ...c, notThrough: [...(c.notThrough ?? []), KEYS_LINE, ...(LINE_RULES[KEYS_LINE] ?? [])] } : c));
}
