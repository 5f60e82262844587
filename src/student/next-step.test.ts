import { describe, expect, it } from "vitest";
import type { CheckResult, TaskResult } from "../report/types.js";
import { firstFailingCheck } from "./next-step.js";

const check = (name: string, status: CheckResult["status"]): CheckResult => ({ name, kind: "behaviour", title: name, status });
const task = (...checks: CheckResult[]): TaskResult => ({ task: "task1", title: "t", status: "fail", score: 0, maxScore: 1, checks });

describe("the check a student is sent to first", () => {
  it("is the task's first failing check, or a failing root cause the pack names before it", () => {
    const t = task(check("t1_line", "pass"), check("t1_schema", "fail"), check("t1_input_unchanged", "fail"));
    expect(firstFailingCheck(t)?.name).toBe("t1_schema");
    expect(firstFailingCheck(t, { rootCauses: ["t1_input_unchanged"] })?.name).toBe("t1_input_unchanged");
    expect(firstFailingCheck(task(check("t1_schema", "fail"), check("t1_input_unchanged", "pass")), { rootCauses: ["t1_input_unchanged"] })?.name).toBe("t1_schema");
  });

  it("skips a failure charged to another check: the hint is about the mistake itself", () => {
    const charged = { ...check("t2_responses", "fail"), chargedTo: "t2_id4_error" };
    expect(firstFailingCheck(task(charged, check("t2_id4_error", "fail")))?.name).toBe("t2_id4_error");
    // Charged only elsewhere (another task's check): still the first failure here.
    expect(firstFailingCheck(task(charged))?.name).toBe("t2_responses");
  });
});
