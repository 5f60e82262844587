import { describe, expect, it } from "vitest";
import type { CheckResult } from "../../../src/report/types.js";
import type { Outcome, PlannedCheck } from "../behaviour/check.js";
import { chargeRulesToState, rulesFailedByState } from "./families-alone.js";
import { STATE_CHECK } from "./state-charges.js";

const fail = (name: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", message: "m" });
const planned = (id: string, offset: number): PlannedCheck => ({ check: { id, task: "task2", title: id, rule: "", hint: "", inputs: () => [] }, inputs: [1, 2, 3, 4], offset }) as PlannedCheck;
const ok = (value: unknown): Outcome => ({ ok: true, value });
const refusal = (id: number): Outcome => ok({ jsonrpc: "2.0", id, error: { code: -32022, message: "unsupported" } });
const right = (id: number): Outcome => ok({ jsonrpc: "2.0", id, result: { right: id } });
// A rule's answer is right when it is `right`'s: each input's own result.
const judges = (_p: PlannedCheck, i: number, o: Outcome | undefined): boolean => o?.ok === true && JSON.stringify((o.value as { result?: unknown }).result) === JSON.stringify({ right: i });

describe("handle's rules read alone when it keeps state", () => {
  const plan = [planned("t2_order_ids", 0), planned("t2_arguments", 4), planned("t2_unknown_names", 8), planned("t2_client_meta", 12)];
  const checks = [...plan.map((p) => fail(p.check.id)), fail(STATE_CHECK)];
  const shared: Outcome[] = [
    refusal(0), right(1), refusal(2), right(3), // one refusal switched on and off: the state's
    ok({ id: 4, result: "a" }), ok({ id: 5, result: "b" }), ok({ id: 6, result: "c" }), ok({ id: 7, result: "d" }), // each input its own wrong answer: a lazy handle's
    refusal(8), right(9), refusal(10), right(11), // fails alone too: its own mistake
    refusal(12), refusal(13), refusal(14), refusal(15), // one refusal for every input: right only on a module's first calls
  ];
  const alone = new Map<number, Outcome | undefined>(shared.map((_, g) => [g, g >= 8 && g < 12 ? ok({ id: g, result: "wrong" }) : right(g)]));

  it("charges only a rule whose failures are one wrong answer beside the rules' own, each failing input right alone", () => {
    const found = rulesFailedByState(checks, plan, shared, { alone }, judges, judges);
    expect([...found.byState]).toEqual(["t2_order_ids"]);
    expect([...found.ownAlone]).toEqual(["t2_unknown_names"]);
    const charged = chargeRulesToState(checks, found.byState);
    expect(charged.map((c) => c.chargedTo)).toEqual([STATE_CHECK, undefined, undefined, undefined, undefined]);
  });

  it("finds nothing when the state check did not fail", () => {
    const stateless = checks.map((c) => (c.name === STATE_CHECK ? { ...c, status: "pass" as const } : c));
    const found = rulesFailedByState(stateless, plan, shared, { alone }, judges, judges);
    expect(found.byState.size + found.ownAlone.size).toBe(0);
  });
});
