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
    expect(skippedAsBlank(list, answer(["", "", "5"]))).toEqual({ wide: true, narrow: false });
    expect(skippedAsBlank(list, answer(["", "", ""]))).toEqual({ wide: true, narrow: false });
  });

  it("reads an answer that read blank lines (a tab alone parsed: a blank test too narrow), and serve's own Parse error line", () => {
    const list = ["\t", "{"];
    expect(skippedAsBlank(list, answer(["x", "{"]))).toEqual({ wide: false, narrow: true });
    const own = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error." } });
    const slipped: Outcome = { ok: true, value: { out: [own, own], log: ["line 1", "line 2"] } };
    expect(skippedAsBlank(list, slipped)).toBeUndefined();
    expect(skippedAsBlank(list, slipped, own)).toEqual({ wide: false, narrow: true });
    // Only the slip: the list is judged so where serve's Parse error line is its own.
    expect(skippedAsBlank(["{"], { ok: true, value: { out: [own], log: ["line 1"] } }, own)).toEqual({ wide: false, narrow: false });
  });

  it("charges the kinds' checks failing only by blank lines read to t4_blank_lines where it failed", () => {
    const plan = [planned("t4_blank_lines", [["\t"]], 0), planned("t4_unreadable_lines", [["\t", "{"]], 1), planned("t4_not_objects", [["\t", "5"]], 2)];
    const outcomes = [{ ok: true, value: { out: ["x"], log: ["line 1"] } } as Outcome, answer(["x", "{"]), answer(["x", "5"])];
    const out = chargeSkippedAsBlank(["t4_blank_lines", "t4_unreadable_lines", "t4_not_objects"].map(failed), plan, outcomes, () => [0]);
    expect(out.map((c) => c.chargedTo)).toEqual([undefined, "t4_blank_lines", "t4_blank_lines"]);
  });

  it("does not read the rules' own answer, another answer, a throw, or a list holding an object", () => {
    expect(skippedAsBlank(["{", "5"], answer(["{", "5"]))).toBeUndefined();
    expect(skippedAsBlank(["{", "5"], { ok: true, value: { out: [], log: ["line 1", "line 2"] } })).toBeUndefined();
    expect(skippedAsBlank(["{", "5"], { ok: false, failure: { reason: "crash", message: "boom" } } as Outcome)).toBeUndefined();
    expect(skippedAsBlank(['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', "{"], { ok: true, value: { out: [], log: [] } })).toBeUndefined();
    // Numbered from 0: the lines are logged, only wrongly.
    expect(skippedAsBlank(["{"], { ok: true, value: { out: serveWith(["{"], () => null).out, log: ["line 0"] } })).toBeUndefined();
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
