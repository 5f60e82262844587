import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import type { TaskFailure } from "../sandbox/protocol.js";
import { chargeFailedCalls, failedAsCase, FailedCall, failedCalls, fixtureCalls, guarded } from "./failed-call.js";

const threw = (text: string, at = "task2.ts:7:20"): TaskFailure => ({ reason: "throw", message: `handle threw Error: ${text} (at ${at}).` });
const named = (i: number, f: TaskFailure): TaskFailure => ({ ...f, message: `For input ${i}: ${f.message}` });
const ok = (value: unknown) => ({ ok: true as const, value });
const bad = (failure: TaskFailure) => ({ ok: false as const, failure });

describe("fixtureCalls", () => {
  it("keeps a failed call among calls that answered, named by its input", () => {
    const read = fixtureCalls([ok(1), bad(threw("no")), ok(3)], undefined, named);
    expect("values" in read).toBe(true);
    const values = (read as { values: unknown[] }).values;
    expect(values[0]).toBe(1);
    expect(values[2]).toBe(3);
    expect(failedCalls(values).map((f) => [f.index, f.failure.message])).toEqual([[1, "For input 1: handle threw Error: no (at task2.ts:7:20)."]]);
  });

  it("is the task's failure when no call answered, when the code is not written, or when the run stopped", () => {
    expect(fixtureCalls([bad(threw("a")), bad(threw("b"))], undefined, named)).toEqual({ failedAt: 0 });
    expect(fixtureCalls([ok(1), bad({ reason: "not-written", message: "not yet" })], undefined, named)).toEqual({ failedAt: 1 });
    expect(fixtureCalls([ok(1), bad(threw("a"))], { reason: "budget", message: "out" }, named)).toEqual({ failedAt: 1 });
    expect(fixtureCalls([ok(1)], { reason: "budget", message: "out" }, named)).toEqual({ stopped: { reason: "budget", message: "out" } });
  });
});

describe("guarded", () => {
  it("throws where a line reads the failed call, and nowhere else", () => {
    const values = [1, new FailedCall(1, threw("no")), 3];
    const view = guarded(values, (f) => new Error(`read ${f.index}`));
    expect(view[0]).toBe(1);
    expect(view[2]).toBe(3);
    expect(() => view[1]).toThrow("read 1");
    expect(() => view.filter((v) => v !== null)).toThrow("read 1");
    expect(guarded([1, 2], () => new Error("never"))).toEqual([1, 2]);
  });
});

describe("chargeFailedCalls", () => {
  const failure = named(1, threw("no"));
  const line = (name: string, status: CheckResult["status"], message?: string): CheckResult => ({ name, kind: "evidence", title: name, status, ...(message ? { message } : {}) });

  it("charges the line that reads every answer to the failed call's own line", () => {
    const judged = { checks: [line("count", "fail", `${failure.message} more`), line("one", "fail", `${failure.message} more`), line("other", "pass")] };
    chargeFailedCalls(judged, [1, new FailedCall(1, failure)], ["count"]);
    expect(judged.checks.map((c) => c.chargedTo)).toEqual(["one", undefined, undefined]);
  });

  it("lets the first line that reads every answer pay for a failed call no line reads alone, and charges the others there", () => {
    const judged = { checks: [line("count", "fail", `${failure.message} more`), line("envelope", "fail", `${failure.message} more`), line("other", "pass")] };
    chargeFailedCalls(judged, [1, new FailedCall(1, failure)], ["count", "envelope"]);
    expect(judged.checks.map((c) => c.chargedTo)).toEqual([undefined, "count", undefined]);
  });

  it("has a second failed call that no line reads alone paid by a line that reads every answer, each mistake once", () => {
    const second = named(2, threw("again", "task2.ts:9:1"));
    const judged = { checks: [line("count", "fail", `${failure.message} more`), line("one", "fail", `${failure.message} more`), line("envelope", "fail", `${failure.message} more`)] };
    chargeFailedCalls(judged, [1, new FailedCall(1, failure), new FailedCall(2, second)], ["count", "envelope"]);
    expect(judged.checks.map((c) => c.chargedTo)).toEqual([undefined, undefined, "one"]);
    expect(judged.checks[0]!.message).toContain(`It is charged here for another call no line reads alone: ${second.message}`);
  });

  it("has two failed calls of one cause that no line reads alone paid for once (two blank lines failing at one place)", () => {
    const [first, second] = [named(1, threw("blank")), named(2, threw("blank"))];
    const judged = () => ({ checks: [line("count", "fail", `${first.message} more`), line("envelope", "fail", `${first.message} more`)] });
    const values = [1, new FailedCall(1, first), new FailedCall(2, second)];
    const merged = judged();
    chargeFailedCalls(merged, values, ["count", "envelope"], () => true, { oneCause: (a, b) => a.failure.message.endsWith(b.failure.message.slice(-40)) });
    expect(merged.checks.map((c) => c.chargedTo)).toEqual([undefined, "count"]);
    // Told nothing of their cause: each paid for apart.
    const apart = judged();
    chargeFailedCalls(apart, values, ["count", "envelope"]);
    expect(apart.checks.map((c) => c.chargedTo)).toEqual([undefined, undefined]);
  });

  it("charges every line that reads failed calls at one place once, when the code answers each call's branch elsewhere", () => {
    // A valid call and an invalid one, both failing at one place (an optional argument read as always given).
    const [valid, invalid] = [named(3, threw("limit")), named(5, threw("limit"))];
    const judged = (second = invalid) => ({ checks: [line("count", "fail", `${valid.message} more`), line("id3", "fail", `${valid.message} more`), line("id5_flag", "fail", `${second.message} more`), line("id5_text", "fail", `${second.message} more`)] });
    const values = [1, 2, 3, new FailedCall(3, valid), 4, new FailedCall(5, invalid)];
    const merged = judged();
    chargeFailedCalls(merged, values, ["count"], () => true, { branchAnswered: () => true });
    expect(merged.checks.map((c) => c.chargedTo)).toEqual(["id3", undefined, "id3", "id3"]);
    expect(merged.checks[2]!.message).toContain("The same mistake as the call id3 reads");
    // The invalid call's branch answered nowhere (no validation written): its lines stay its own.
    const apart = judged();
    chargeFailedCalls(apart, values, ["count"], () => true, { branchAnswered: (f) => f.index === 3 });
    expect(apart.checks.map((c) => c.chargedTo)).toEqual(["id3", undefined, undefined, undefined]);
    // Two places: two mistakes, each call's lines paid for once.
    const elsewhere = named(5, threw("limit", "task2.ts:30:1"));
    const two = judged(elsewhere);
    chargeFailedCalls(two, [1, 2, 3, new FailedCall(3, valid), 4, new FailedCall(5, elsewhere)], ["count"], () => true, { branchAnswered: () => true });
    expect(two.checks.map((c) => c.chargedTo)).toEqual(["id3", undefined, undefined, "id5_flag"]);
  });

  it("charges nothing when there are more failed calls that no line reads alone than lines that read every answer", () => {
    const [second, third] = [named(2, threw("again", "task2.ts:9:1")), named(3, threw("more", "task2.ts:10:1"))];
    const judged = { checks: [line("count", "fail", `${failure.message} more`), line("one", "fail", `${failure.message} more`)] };
    chargeFailedCalls(judged, [1, new FailedCall(1, failure), new FailedCall(2, second), new FailedCall(3, third)], ["count"]);
    expect(judged.checks.map((c) => c.chargedTo)).toEqual([undefined, undefined]);
  });
});

describe("failedAsCase", () => {
  const fixtures = [{ id: 1, method: "ping" }, { id: 4, method: "tools/call", params: { name: "x" } }];
  // A pack's case: here, the message under another id.
  const sameCase = (fixture: object, input: unknown): boolean => {
    const { id: _, ...rest } = fixture as { id: unknown };
    const { id: __, ...other } = (input ?? {}) as { id: unknown };
    return JSON.stringify(rest) === JSON.stringify(other);
  };
  it("excuses an input of a failed fixture's case, failing at the same place", () => {
    const excused = failedAsCase(fixtures, [{ ok: true }, bad(threw("no"))], sameCase);
    expect(excused({ id: null, method: "tools/call", params: { name: "x" } }, threw("other words, same place"))).toBe(true);
    expect(excused({ id: null, method: "tools/call", params: { name: "x" } }, threw("no", "task2.ts:9:1"))).toBe(false);
    expect(excused({ id: null, method: "tools/call", params: { name: "y" } }, threw("no"))).toBe(false);
  });
  it("excuses nothing of a case whose fixture call answered", () => {
    const excused = failedAsCase(fixtures, [{ ok: true }, { ok: true }], sameCase);
    expect(excused({ id: 9, method: "ping" }, threw("no"))).toBe(false);
    expect(excused({ id: null, method: "tools/call", params: { name: "x" } }, threw("no"))).toBe(false);
  });
  it("counts calls stopped at their budget in one function as one cause, wherever the loop was stopped", () => {
    const stopped = (where: string) => ({ reason: "timeout" as const, message: `For the message with id 4: handle never returned for this input: it was stopped in handle (at ${where}) after using its whole work budget for one call (100 units).` });
    const excused = failedAsCase(fixtures, [{ ok: true }, bad(stopped("task2.ts:6:31"))], sameCase);
    expect(excused({ id: 7, method: "tools/call", params: { name: "x" } }, stopped("task2.ts:7:10"))).toBe(true);
    expect(excused({ id: 7, method: "tools/call", params: { name: "x" } }, threw("no"))).toBe(false);
  });
});
