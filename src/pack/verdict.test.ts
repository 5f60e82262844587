// Whose trouble a failed check is: one whose message quotes a run stopped by the clock is the
// grader's (error), whatever pack folded that message in; every other failure stays the student's.
import { describe, expect, it } from "vitest";
import type { CheckResult } from "../report/types.js";
import type { SandboxReply } from "../sandbox/protocol.js";
import { failures } from "../sandbox/failures.js";
import { troubleAsErrors, unjudgedStatus } from "./verdict.js";

const clock = failures.backstop(2000, { used: 10, limit: 1100 });
const loop = failures.timeout(1100, 1100);
const check = (name: string, status: CheckResult["status"], message?: string): CheckResult => ({ name, kind: "behaviour", title: name, status, ...(message ? { message } : {}) });

describe("the grader's trouble", () => {
  it("is the clock's backstop alone", () => {
    expect([unjudgedStatus(clock), unjudgedStatus(loop), unjudgedStatus({ reason: "budget" })]).toEqual(["error", "fail", "fail"]);
  });

  it("turns a failed check that quotes a run stopped by the clock into an error, and nothing else", () => {
    const reply: SandboxReply = { runs: [
      { status: "ran", calls: [{ ok: true, value: "1" }], stopped: clock, stdout: "", stderr: "", durationMs: 0 },
      { status: "ran", calls: [{ ok: false, failure: loop }], stdout: "", stderr: "", durationMs: 0 },
    ] };
    const judged = { task2: { evidence: {}, checks: [check("a", "fail", `This session:\nstopped: ${clock.message}`), check("b", "fail", `stopped: ${loop.message}`), check("c", "pass")], extra: [check("d", "fail", clock.message)] } };
    const out = troubleAsErrors(judged, reply);
    expect(out["task2"]!.checks.map((c) => c.status)).toEqual(["error", "fail", "pass"]);
    expect(out["task2"]!.extra!.map((c) => c.status)).toEqual(["error"]);
    // A reply with no such stop leaves the judgement as it was.
    expect(troubleAsErrors(judged, { runs: [reply.runs[1]!] })).toBe(judged);
  });
});
