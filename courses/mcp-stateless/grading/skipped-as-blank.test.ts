import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { serveWith } from "../behaviour/model.js";
import { chargeSkippedAsBlank, skippedAsBlank } from "./skipped-as-blank.js";

const answer = (lines: string[]): Outcome => ({ ok: true, value: serveWith(lines, () => null) });
const planned = (id: string, inputs: unknown[], offset: number): PlannedCheck =>
  ({ check: { id, task: "task4", title: id, rule: "", hint: "", inputs: () => inputs }, inputs, offset }) as PlannedCheck;
const failed = (name: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", message: "m" });

describe("lines of every kind taken as blank (one slip: the blank test)", () => {
  it("reads an answer that skipped non-blank lines unanswered and unlogged, line numbers still counted", () => {
    const list = ["{", "", "5"];
    expect(skippedAsBlank(list, answer(["", "", "5"]))).toBe(true);
    expect(skippedAsBlank(list, answer(["", "", ""]))).toBe(true);
  });

  it("does not read the rules' own answer, another answer, a throw, or a list holding an object", () => {
    expect(skippedAsBlank(["{", "5"], answer(["{", "5"]))).toBe(false);
    expect(skippedAsBlank(["{", "5"], { ok: true, value: { out: [], log: ["line 1", "line 2"] } })).toBe(false);
    expect(skippedAsBlank(["{", "5"], { ok: false, failure: { reason: "crash", message: "boom" } } as Outcome)).toBe(false);
    expect(skippedAsBlank(['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', "{"], { ok: true, value: { out: [], log: [] } })).toBe(false);
    // Numbered from 0: the lines are logged, only wrongly.
    expect(skippedAsBlank(["{"], { ok: true, value: { out: serveWith(["{"], () => null).out, log: ["line 0"] } })).toBe(false);
  });

  it("charges the later kinds' checks to the first whose every failure is so, and leaves a check failing otherwise its own", () => {
    const plan = [planned("t4_blank_lines", [[" ", "{"]], 0), planned("t4_unreadable_lines", [["{"]], 1), planned("t4_not_objects", [["5"]], 2)];
    const outcomes = [answer([" ", ""]), answer([""]), answer(["5"])];
    const checks = ["t4_blank_lines", "t4_unreadable_lines", "t4_not_objects"].map(failed);
    const out = chargeSkippedAsBlank(checks, plan, outcomes, (p) => (p.check.id === "t4_not_objects" ? [] : [0]));
    expect(out.map((c) => c.chargedTo)).toEqual([undefined, "t4_blank_lines", undefined]);
    // The blank check failing another way: the first such is the unreadable lines' check.
    const other: Outcome[] = [{ ok: true, value: { out: ["x"], log: [] } }, answer([""]), answer([""])];
    const again = chargeSkippedAsBlank(checks, plan, other, () => [0]);
    expect(again.map((c) => c.chargedTo)).toEqual([undefined, undefined, "t4_unreadable_lines"]);
  });
});
