import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { chargeIdSlips, type IdReach } from "./id-slip.js";

const result = (name: string, status: CheckResult["status"], extra: Partial<CheckResult> = {}): CheckResult => ({ name, kind: "behaviour", title: name, status, message: "m", ...extra });
const reach = (name: string, failing: number[], right: boolean[]): IdReach => ({ name, failing, rightButForId: (i) => right[i] ?? false });

describe("chargeIdSlips", () => {
  it("charges a failure made only of answers right but for their id to the id rule", () => {
    const [, family] = chargeIdSlips([result("ids", "fail"), result("family", "fail", { ownMistake: true })], [reach("family", [0, 2], [true, false, true])], "ids");
    expect(family).toMatchObject({ status: "fail", chargedTo: "ids" });
    expect(family!.ownMistake).toBeUndefined();
    expect(family!.message).toMatch(/^m Each of them is the rule's answer but for its id/);
  });

  it("leaves the failure the family's own where one failing input is wrong beyond its id", () => {
    const out = chargeIdSlips([result("ids", "fail"), result("family", "fail")], [reach("family", [0, 1], [true, false])], "ids");
    expect(out[1]!.chargedTo).toBeUndefined();
  });

  it("charges nothing while the id rule holds, nor the id rule itself, nor what is charged already", () => {
    const family = result("family", "fail");
    expect(chargeIdSlips([result("ids", "pass"), family], [reach("family", [0], [true])], "ids")[1]).toBe(family);
    const ids = result("ids", "fail");
    expect(chargeIdSlips([ids], [reach("ids", [0], [true])], "ids")[0]).toBe(ids);
    const charged = result("family", "fail", { chargedTo: "x" });
    expect(chargeIdSlips([result("ids", "fail"), charged], [reach("family", [0], [true])], "ids")[1]).toBe(charged);
  });
});
