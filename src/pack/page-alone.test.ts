import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { chargePageLinesToState, inPageOrder, pageAloneAsked, pageAloneRun } from "./page-alone.js";

const line = (name: string, status: CheckResult["status"], chargedTo?: string): CheckResult => ({ name, kind: "evidence", title: name, status, ...(chargedTo ? { chargedTo } : {}) });
const state = (status: CheckResult["status"], chargedTo?: string): CheckResult => ({ name: "t2_state", kind: "behaviour", title: "state", status, ...(chargedTo ? { chargedTo } : {}) });

describe("the page's messages alone", () => {
  it("go each to a fresh instance in a context of their own, by rank then in the page's order, and come back in the page's order", () => {
    const { spec, order } = pageAloneRun({ entry: "task2.ts", exportName: "handle" }, ["a", "init", "b", "retry"], (i) => [1, 2, 1, 0][i]!);
    expect(order).toEqual([3, 0, 2, 1]);
    expect([spec.inputs, spec.instance, spec.context, spec.stopOnFailure]).toEqual([["retry", "a", "b", "init"], "fresh", "fresh", false]);
    expect(inPageOrder(["R", "A", "B"], order)).toEqual(["A", undefined, "B", "R"]);
  });

  it("are asked for when the state check failed, charged nowhere, beside a line charged nowhere", () => {
    expect(pageAloneAsked([line("l1", "fail"), state("fail")], "t2_state")).toBe(true);
    expect(pageAloneAsked([line("l1", "fail", "t1_x"), state("fail")], "t2_state")).toBe(false);
    expect(pageAloneAsked([line("l1", "fail"), state("pass")], "t2_state")).toBe(false);
    expect(pageAloneAsked([line("l1", "fail"), state("fail", "t1_x")], "t2_state")).toBe(false);
  });

  it("charge to the state each failed line they make right, and only those, and nothing when the state check holds", () => {
    const page = [line("l1", "fail"), line("l2", "fail"), line("l3", "pass"), line("l4", "fail", "t1_x"), { ...line("out", "fail"), kind: "output" as const }];
    const alone = [line("l1", "pass"), line("l2", "fail"), line("l3", "pass"), line("l4", "pass"), line("out", "pass")];
    const charged = chargePageLinesToState(page, alone, state("fail"), "handle");
    expect(charged.map((c) => c.chargedTo)).toEqual(["t2_state", undefined, undefined, "t1_x", undefined]);
    expect(charged[0]!.message).toContain("state kept between calls, charged by t2_state");
    expect(charged[1]!.message).toContain("handle keeps state between calls");
    expect(chargePageLinesToState(page, alone, state("pass"), "handle")).toEqual(page);
    expect(chargePageLinesToState(page, alone, undefined, "handle")).toEqual(page);
  });
});
