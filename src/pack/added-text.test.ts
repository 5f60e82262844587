import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import { addedStretch, chargeAddedTexts } from "./added-text.js";
import type { KindPair } from "./answer-kinds.js";

const pair = (rules: string, code: string): KindPair => ({ rules: "tool error", code: "tool error", texts: [[rules, code]] });
const fail = (name: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail" });

describe("a message added where the rules write another", () => {
  it("finds the one stretch a text adds to the rules', and none where it changes them", () => {
    expect(addedStretch("service must be one of: api", "service must be one of: api; limit must be >= 1")).toBe("; limit must be >= 1");
    expect(addedStretch("a; b", "a; limit; b")).toBe("limit; ");
    expect(addedStretch("service must be one of: api", "invalid arguments")).toBeUndefined();
    expect(addedStretch("abc", "abc")).toBeUndefined();
  });

  it("charges a line's rule whose failing answers only add what a failing line wrote, and no other", () => {
    const line = { name: "t2_id7_text", pairs: [{ rules: "result of tools/call", code: "tool error", texts: [["found 3 lines", "limit must be >= 1"]] as [string, string][] }] };
    const failing = new Map([
      ["t2_same_invalid_text", { kinds: new Set(["tool error"]), pairs: [pair("service is required", "service is required; limit must be >= 1")] }],
      ["t2_other_text", { kinds: new Set(["tool error"]), pairs: [pair("service is required", "invalid arguments")] }],
      ["t2_not_a_rule", { kinds: new Set(["tool error"]), pairs: [pair("service is required", "service is required; limit must be >= 1")] }],
    ]);
    const checks = chargeAddedTexts([fail("t2_same_invalid_text"), fail("t2_other_text"), fail("t2_not_a_rule")], [line], failing, new Set(["t2_same_invalid_text", "t2_other_text"]));
    expect(checks.map((c) => c.chargedTo)).toEqual(["t2_id7_text", undefined, undefined]);
  });
});
