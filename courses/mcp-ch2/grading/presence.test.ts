import { describe, expect, it } from "vitest";
import type { TaskJudgement } from "../../../src/pack/types.js";
import type { CheckResult } from "../../../src/report/types.js";
import { chargeNullsToPresence } from "./presence.js";

const text = (t: string): string => JSON.stringify({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: t }], isError: true } });
const fail = (name: string, actual: string): CheckResult => ({ name, kind: "behaviour", title: name, status: "fail", actual, message: "m" });

function judged(emptyAnswer: string): TaskJudgement {
  return { checks: [], evidence: {}, extra: [fail("t2_empty_query", text(emptyAnswer)), fail("t2_null_required", text("missing required field: query; query must be of type string"))] } as unknown as TaskJudgement;
}

describe("a presence test by truthiness: the empty query and null values, one slip", () => {
  it("charges the null values to the empty query when the empty query is called missing", () => {
    const j = judged("missing required field: query");
    chargeNullsToPresence(j);
    expect(j.extra!.map((c) => c.chargedTo)).toEqual([undefined, "t2_empty_query"]);
  });

  it("leaves them apart when the empty query is refused by a rule of its own", () => {
    const j = judged("query must not be empty");
    chargeNullsToPresence(j);
    expect(j.extra!.map((c) => c.chargedTo)).toEqual([undefined, undefined]);
  });
});
