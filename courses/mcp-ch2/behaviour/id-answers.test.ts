import { describe, expect, it } from "vitest";
import type { CallOutcome } from "../../../src/runner/outcome.js";
import type { BehaviourCheck } from "./check.js";
import type { PlannedCheck } from "./plan.js";
import { idReaches } from "./id-answers.js";
import { sameJson } from "./expectation.js";

const check = (name: string, judge: BehaviourCheck["judge"] = "output"): BehaviourCheck => ({ name, task: "task2", title: name, rule: name, judge, inputs: () => [] });
const call = (id: unknown): Record<string, unknown> => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "logs_search", arguments: {} } });
const listing = (id: unknown): Record<string, unknown> => ({ jsonrpc: "2.0", id, method: "tools/list" });
const ok = (value: unknown): CallOutcome => ({ ok: true, value });
// The rule's answer: a result under the request's id, whatever its id's type.
const breaks = (p: PlannedCheck, i: number, outcome: CallOutcome): boolean =>
  !outcome.ok || !sameJson(outcome.value, { jsonrpc: "2.0", id: (p.inputs[i] as { id: unknown }).id, result: {} });

function reaches(inputs: unknown[], outcomes: (CallOutcome | undefined)[], other: { inputs: unknown[]; outcomes: CallOutcome[] } = { inputs: [], outcomes: [] }) {
  const plan: PlannedCheck[] = [{ check: check("family"), inputs, seed: 1 }, { check: check("ids", "answered"), inputs: other.inputs, seed: 1 }];
  const at = (k: number, i: number): CallOutcome | undefined => (k === 0 ? outcomes[i] : other.outcomes[i]);
  return idReaches(plan, [inputs.map((_, i) => i), []], at, breaks);
}

describe("idReaches", () => {
  it("tells an answer right once it carries the request's id: another id, none, or one JSON could not carry", () => {
    const [family] = reaches([call("a"), call("b"), call("c"), call(4)], [
      ok({ jsonrpc: "2.0", id: 0, result: {} }), ok({ jsonrpc: "2.0", result: {} }),
      { ok: false, failure: { reason: "not-json", message: "NaN" }, idless: { jsonrpc: "2.0", result: {} } },
      ok({ jsonrpc: "2.0", id: 4, result: { extra: 1 } }),
    ]);
    expect([0, 1, 2, 3].map((i) => family!.rightButForId(i))).toEqual([true, true, true, false]);
  });

  it("reads only output checks", () => {
    expect(reaches([], []).map((r) => r.name)).toEqual(["family"]);
  });

  it("takes a string id left unanswered for the id rule's only where no request of its method under a string id is answered", () => {
    const none = reaches([call("a"), call(2)], [ok(null), ok(null)], { inputs: [listing("x")], outcomes: [ok({ jsonrpc: "2.0", id: "x", result: {} })] });
    expect([none[0]!.rightButForId(0), none[0]!.rightButForId(1)]).toEqual([true, false]);
    const some = reaches([call("a")], [ok(null)], { inputs: [call("x")], outcomes: [ok({ jsonrpc: "2.0", id: "x", result: {} })] });
    expect(some[0]!.rightButForId(0)).toBe(false);
  });

  it("takes a call under a string id that threw or stalled as left unanswered (loop-on-string-id)", () => {
    const stalled: CallOutcome = { ok: false, failure: { reason: "timeout", message: "stopped" } };
    const [family] = reaches([call("a"), call("b"), call(3)], [stalled, undefined, stalled]);
    expect([0, 1, 2].map((i) => family!.rightButForId(i))).toEqual([true, true, false]);
  });
});
