import { describe, expect, it } from "vitest";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { BehaviourCheck } from "./check.js";
import { judgeBehaviour, judgeCheck } from "./judge.js";
import { modelHandle } from "./model.js";
import { planBehaviour, planInputs } from "./plan.js";

const request = (id: unknown, method = "prompts/list") => ({ jsonrpc: "2.0", id, method });
const check = (judge: BehaviourCheck["judge"] = "output"): BehaviourCheck =>
  ({ name: "t2_x", task: "task2", title: "T", rule: "R", judge, inputs: () => [] });
const right = (input: unknown): CallOutcome => ({ ok: true, value: modelHandle(input as never) });

describe("judgeCheck", () => {
  it("passes when every answer is the model's", () => {
    const inputs = [request(1), request("a")];
    expect(judgeCheck("task2", { check: check(), inputs, seed: 0 }, inputs.map(right), 3)).toMatchObject({ status: "pass", kind: "behaviour", hint: "R" });
  });

  it("shows the smallest failing input, expected and actual, and the seed", () => {
    const inputs = [request("a long id that fails"), request(1), request("b")];
    const outcomes: CallOutcome[] = [{ ok: true, value: null }, right(inputs[1]), { ok: true, value: null }];
    const result = judgeCheck("task2", { check: check(), inputs, seed: 0 }, outcomes, 42);
    expect(result.status).toBe("fail");
    expect(result.message).toBe('2 of 3 generated inputs answered differently from the chapter\'s rules (seed 42, run again with --seed 42). The smallest: handle({"jsonrpc":"2.0","id":"b","method":"prompts/list"})');
    expect(result.expected).toBe('{"jsonrpc":"2.0","id":"b","error":{"code":-32601,"message":"Method not found"}}');
    expect(result.actual).toBe("null");
  });

  it("reports a call that threw with the harness's message, and a call that never ran", () => {
    const inputs = [request(1), request(2)];
    const threw: CallOutcome = { ok: false, failure: { reason: "throw", message: "handle threw TypeError: x." } };
    expect(judgeCheck("task2", { check: check(), inputs, seed: 0 }, [threw, right(inputs[1])], 1).actual).toBe("handle threw TypeError: x.");
    expect(judgeCheck("task2", { check: check(), inputs, seed: 0 }, [right(inputs[0])], 1).actual).toMatch(/not called/);
  });

  it("judges input-unchanged on the input sent back after the call", () => {
    const tool = { name: "t", description: "d", input_schema: { type: "object" } };
    const mutated: CallOutcome = { ok: true, value: {}, input: { name: "t", description: "d", inputSchema: { type: "object" } } };
    const result = judgeCheck("task1", { check: { ...check("input-unchanged"), task: "task1" }, inputs: [tool], seed: 0 }, [mutated], 1);
    expect(result.status).toBe("fail");
    expect(result.message).toMatch(/changed its input/);
  });
});

describe("judgeBehaviour", () => {
  it("lays the calls out over the checks after the fixture calls", () => {
    const a = { check: { ...check(), name: "a" }, inputs: [request(1)], seed: 0 };
    const b = { check: { ...check(), name: "b" }, inputs: [request(2), request(3)], seed: 0 };
    const fixture: CallOutcome = { ok: true, value: "ignored" };
    const calls = [fixture, right(request(1)), right(request(2)), { ok: true, value: null } as CallOutcome];
    expect(judgeBehaviour("task2", [a, b], calls, 1, 9).map((c) => [c.name, c.status])).toEqual([["a", "pass"], ["b", "fail"]]);
  });

  it("gives checks that share their inputs the same calls, made once", () => {
    const shared = [request(1), request(2)];
    const a = { check: { ...check(), name: "a" }, inputs: shared, seed: 0 };
    const c = { check: { ...check(), name: "c" }, inputs: [request(3)], seed: 0 };
    const b = { check: { ...check(), name: "b" }, inputs: shared, seed: 0 };
    const calls = [right(request(1)), { ok: true, value: null } as CallOutcome, right(request(3))];
    expect(judgeBehaviour("task2", [a, c, b], calls, 0, 9).map((r) => [r.name, r.status])).toEqual([["a", "fail"], ["c", "pass"], ["b", "fail"]]);
  });

  // t2_several_errors' calls each hold problems of other checks' kinds (BehaviourCheck.reachedBy).
  describe("a failure every input of which a failed check's kind reaches", () => {
    const wrong: CallOutcome = { ok: true, value: null };
    const reached = (kinds: Record<number, string[]>) => (input: unknown) => kinds[(input as { id: number }).id] ?? [];
    const kind = { check: { ...check(), name: "kind" }, inputs: [request(1)], seed: 0 };
    const several = (kinds: Record<number, string[]>) => ({ check: { ...check(), name: "several", reachedBy: reached(kinds) }, inputs: [request(2), request(3)], seed: 0 });

    it("is charged to that check when it failed too", () => {
      const [, result] = judgeBehaviour("task2", [kind, several({ 2: ["other", "kind"], 3: ["kind"] })], [wrong, wrong, wrong], 0, 9);
      expect(result).toMatchObject({ status: "fail", chargedTo: "kind" });
      expect(result!.message).toMatch(/holds a case that kind fails on alone/);
    });

    it("stays its own when one failing input holds no kind handled wrong alone, or the kind's check passed", () => {
      expect(judgeBehaviour("task2", [kind, several({ 2: ["kind"], 3: ["other"] })], [wrong, wrong, wrong], 0, 9)[1]!.chargedTo).toBeUndefined();
      expect(judgeBehaviour("task2", [kind, several({ 2: ["kind"], 3: ["kind"] })], [right(request(1)), wrong, wrong], 0, 9)[1]!.chargedTo).toBeUndefined();
    });

    it("judges only the failing inputs: a right answer to an input no failed check reaches changes nothing", () => {
      const calls = [wrong, wrong, right(request(3))];
      expect(judgeBehaviour("task2", [kind, several({ 2: ["kind"], 3: [] })], calls, 0, 9)[1]).toMatchObject({ status: "fail", chargedTo: "kind" });
    });
  });
});

describe("planBehaviour", () => {
  it("gives t1_input_unchanged and the lines' own checks the very inputs of t1_other_tools, laid out once", () => {
    const plan = planBehaviour("task1", 7);
    const byName = Object.fromEntries(plan.map((p) => [p.check.name, p.inputs]));
    const sharing = ["t1_input_unchanged", "t1_same_keys", "t1_same_name_description", "t1_same_schema"];
    for (const name of sharing) expect(byName[name], name).toBe(byName["t1_other_tools"]);
    const distinct = [...new Set(plan.map((p) => p.inputs))];
    expect(distinct).toHaveLength(plan.length - sharing.length);
    expect(planInputs(plan).inputs).toHaveLength(distinct.reduce((n, list) => n + list.length, 0));
    expect(planInputs(plan).offsets.slice(0, 2)).toEqual([0, 0]);
  });
});
