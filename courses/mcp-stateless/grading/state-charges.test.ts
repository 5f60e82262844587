import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { chargeLineRulesToState, STATE_CHECK } from "./state-charges.js";

const fail = (name: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", message: "m" });
const planned = (id: string, offset: number): PlannedCheck => ({ check: { id, task: "task2", title: id, rule: "", hint: "", inputs: () => [] }, inputs: [1, 2], offset }) as PlannedCheck;
const ok = (value: unknown): Outcome => ({ ok: true, value });

describe("line rules failing by state kept between calls", () => {
  const plan = [planned("t2_same_a", 0), planned("t2_same_b", 2)];
  const checks = [fail("t2_same_a"), fail("t2_same_b"), fail(STATE_CHECK)];
  const rules = new Set(["t2_same_a", "t2_same_b"]);

  it("charges a rule to the state check when each failing input sent alone gets the rules' answer, not one whose alone answer is wrong too", () => {
    const alone = [ok("right"), ok("right"), ok("right"), ok("wrong")];
    const out = chargeLineRulesToState(checks, plan, rules, (p) => [p.offset, p.offset + 1], (i) => alone[i], (_p, _i, o) => o.ok && o.value === "right");
    expect(out.map((c) => c.chargedTo)).toEqual([STATE_CHECK, undefined, undefined]);
    expect(out[1]!.message).toContain("fix that first");
  });

  it("charges nothing when no failing input was sent alone, or the state check did not fail", () => {
    expect(chargeLineRulesToState(checks, plan, rules, () => [0], () => undefined, () => true).map((c) => c.chargedTo)).toEqual([undefined, undefined, undefined]);
    const stateless = [fail("t2_same_a"), { ...fail(STATE_CHECK), status: "pass" as const }];
    expect(chargeLineRulesToState(stateless, plan, rules, () => [0], () => ok("right"), () => true)[0]!.chargedTo).toBeUndefined();
  });
});
