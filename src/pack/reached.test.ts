import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { chargeReached, type Reach } from "./reached.js";

const result = (name: string, status: CheckResult["status"]): CheckResult => ({ name, kind: "behaviour", title: name, status, message: "m" });
const reach = (failing: number[], byIndex: string[][]): Reach => ({ name: "general", reachedBy: (_, i) => byIndex[i] ?? [], inputs: byIndex.map((_, i) => i), failing });

describe("chargeReached", () => {
  it("charges a failure every failing input of which holds a case of a failed check to the first such check", () => {
    const [, , general] = chargeReached([result("a", "fail"), result("b", "pass"), result("general", "fail")], [reach([0, 2], [["b", "a"], [], ["a"]])]);
    expect(general).toMatchObject({ status: "fail", chargedTo: "a" });
    expect(general!.message).toMatch(/^m Every one of them holds a case that a fails on alone/);
  });

  it("leaves it the check's own when one failing input is reached by no failed check", () => {
    const checks = [result("a", "fail"), result("b", "pass"), result("general", "fail")];
    expect(chargeReached(checks, [reach([0, 1], [["a"], ["b"]])])[2]!.chargedTo).toBeUndefined();
    expect(chargeReached(checks, [reach([0, 1], [["a"], []])])[2]!.chargedTo).toBeUndefined();
  });

  it("leaves passes, skips, checks already charged and checks without a reach as they were", () => {
    const charged = { ...result("general", "fail"), chargedTo: "x" };
    expect(chargeReached([result("a", "fail"), charged], [reach([0], [["a"]])])[1]).toBe(charged);
    const skipped = result("general", "skip");
    expect(chargeReached([result("a", "fail"), skipped], [reach([0], [["a"]])])[1]).toBe(skipped);
    const other = result("other", "fail");
    expect(chargeReached([result("a", "fail"), other], [reach([0], [["a"]])])[1]).toBe(other);
  });
});
