import { describe, expect, it } from "vitest";
import { JSONRPC_SLIPS } from "../pack/answer-slips.js";
import type { ScorePolicy } from "../pack/score.js";
import type { Pack, TaskJudgement } from "../pack/types.js";
import type { CheckResult } from "../report/types.js";
import type { SandboxReply } from "../sandbox/protocol.js";
import { countedOnce, pointsLost, slipsCountedOnce, undoInReply } from "./one-slip.js";

const policy: ScorePolicy = { id: "test", kinds: { evidence: { earns: 1, costs: 0 }, behaviour: { earns: 0, costs: 1 } }, checks: {}, other: { earns: 0, costs: 0 } };
const pack = { score: policy };
const slip = JSONRPC_SLIPS[0]!;
const check = (name: string, status: CheckResult["status"], more: Partial<CheckResult> = {}): CheckResult =>
  ({ name, kind: name.startsWith("e") ? "evidence" : "behaviour", title: name, status, ...more });
// Four lines and three rules; `failing` fail, the rest pass.
const judged = (failing: string[], more: Record<string, Partial<CheckResult>> = {}): Record<string, TaskJudgement> => {
  const all = ["e1", "e2", "e3", "e4", "b1", "b2", "b3"].map((n) => check(n, failing.includes(n) ? "fail" : "pass", more[n]));
  return { task2: { checks: all.slice(0, 4), evidence: {}, extra: all.slice(4) } };
};
const costs = (j: Record<string, TaskJudgement> | undefined): string[] =>
  j ? [...j["task2"]!.checks, ...j["task2"]!.extra!].filter((c) => c.status === "fail").map((c) => `${c.name}${c.chargedTo ? `->${c.chargedTo}` : ""}`) : ["none"];

describe("a slip in how answers are written, counted once", () => {
  it("charges what the slip undone no longer shows to one of those failures, a point in all", () => {
    const first = judged(["e1", "b1", "b2"]);
    expect(pointsLost(pack, first)).toBe(3);
    const counted = countedOnce(pack, first, [{ slip, judged: judged([]) }]);
    expect(costs(counted)).toEqual(["e1", "b1->e1", "b2->e1"]);
    expect(pointsLost(pack, counted!)).toBe(1);
    expect(counted!["task2"]!.checks[0]!.message).toMatch(/counted once, here/);
  });

  it("keeps what the slip undone still shows, with that judgement's charges", () => {
    const counted = countedOnce(pack, judged(["e1", "b1", "b2", "b3"]), [{ slip, judged: judged(["b2", "b3"], { b3: { chargedTo: "b2" } }) }]);
    expect(costs(counted)).toEqual(["e1", "b1->e1", "b2", "b3->b2"]);
    expect(pointsLost(pack, counted!)).toBe(2);
  });

  it("costs as much where the slip undone saves a point: a slip and another mistake are two", () => {
    const counted = countedOnce(pack, judged(["e1", "b1"]), [{ slip, judged: judged(["b1"]) }]);
    expect(costs(counted)).toEqual(["e1", "b1"]);
    expect(pointsLost(pack, counted!)).toBe(2);
  });

  it("judges again only failing code whose answers carry the slip, and keeps the first judgement where undoing it breaks a rule that held", async () => {
    const withSlips = { ...pack, slips: [slip] } as unknown as Pack;
    const reply = (value: string): SandboxReply => ({ runs: [{ status: "ran", stdout: "", stderr: "", durationMs: 1, calls: [{ ok: true, value }] }] });
    const first = judged(["e1", "b1", "b2"]);
    const asked: string[] = [];
    const again = (j: Record<string, TaskJudgement>) => async (r: SandboxReply) => { asked.push((r.runs[0] as { calls: { value: string }[] }).calls[0]!.value); return j; };
    expect(await slipsCountedOnce(withSlips, reply('J{"id":1,"result":{}}'), [], first, again(judged(["e2"])))).toBe(first);
    expect(asked).toEqual(['J{"id":1,"jsonrpc":"2.0","result":{}}']);
    expect(await slipsCountedOnce(withSlips, reply('J{"jsonrpc":"2.0","id":1,"result":{}}'), [], first, again(judged([])))).toBe(first);
    expect(await slipsCountedOnce(withSlips, reply('J{"id":1,"result":{}}'), [], judged([]), again(judged([])))).toEqual(judged([]));
    expect(asked).toHaveLength(1);
    expect(pointsLost(pack, await slipsCountedOnce(withSlips, reply('J{"id":1,"result":{}}'), [], first, again(judged([]))))).toBe(1);
    // A judge that throws on the undone values: the first judgement stands.
    expect(await slipsCountedOnce(withSlips, reply('J{"id":1,"result":{}}'), [], first, async () => { throw new Error("judge"); })).toBe(first);
  });

  it("costs a point over the judgement with the slip undone where the first charged less (a slip hid other mistakes)", () => {
    const first = judged(["e1", "b1", "b2"], { b1: { chargedTo: "e1" }, b2: { chargedTo: "e1" } });
    expect(pointsLost(pack, first)).toBe(1);
    const counted = countedOnce(pack, first, [{ slip, judged: judged(["b1", "b2"]) }]);
    expect(costs(counted)).toEqual(["e1", "b1", "b2"]);
    expect(pointsLost(pack, counted!)).toBe(3);
  });

  it("raises nothing where the undoing did not reach every answer (a line no writer gives back)", async () => {
    const withSlips = { ...pack, slips: [slip] } as unknown as Pack;
    const first = judged(["e1", "b1", "b2"], { b1: { chargedTo: "e1" }, b2: { chargedTo: "e1" } });
    const reply = (lines: string[]): SandboxReply => ({ runs: [{ status: "ran", stdout: "", stderr: "", durationMs: 1, calls: [{ ok: true, value: `J${JSON.stringify({ out: lines })}` }] }] });
    const again = async () => judged(["b1", "b2"]);
    expect(pointsLost(pack, await slipsCountedOnce(withSlips, reply(['{"id":1,"result":{}}']), [], first, again))).toBe(3);
    expect(await slipsCountedOnce(withSlips, reply(['{"id":1,"result":{}}', '{ "id":2, "result":{} }']), [], first, again)).toBe(first);
  });

  it("counts two slips as two points", () => {
    const first = judged(["e1", "e2", "b1", "b2", "b3"]);
    const counted = countedOnce(pack, first, [{ slip, judged: judged(["e2", "b3"]) }, { slip: JSONRPC_SLIPS[1]!, judged: judged([]) }]);
    expect(costs(counted)).toEqual(["e1", "e2", "b1->e1", "b2->e1", "b3->e2"]);
    expect(pointsLost(pack, counted!)).toBe(2);
  });

  it("undoes the slip in every plain value a reply holds, and leaves the rest", () => {
    const reply: SandboxReply = { runs: [
      { status: "ran", stdout: "", stderr: "", durationMs: 1, calls: [
        { ok: true, value: 'J{"id":1,"result":{}}' },
        { ok: true, value: '{"o":[["id",1],["result",{"x":"undefined"}]]}' },
        { ok: false, failure: { reason: "throw", message: "m" } },
      ] },
      { status: "skipped" },
    ] };
    const { reply: undone, changed } = undoInReply(reply, slip);
    expect(changed).toBe(1);
    const calls = (undone.runs[0] as { calls: { value?: string }[] }).calls;
    expect(calls[0]!.value).toBe('J{"id":1,"jsonrpc":"2.0","result":{}}');
    expect(calls.slice(1)).toEqual((reply.runs[0] as { calls: unknown[] }).calls.slice(1));
  });
});
