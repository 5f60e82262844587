import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import type { CallOutcome } from "../runner/outcome.js";
import type { WireRun } from "../sandbox/protocol.js";
import { chargeStateBetweenCalls, failsOnlyFresh, judgeFreshInstance, notOwnState } from "./fresh-instance.js";

const BASE = { name: "t9_fresh_instance", kind: "behaviour", title: "f answers each input the same in a fresh module", hint: "keep no state" } as const;
const CALL = { exportName: "f", file: "task9.ts" };
const ok = (value: unknown): CallOutcome => ({ ok: true, value });
const threw: CallOutcome = { ok: false, failure: { reason: "throw", message: "f threw" } };
const ran: WireRun = { status: "ran", calls: [], stdout: "", stderr: "", durationMs: 0 };
const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const fail = (name: string, extra: Partial<CheckResult> = {}): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", message: `${name} failed.`, ...extra });

describe("the fresh-instance check", () => {
  it("passes when every input gets the same answer alone, failures included", () => {
    const c = judgeFreshInstance(BASE, CALL, [1, 2], [ok("a"), threw], [ok("a"), threw], ran, equal);
    expect(c.status).toBe("pass");
  });

  it("fails with the smallest input that differs, both answers shown", () => {
    const c = judgeFreshInstance(BASE, CALL, [[1, 2, 3], [1]], [ok(["x", "y"]), ok(["x"])], [ok(["y"]), ok([])], ran, equal);
    expect(c.status).toBe("fail");
    expect(c.message).toMatch(/^2 of 2 inputs .* The smallest: f\(\[1\]\) answered \[\] in a fresh module, but \["x"\] after the calls before it/);
    expect([c.expected, c.actual]).toEqual(['["x"]', "[]"]);
  });

  it("leaves out a difference the pack explains (a failed fixture case seen again)", () => {
    const c = judgeFreshInstance(BASE, CALL, [1, 2], [ok("a"), ok("b")], [threw, ok("b")], ran, equal, (i, _s, f) => i === 0 && !!f && !f.ok);
    expect(c.status).toBe("pass");
  });

  it("says why it could not judge: a run skipped, or failing to load (the student's code: a failure)", () => {
    expect(judgeFreshInstance(BASE, CALL, [1], [ok(1)], undefined, { status: "skipped" }, equal).status).toBe("skip");
    const failed = judgeFreshInstance(BASE, CALL, [1], [ok(1)], undefined, { status: "failed", failure: { reason: "throw", message: "boom" }, stdout: "", stderr: "", durationMs: 0 }, equal);
    expect(failed.status).toBe("fail");
    expect(failed.message).toBe("In a fresh module, task9.ts did not load: boom");
  });
});

describe("charging state kept between calls", () => {
  const fresh = fail("t9_fresh_instance");
  const checks = [fail("t9_same"), fail("t9_blank"), { ...fail("t9_other"), status: "pass" as const }, fail("t9_odd", { chargedTo: "t9_line" })];

  it("charges each failure of a rule that holds in fresh instances to the check, and notes the others", () => {
    const out = chargeStateBetweenCalls(checks, fresh, new Set(["t9_same"]), "f");
    expect(out[0]!.chargedTo).toBe("t9_fresh_instance");
    expect(out[0]!.message).toMatch(/state kept between calls, charged by t9_fresh_instance/);
    expect(out[1]!.chargedTo).toBeUndefined();
    expect(out[1]!.message).toMatch(/f keeps state between calls \(t9_fresh_instance\).*fix that first/);
    // A pass, and a failure already charged elsewhere, as they were.
    expect(out[2]).toBe(checks[2]);
    expect(out[3]).toBe(checks[3]);
  });

  it("charges nothing when no rule holds in fresh instances (a table of the fixtures fails there too)", () => {
    const out = chargeStateBetweenCalls(checks, fresh, new Set(), "f");
    expect(out.every((c) => c.chargedTo === undefined || c.chargedTo === "t9_line")).toBe(true);
  });

  it("skips the check, at no cost, when the fresh answers break the rule too (not the function's own state)", () => {
    const c = notOwnState({ ...fresh, expected: "a", actual: "b" });
    expect(c.status).toBe("skip");
    expect(c.message).toMatch(/not state it keeps/);
    expect(c.expected).toBeUndefined();
  });

  it("tells a fresh call failing where the same input after earlier calls did not (state), from one failing after them too or explained", () => {
    const at = (file: string): CallOutcome => ({ ok: false, failure: { reason: "throw", message: `Error: not ready (at ${file}:3:9)` } });
    const none = (): boolean => false;
    expect(failsOnlyFresh([ok(1), ok(2)], [ok(1), at("task9.ts")], none)).toBe(true);
    // Wherever it failed: in the handle it calls too (a handle that keeps state is judged by its
    // own check, and a correct copy stands in for it; one handed null on a first call is the caller's).
    expect(failsOnlyFresh([ok(1)], [at("task2.ts")], none)).toBe(true);
    expect(failsOnlyFresh([threw], [at("task9.ts")], none)).toBe(false);
    expect(failsOnlyFresh([ok(1)], [at("task9.ts")], () => true)).toBe(false);
  });
});
