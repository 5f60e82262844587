import { describe, expect, it } from "vitest";
import type { TaskFailure } from "../../../src/sandbox/protocol.js";
import type { Outcome } from "../behaviour/check.js";
import { CHECK_ARGS_NAMES } from "../course/fixtures.js";
import { excusedArgsFailures, sameArgsCase } from "./args-failures.js";

const S = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a"] };
const threw = (where: string, what = "not a string"): { ok: false; failure: TaskFailure } => ({ ok: false, failure: { reason: "throw", message: `checkArgs threw TypeError: ${what} (at task1.ts:${where}).` } });
const ok: Outcome = { ok: true, value: [] };

describe("sameArgsCase", () => {
  it("holds for exactly the fixture's kinds of problem, under any names", () => {
    expect(sameArgsCase([S, { a: 1 }], [S, { b: 2, a: "x" }])).toBe(true);
    expect(sameArgsCase([S, { a: "x" }], [S, { a: "y", b: "" }])).toBe(true);
    // A value that is not a string beside a missing name is another case.
    expect(sameArgsCase([S, { a: 1 }], [S, { b: 2 }])).toBe(false);
    expect(sameArgsCase([S, { a: 1 }], "not arguments")).toBe(false);
  });
});

describe("excusedArgsFailures", () => {
  const wrongTypeAt = (outcome: Outcome): Outcome[] => CHECK_ARGS_NAMES.map((n) => (n === "wrong_type" ? outcome : ok));
  it("excuses a generated input of the failed fixture's case that failed at the same place", () => {
    const excused = excusedArgsFailures(wrongTypeAt(threw("3:9", "order_id")))!;
    expect(excused([S, { a: 5 }], threw("3:9", "a").failure)).toBe(true);
    expect(excused([S, { a: 5 }], threw("4:1").failure)).toBe(false);
    expect(excused([S, { b: 5 }], threw("3:9").failure)).toBe(false);
  });

  it("excuses nothing when the fixture calls answered", () => {
    const excused = excusedArgsFailures(CHECK_ARGS_NAMES.map(() => ok))!;
    expect(excused([S, { a: 5 }], threw("3:9").failure)).toBe(false);
    expect(excusedArgsFailures(undefined)).toBeUndefined();
  });
});
