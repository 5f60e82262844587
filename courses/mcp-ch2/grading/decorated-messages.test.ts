import { describe, expect, it } from "vitest";
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { chargeDecoratedMessages } from "./decorated-messages.js";

const answer = (text: string): string => JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }], isError: true } });
const line = (actual: string): CheckResult => ({ name: "t2_id5_text", kind: "evidence", title: "", status: "fail", expected: "service must be one of: api, worker, billing", actual });
const rule = (expected: string, actual: string): CheckResult => ({ name: "t2_missing_field", kind: "behaviour", title: "", status: "fail", expected: `${answer(expected)} (these messages in any order, joined with "; ")`, actual: answer(actual) });
const judged = (l: CheckResult, r: CheckResult): TaskJudgement => ({ checks: [l], evidence: {}, extra: [r] }) as unknown as TaskJudgement;
const FAMILIES = new Set(["t2_missing_field"]);

describe("rule 5's messages written with more around them: the enum line's one slip", () => {
  it("charges a rule whose every message is there, decorated as the line's is", () => {
    const j = judged(line("Invalid argument: service must be one of: api, worker, billing"), rule("missing required field: query", "Invalid argument: missing required field: query"));
    chargeDecoratedMessages(j, FAMILIES);
    expect(j.extra![0]!.chargedTo).toBe("t2_id5_text");
  });

  it("leaves a rule's message in other words, and any rule when the line's own message is in other words", () => {
    const own = judged(line("Invalid argument: service must be one of: api, worker, billing"), rule("missing required field: query", "query must be of type string"));
    chargeDecoratedMessages(own, FAMILIES);
    expect(own.extra![0]!.chargedTo).toBeUndefined();
    const words = judged(line("service must be of type string"), rule("missing required field: query", "x missing required field: query"));
    chargeDecoratedMessages(words, FAMILIES);
    expect(words.extra![0]!.chargedTo).toBeUndefined();
  });
});
