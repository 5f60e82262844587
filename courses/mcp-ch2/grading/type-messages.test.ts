import { describe, expect, it } from "vitest";
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { chargeTypeMessages } from "./type-messages.js";

const answer = (text: string, isError: boolean): string => JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text }], isError } });
const fail = (name: string, actual: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", actual, message: "m" });
const judged = (string: string, integer: string): TaskJudgement =>
  ({ checks: [], evidence: {}, extra: [fail("t2_string_type", string), fail("t2_integer_type", integer)] }) as unknown as TaskJudgement;

describe("the type message, one slip; each type left unchecked, a point", () => {
  it("charges the integer's check to the string's when both name a wrong type", () => {
    const j = judged(answer("query must be of type number", true), answer("limit must be of type number", true));
    chargeTypeMessages(j);
    expect(j.extra!.map((c) => c.chargedTo)).toEqual([undefined, "t2_string_type"]);
  });

  it("leaves both when either lets the value through", () => {
    for (const j of [judged(answer("found 3 lines for 5 in api", false), answer("found 3 lines for x in api", false)), judged(answer("query must be of type number", true), answer("found 3 lines for x in api", false))]) {
      chargeTypeMessages(j);
      expect(j.extra!.map((c) => c.chargedTo)).toEqual([undefined, undefined]);
    }
  });
});
