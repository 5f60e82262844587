import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import { chargeToolReadThrough, resolveTask1Charges } from "./read-through-tool.js";

const check = (name: string, status: CheckResult["status"], kind = "behaviour"): CheckResult => ({ name, kind, title: name, status });

describe("handle's checks that read through toMcp's tool", () => {
  it("marks as task 1's only a check that fails against the chapter's tool and passes against the student's", () => {
    const checks = [check("t2_missing_field", "fail"), check("t2_unknown_tools", "fail"), check("t2_valid_calls", "pass")];
    const again = [check("t2_missing_field", "pass"), check("t2_unknown_tools", "fail"), check("t2_valid_calls", "pass")];
    const marked = chargeToolReadThrough(checks, again);
    expect(marked.map((c) => c.chargedTo)).toEqual(["task1", undefined, undefined]);
  });

  it("charges them to task 1's failed line, or back to task 2 when task 1 failed nothing", () => {
    const marked = chargeToolReadThrough([check("t2_missing_field", "fail")], [check("t2_missing_field", "pass")]);
    const task1 = [check("t1_keys", "pass", "evidence"), check("t1_input_unchanged", "fail"), check("t1_schema_unchanged", "fail", "evidence")];
    expect(resolveTask1Charges(marked, task1)[0]).toMatchObject({ status: "fail", chargedTo: "t1_schema_unchanged" });
    expect(resolveTask1Charges(marked, task1)[0]!.message).toContain("toMcp's mistake (task1.ts)");
    const unresolved = resolveTask1Charges(marked, [check("t1_keys", "pass", "evidence")])[0]!;
    expect(unresolved.status).toBe("fail");
    expect("chargedTo" in unresolved).toBe(false);
  });
});
