import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { chargingCheck, resolveCharges } from "./charges.js";

const check = (name: string, status: CheckResult["status"], kind = "behaviour", chargedTo?: string): CheckResult => ({ name, kind, title: name, status, ...(chargedTo ? { chargedTo } : {}) });

describe("charging a mistake to the task whose code made it", () => {
  it("names a task's failed evidence line first, else its failed check, followed to where that is charged", () => {
    expect(chargingCheck([check("t1_b", "fail"), check("t1_line", "fail", "evidence")])).toBe("t1_line");
    expect(chargingCheck([check("t2_b", "fail", "behaviour", "t1_line")])).toBe("t1_line");
    expect(chargingCheck([check("t1_line", "pass", "evidence"), check("t1_b", "skip")])).toBeUndefined();
  });

  it("charges the marked checks to that check, or leaves them charged where they are when the task failed nothing", () => {
    const marked = [check("t2_a", "fail", "behaviour", "task1"), check("t2_b", "fail")];
    const why = (t: string) => `charged by ${t}`;
    const charged = resolveCharges(marked, "task1", [check("t1_line", "fail", "evidence")], why);
    expect(charged.map((c) => c.chargedTo)).toEqual(["t1_line", undefined]);
    expect(charged[0]!.message).toBe("charged by t1_line");
    const back = resolveCharges(marked, "task1", [check("t1_line", "pass", "evidence")], why);
    expect(back.map((c) => "chargedTo" in c)).toEqual([false, false]);
  });
});
