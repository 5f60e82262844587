// The stdio session's wrong line, charged once: marked with the behaviour check of the rule that
// decided its answer, kept where that check failed too, dropped where it passed or did not run.
import { describe, expect, it } from "vitest";
import { scoreTask } from "../../../src/pack/score.js";
import type { CheckResult } from "../../../src/report/types.js";
import { judgeStdio, modelLines } from "../live/stdio.js";
import pack from "../pack.js";
import { chargeLiveToRules } from "./live-charges.js";

const stdout = (lines: string[]): string => lines.map((l) => `${l}\n`).join("");
const check = (name: string, kind: CheckResult["kind"], status: CheckResult["status"]): CheckResult => ({ name, kind, title: name, status, ...(status === "fail" ? { message: "wrong" } : {}) });

describe("the stdio check's wrong line, charged to its rule's check", () => {
  it("marks a line the gate decided with t2_handshake, and one with another id with t2_envelope", () => {
    const lines = modelLines();
    expect(judgeStdio({ stdout: stdout(lines), stderr: "" }).status).toBe("pass");
    const ungated = [JSON.stringify({ jsonrpc: "2.0", id: 0, result: { tools: [] } }), ...lines.slice(1)];
    expect(judgeStdio({ stdout: stdout(ungated), stderr: "" })).toMatchObject({ status: "fail", chargedTo: "t2_handshake" });
    const renumbered = lines.map((l) => JSON.stringify({ ...(JSON.parse(l) as object), id: "x" }));
    expect(judgeStdio({ stdout: stdout(renumbered), stderr: "" })).toMatchObject({ status: "fail", chargedTo: "t2_envelope" });
    // A line count the session does not explain is the pipe's own failure.
    expect(judgeStdio({ stdout: stdout(lines.slice(1)), stderr: "" }).chargedTo).toBeUndefined();
  });

  it("costs one point with t2_handshake failed, and the stdio kind's point when that check passed or did not run", () => {
    const ungated = [JSON.stringify({ jsonrpc: "2.0", id: 0, result: { tools: [] } }), ...modelLines().slice(1)];
    const stdio = judgeStdio({ stdout: stdout(ungated), stderr: "" });
    const lost = (checks: CheckResult[]): number => { const s = scoreTask({ checks }, pack.score); return s.maxScore - s.score; };
    const line = check("t2_add_text", "evidence", "pass");
    const both = chargeLiveToRules([line, check("t2_handshake", "behaviour", "fail"), stdio])!;
    expect(both[2]).toMatchObject({ chargedTo: "t2_handshake", message: expect.stringContaining("charged there") });
    expect(lost(both)).toBe(1);
    const alone = chargeLiveToRules([line, check("t2_handshake", "behaviour", "pass"), stdio])!;
    expect(alone[2]!.chargedTo).toBeUndefined();
    expect(lost(alone)).toBe(1);
    const unrun = chargeLiveToRules([line, stdio])!;
    expect(unrun[1]!.chargedTo).toBeUndefined();
    expect(lost(unrun)).toBe(1);
    expect(chargeLiveToRules([line, check("t2_handshake", "behaviour", "fail")])).toBeUndefined();
  });

  it("charges a line with a string id to t2_envelope where its method's rule held and the envelope failed (a server of integer ids only)", () => {
    const lines = modelLines();
    // The last line answers the request with id "last": refused as a server of integer ids refuses it.
    const refused = [...lines.slice(0, -1), JSON.stringify({ jsonrpc: "2.0", id: "last", error: { code: -32600, message: "id must be an integer" } })];
    const stdio = judgeStdio({ stdout: stdout(refused), stderr: "" });
    expect(stdio).toMatchObject({ status: "fail", chargedTo: "t2_tool_errors" });
    const envelopeFailed = chargeLiveToRules([check("t2_tool_errors", "behaviour", "pass"), check("t2_envelope", "behaviour", "fail"), stdio])!;
    expect(envelopeFailed[2]).toMatchObject({ chargedTo: "t2_envelope", message: expect.stringContaining("Its id is a string") });
    const envelopePassed = chargeLiveToRules([check("t2_tool_errors", "behaviour", "pass"), check("t2_envelope", "behaviour", "pass"), stdio])!;
    expect(envelopePassed[2]!.chargedTo).toBeUndefined();
    // An integer id's line is its rule's, whatever the envelope did.
    const ungated = judgeStdio({ stdout: stdout([JSON.stringify({ jsonrpc: "2.0", id: 0, result: { tools: [] } }), ...lines.slice(1)]), stderr: "" });
    expect(chargeLiveToRules([check("t2_handshake", "behaviour", "pass"), check("t2_envelope", "behaviour", "fail"), ungated])![2]!.chargedTo).toBeUndefined();
  });

  it("keeps an SDK step marked with t2_envelope (a response under an id never sent) where t2_envelope failed", () => {
    const sdk: CheckResult = { ...check("t2_sdk_unknown", "interop", "fail"), chargedTo: "t2_envelope" };
    expect(chargeLiveToRules([check("t2_envelope", "behaviour", "fail"), sdk])![1]!.chargedTo).toBe("t2_envelope");
    expect(chargeLiveToRules([check("t2_envelope", "behaviour", "pass"), sdk])![1]!.chargedTo).toBeUndefined();
  });

  it("costs one point when handle printed on stdout, which is what broke the session's lines (helper 43: it cost 2)", () => {
    const lost = (checks: CheckResult[]): number => { const s = scoreTask({ checks }, pack.score); return s.maxScore - s.score; };
    const printed = judgeStdio({ stdout: stdout(["handling initialize", ...modelLines()]), stderr: "" });
    expect(printed.status).toBe("fail");
    // Every evidence line of task 2 right: a task of one line could not lose two points.
    const lines = pack.evidence.filter((l) => l.task === "task2").map((l) => check(l.key, "evidence", "pass"));
    expect(lost([...lines, check("t2_no_stdout", "output", "fail"), printed])).toBe(1);
    expect(lost([...lines, check("t2_no_stdout", "output", "pass"), printed])).toBe(1);
  });
});
